/**
 * GET /pobs/ and GET /pobs/{id}/: the locale's shops with their live queue, answered from kept bytes
 * (live/shop-cache.ts) with an ETag (304 when unchanged); GET /pobs/{id}/events/ streams the detail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { PobScope } from '../domain/shops.ts';
import { answerCache, cachedPob, cachedPobs, type AnswerCache } from '../live/shop-cache.ts';
import { notFound } from '../lib/http-error.ts';
import { catalogueLanguage, parseId, wantsDev } from '../input/params.ts';
import { sendAnswer } from '../live/http-answer.ts';
import { serializerOf, type Streams } from '../live/streams.ts';
import { pobEventsSchema } from './schemas/events.ts';
import { pobListSchema, pobSchema } from './schemas/public.ts';

/** The scope of a public shop read: the locale's country, test shops in development, the catalogue language. */
export function pobScope(req: FastifyRequest, deps: Deps): PobScope {
  // Served locales are countries of the same code (FI, EE, NO, DK, SE).
  return { country: req.locale, includeTest: wantsDev(req, deps.config), now: deps.now(), lang: catalogueLanguage(req) };
}

export function pobRoutes(
  app: FastifyInstance,
  deps: Deps,
  live: Streams,
  cache: AnswerCache = answerCache(deps.changes, deps.now, { maxAgeMs: deps.config.pobCacheMs }),
) {
  app.get('/pobs/', { schema: pobListSchema }, async (req, reply) =>
    sendAnswer(req, reply, await cachedPobs(deps, cache, pobScope(req, deps), (v) => reply.serialize(v) as string)),
  );

  app.get<{ Params: { id: string } }>('/pobs/:id/', { schema: pobSchema }, async (req, reply) => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const answer = await cachedPob(deps, cache, id, pobScope(req, deps), (v) => reply.serialize(v) as string);
    if (!answer) throw notFound();
    return sendAnswer(req, reply, answer);
  });

  // The detail as it changes: the same kept answer, written to every client of the shop at once.
  const pobSerializer = serializerOf(pobSchema.response[200]);
  app.get<{ Params: { id: string } }>('/pobs/:id/events/', { schema: pobEventsSchema }, async (req, reply) => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const scope = pobScope(req, deps);
    const serialize = pobSerializer(reply);
    await live.open(req, reply, {
      key: `pob:${scope.country}:${id}:${scope.includeTest}:${scope.lang}`,
      event: 'pob',
      shopId: id,
      load: async () => {
        const answer = await cachedPob(deps, cache, id, { ...scope, now: deps.now() }, serialize);
        if (!answer) throw notFound();
        return answer;
      },
    });
  });
  return cache;
}

/** GET /pobs/ and GET /pobs/{id}/ (SPEC.md §7): the locale's shops with their live queue. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { PobScope } from '../domain/pobs.ts';
import { cachedPob, cachedPobs, pobCache } from '../domain/pob-cache.ts';
import { notFound } from '../errors.ts';
import { catalogueLanguage, parseId, wantsDev } from '../input/params.ts';
import { pobListSchema, pobSchema } from './schemas/public.ts';

/**
 * A cached answer (the same object while the shop cache holds it) serialized once by the route's schema: 200
 * phones polling the list then cost no serialization each, and the compression (routes/compress.ts) finds the
 * very same string among its kept answers without hashing 9 KB anew (issue 17 item 5: the main thread's time
 * per read is what every other request waits behind).
 */
const serialized = new WeakMap<object, string>();
function sendOnce(reply: FastifyReply, answer: object): string {
  let json = serialized.get(answer);
  if (json === undefined) {
    json = reply.serialize(answer) as string; // schema serializers give strings
    serialized.set(answer, json);
  }
  reply.type('application/json; charset=utf-8');
  return json;
}

export function pobRoutes(app: FastifyInstance, deps: Deps, cache = pobCache(deps.config.pobCacheMs)) {
  // Served locales are countries of the same code (FI, EE, NO, DK, SE).
  const scope = (req: FastifyRequest): PobScope => ({
    country: req.locale,
    includeTest: wantsDev(req, deps.config),
    now: deps.now(),
    lang: catalogueLanguage(req),
  });

  // The answers are WirePob[] and WirePobDetail, sent as their JSON (sendOnce).
  app.get('/pobs/', { schema: pobListSchema }, async (req, reply): Promise<string> => sendOnce(reply, await cachedPobs(deps, cache, scope(req))));

  app.get<{ Params: { id: string } }>('/pobs/:id/', { schema: pobSchema }, async (req, reply): Promise<string> => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const pob = await cachedPob(deps, cache, id, scope(req));
    if (!pob) throw notFound();
    return sendOnce(reply, pob);
  });
}

/** GET /pobs/ and GET /pobs/{id}/ (SPEC.md §7): the locale's shops with their live queue. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import type { PobScope } from '../domain/pobs.ts';
import { cachedPob, cachedPobs, pobCache } from '../domain/pob-cache.ts';
import { notFound } from '../errors.ts';
import { catalogueLanguage, parseId, wantsDev } from '../input/params.ts';
import { pobListSchema, pobSchema } from './schemas/public.ts';

export function pobRoutes(app: FastifyInstance, deps: Deps, cache = pobCache(deps.config.pobCacheMs)) {
  // Served locales are countries of the same code (FI, EE, NO, DK, SE).
  const scope = (req: FastifyRequest): PobScope => ({
    country: req.locale,
    includeTest: wantsDev(req, deps.config),
    now: deps.now(),
    lang: catalogueLanguage(req),
  });

  app.get('/pobs/', { schema: pobListSchema }, async (req): Promise<WirePob[]> => cachedPobs(deps, cache, scope(req)));

  app.get<{ Params: { id: string } }>('/pobs/:id/', { schema: pobSchema }, async (req): Promise<WirePobDetail> => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const pob = await cachedPob(deps, cache, id, scope(req));
    if (!pob) throw notFound();
    return pob;
  });
}

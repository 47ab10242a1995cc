/** GET /pobs/ and GET /pobs/{id}/ (SPEC.md §7): the locale's shops with their live queue. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { getPob, listPobs, type PobScope } from '../domain/pobs.ts';
import { countryVersion, pobCache, shopVersion } from '../domain/pob-cache.ts';
import { notFound } from '../errors.ts';
import { parseId, wantsDev } from './params.ts';
import { pobListSchema, pobSchema } from './schemas/public.ts';

export function pobRoutes(app: FastifyInstance, deps: Deps, cache = pobCache(deps.config.pobCacheMs)) {
  // Served locales are countries of the same code (FI, EE, NO, DK, SE).
  const scope = (req: FastifyRequest): PobScope => ({ country: req.locale, includeTest: wantsDev(req, deps.config), now: deps.now() });

  app.get('/pobs/', { schema: pobListSchema }, async (req): Promise<WirePob[]> => {
    const s = scope(req);
    const version = await countryVersion(deps.db, s.country);
    return cache.get(`list:${s.country}:${s.includeTest}`, version, s.now, () => listPobs(deps.db, s));
  });

  app.get<{ Params: { id: string } }>('/pobs/:id/', { schema: pobSchema }, async (req): Promise<WirePobDetail> => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const s = scope(req);
    const version = await shopVersion(deps.db, id);
    const pob = await cache.get(`shop:${s.country}:${id}:${s.includeTest}`, version, s.now, () => getPob(deps.db, id, s));
    if (!pob) throw notFound();
    return pob;
  });
}

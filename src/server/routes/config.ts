/** GET /config.json (runtime configuration) and GET /locate/ (country for locale detection). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALES, SERVED_LOCALES } from '../../shared/locales.ts';
import { BONUS_LOCALES, TEASER_LOCALES } from '../../shared/constants.ts';
import type { WireConfig } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { configSchema, locateSchema } from './schemas/public.ts';

/** Country from a trusted proxy header, else the region of the first Accept-Language tag that has one. */
export function countryOf(req: Pick<FastifyRequest, 'headers'>, countryHeader: string | null): string | null {
  if (countryHeader) {
    const value = req.headers[countryHeader];
    const c = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    if (c && /^[A-Z]{2}$/.test(c)) return c;
  }
  const accept = String(req.headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const m = /^\s*[a-zA-Z]{2,3}-([a-zA-Z]{2})\b/.exec(part);
    if (m) return m[1].toUpperCase();
  }
  return null;
}

/** The runtime configuration clients read (GET /config.json; rendered pages carry it too). */
export function wireConfig(config: Deps['config']): WireConfig {
  return {
    apiBases: Object.fromEntries(SERVED_LOCALES.map((l) => [l, `/api/${LOCALES[l].apiSegment}`])),
    mapsKey: config.mapsKey,
    firebase: config.firebase,
    vapidKey: config.vapidKey,
    allowedLanguages: [...config.allowedLanguages],
    bonusLocales: [...BONUS_LOCALES],
    teaserLocales: [...TEASER_LOCALES],
    development: config.development,
    clientEventsPerMinute: config.clientEventsPerMinute,
    devRenames: config.devRenames,
  };
}

export function configRoutes(app: FastifyInstance, { config }: Deps) {
  const body = wireConfig(config);
  app.get('/config.json', { schema: configSchema }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
  const locate = async (req: FastifyRequest) => ({ country: countryOf(req, config.countryHeader) });
  app.get('/locate/', { schema: locateSchema }, locate);
  app.get('/api/:locale/locate/', { schema: locateSchema }, locate);
}

/** GET /config.json (runtime configuration) and GET /locate/ (country for locale detection). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { countryOf } from '../input/country.ts';
import { wireConfig } from '../http/client-config.ts';
import { configSchema, locateSchema } from './schemas/public.ts';

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

/** GET /sms-stop/{token}: the signed link every alert SMS ends with (notify/sms-stop.ts). Outside /api/: it is short. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { stopBySignedLink } from '../notify/sms-stop.ts';
import { smsStopSchema } from './schemas/public.ts';

export function smsStopRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/sms-stop/:token',
    { schema: smsStopSchema },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return stopBySignedLink(deps, req.params.token, req.query.lang);
    },
  );
}

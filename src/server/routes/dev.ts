/**
 * GET /dev/sms-outbox (and /api/:locale/dev/sms-outbox): the SMS the `log` provider kept, newest first,
 * optionally only those to `?to=`. Development mode only; elsewhere the route does not exist (404).
 */
import type { FastifyInstance } from 'fastify';
import { toInternationalPhone } from '../auth/rules.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/http-error.ts';
import { outboxSchema } from './schemas/public.ts';

export function devRoutes(app: FastifyInstance, deps: Deps, path = '/dev/sms-outbox') {
  app.get<{ Querystring: { to?: string } }>(path, { schema: outboxSchema }, async (req, reply) => {
    const outbox = deps.config.development ? deps.sms.outbox() : null;
    if (!outbox) throw notFound();
    // A '+' in a query string arrives as a space when the caller did not encode it.
    const to = req.query.to ? toInternationalPhone(req.query.to.replace(/^ /, '+')) : null;
    reply.header('cache-control', 'no-store');
    return to ? outbox.filter((m) => m.to === to) : outbox;
  });
}

/** POST /client-events/: the customer app's error reports and analytics events; rules in domain/client-events.ts. */
import type { FastifyInstance } from 'fastify';
import type { WireClientEvents } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { receiveClientEvents } from '../domain/client-events.ts';
import { addressOf } from '../input/body.ts';
import { clientEventsSchema } from './schemas/client-events.ts';

export function clientEventRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Body: WireClientEvents }>(
    '/client-events/',
    { schema: clientEventsSchema(deps.config.clientEventsPerMinute) },
    async (req, reply) => {
      // The schema has checked every field: the body is a WireClientEvents.
      const stored = await receiveClientEvents(deps, req.body, { locale: req.locale, address: addressOf(req) });
      return reply.status(202).send({ stored });
    },
  );
}

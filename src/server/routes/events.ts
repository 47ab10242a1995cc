/**
 * The live routes (DESIGN.md §1 "Live updates", CONTRACTS.md "Streams and tickets"): the customer's order stream
 * and the operator's queue stream (server/streams.ts), and the tickets that open them (the shop's public stream
 * is with the shop routes, pobs.ts).
 * A stream's data is the matching GET's answer written by that GET's own serializer (its response schema).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.ts';
import { signTicket, TICKET_TTL_S, verifyTicket, type TicketFor } from '../auth/tickets.ts';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { parseId } from '../input/params.ts';
import { authorizeShop, operatorQueue } from '../queue/operator.ts';
import { deviceActive } from '../repos/operators.ts';
import { followedOrder } from '../queue/follow.ts';
import { ownOrder } from '../queue/orders.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { orderEventsSchema, orderTicketSchema, queueEventsSchema, queueTicketSchema } from './schemas/events.ts';
import { operatorQueueSchema, orderSchema } from './schemas/orders.ts';
import { serializerOf, type Streams } from '../streams.ts';

type IdParams = { Params: { id: string } };
type OrderParams = { Params: { id: string; orderId: string } };

/** The ticket of the query, checked: 401 without one or with an invalid or expired one. */
async function ticketOf(deps: Deps, req: FastifyRequest): Promise<TicketFor> {
  const raw = (req.query as Record<string, unknown> | undefined)?.ticket;
  if (typeof raw !== 'string' || !raw) throw unauthorized(WIRE_ERRORS.missingTicket);
  const t = await verifyTicket(deps.keys, raw, deps.now());
  if (t === null || t === 'expired') throw unauthorized(WIRE_ERRORS.invalidTicket);
  return t;
}

export function eventRoutes(app: FastifyInstance, deps: Deps, live: Streams) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  const orderSerializer = serializerOf(orderSchema.response[200]);
  const queueSerializer = serializerOf(operatorQueueSchema.response[200]);

  app.post<OrderParams>('/customers/:id/orders/:orderId/events/ticket/', { preValidation: requireCustomer(deps), schema: orderTicketSchema }, async (req) => {
    const order = await ownOrder(deps.db, req.customerId!, parseId(req.params.orderId));
    return { ticket: await signTicket(deps.keys, { kind: 'order', customerId: req.customerId!, orderId: order.id }, deps.now()), expires_in: TICKET_TTL_S };
  });

  app.get<OrderParams>('/customers/:id/orders/:orderId/events/', { schema: orderEventsSchema }, async (req, reply) => {
    const customerId = parseId(req.params.id);
    const orderId = parseId(req.params.orderId);
    const t = await ticketOf(deps, req);
    // Another customer's (or another order's) ticket: refused whatever exists.
    if (t.kind !== 'order' || t.customerId !== customerId || t.orderId !== orderId) throw forbidden('Forbidden');
    const order = await ownOrder(deps.db, t.customerId, t.orderId);
    const serialize = orderSerializer(reply);
    await live.open(req, reply, {
      key: `order:${order.id}`,
      event: 'order',
      shopId: order.shopId,
      load: async () => {
        const { order: value, version } = await followedOrder(deps, t.customerId, t.orderId, order.shopId);
        return { json: serialize(value), version };
      },
    });
  });

  app.post<IdParams>('/operator/pobs/:id/events/ticket/', { schema: queueTicketSchema }, async (req) => {
    const id = parseId(req.params.id);
    const who = await authorizeShop(deps.db, bearerOf(req.headers.authorization), id ?? 0);
    return { ticket: await signTicket(deps.keys, { kind: 'queue', shopId: id!, deviceId: who.deviceId }, deps.now()), expires_in: TICKET_TTL_S };
  });

  app.get<IdParams>('/operator/pobs/:id/events/', { schema: queueEventsSchema }, async (req, reply) => {
    const id = parseId(req.params.id);
    const t = await ticketOf(deps, req);
    if (t.kind !== 'queue' || t.shopId !== id) throw forbidden('Forbidden');
    // A device's ticket dies with the device: revoked since it was handed out, it opens nothing.
    if (t.deviceId !== null && !(await deviceActive(deps.db, t.deviceId))) throw unauthorized(WIRE_ERRORS.invalidTicket);
    const serialize = queueSerializer(reply);
    await live.open(
      req,
      reply,
      {
        key: `queue:${id}`,
        event: 'queue',
        shopId: id,
        load: async () => {
          const queue = await operatorQueue(deps, id);
          return { json: serialize(queue), version: queue.pob.queue_version };
        },
      },
      { deviceId: t.deviceId },
    );
  });
}

/**
 * The live routes (DESIGN.md §1 "Live updates", CONTRACTS.md "Streams and tickets"): a shop's public stream, the
 * customer's order stream and the operator's queue stream (streams.ts), and the tickets that open the last two.
 * A stream's data is the matching GET's answer written by that GET's own serializer (its response schema).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.ts';
import { signTicket, TICKET_TTL_S, verifyTicket, type TicketFor } from '../auth/tickets.ts';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { cachedPob, type AnswerCache, type Serialize } from '../domain/pob-cache.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { parseId } from '../input/params.ts';
import { authorizeShop, operatorQueue } from '../queue/operator.ts';
import { customerOrder, ownOrder } from '../queue/orders.ts';
import { shopVersion } from '../repos/versions.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { pobScope } from './pobs.ts';
import { orderEventsSchema, orderTicketSchema, pobEventsSchema, queueEventsSchema, queueTicketSchema } from './schemas/events.ts';
import { pobSchema } from './schemas/public.ts';
import { operatorQueueSchema, orderSchema } from './schemas/orders.ts';
import type { Streams } from './streams.ts';

type IdParams = { Params: { id: string } };
type OrderParams = { Params: { id: string; orderId: string } };

/** The serializer of a GET's answer schema, compiled once through the app's own compiler (shared schemas included). */
function serializerOf(schema: Record<string, unknown>): (reply: FastifyReply) => Serialize {
  let fn: Serialize | null = null;
  return (reply) => {
    fn ??= reply.compileSerializationSchema(schema, '200') as Serialize;
    return fn;
  };
}

/** The ticket of the query, checked: 401 without one or with an invalid or expired one. */
async function ticketOf(deps: Deps, req: FastifyRequest): Promise<TicketFor> {
  const raw = (req.query as Record<string, unknown> | undefined)?.ticket;
  if (typeof raw !== 'string' || !raw) throw unauthorized(WIRE_ERRORS.missingTicket);
  const t = await verifyTicket(deps.keys, raw, deps.now());
  if (t === null || t === 'expired') throw unauthorized(WIRE_ERRORS.invalidTicket);
  return t;
}

export function eventRoutes(app: FastifyInstance, deps: Deps, cache: AnswerCache, live: Streams) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  const pobSerializer = serializerOf(pobSchema.response[200]);
  const orderSerializer = serializerOf(orderSchema.response[200]);
  const queueSerializer = serializerOf(operatorQueueSchema.response[200]);

  app.get<IdParams>('/pobs/:id/events/', { schema: pobEventsSchema }, async (req, reply) => {
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
        const version = await shopVersion(deps.db, order.shopId);
        return { json: serialize(await customerOrder(deps, t.customerId, t.orderId)), version };
      },
    });
  });

  app.post<IdParams>('/operator/pobs/:id/events/ticket/', { schema: queueTicketSchema }, async (req) => {
    const id = parseId(req.params.id);
    await authorizeShop(deps.db, bearerOf(req.headers.authorization), id ?? 0);
    return { ticket: await signTicket(deps.keys, { kind: 'queue', shopId: id! }, deps.now()), expires_in: TICKET_TTL_S };
  });

  app.get<IdParams>('/operator/pobs/:id/events/', { schema: queueEventsSchema }, async (req, reply) => {
    const id = parseId(req.params.id);
    const t = await ticketOf(deps, req);
    if (t.kind !== 'queue' || t.shopId !== id) throw forbidden('Forbidden');
    const serialize = queueSerializer(reply);
    await live.open(req, reply, {
      key: `queue:${id}`,
      event: 'queue',
      shopId: id,
      load: async () => {
        const queue = await operatorQueue(deps, id);
        return { json: serialize(queue), version: queue.pob.queue_version };
      },
    });
  });
}

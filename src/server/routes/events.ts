/**
 * The live routes (docs/architecture.md, "Live updates across processes"): the customer's order stream and the
 * operator's queue stream (server/streams.ts), and the tickets that open them (the shop's public stream is with
 * the shop routes, pobs.ts). A stream's data is the matching GET's answer written by that GET's own serializer
 * (its response schema).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.ts';
import { signTicket, TICKET_TTL_S, verifyTicket, type TicketFor } from '../auth/tickets.ts';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { parseId, readerLanguage } from '../input/params.ts';
import { answerLanguage } from '../domain/customers.ts';
import { operatorQueue } from '../operator/queue-view.ts';
import { authorizeOwner, authorizeShop } from '../operator/keys.ts';
import { chainFeed } from '../live/chain-feed.ts';
import { isDeviceActive } from '../operator/devices.ts';
import { cachedOrder } from '../live/order-cache.ts';
import type { AnswerCache } from '../live/shop-cache.ts';
import { ownOrder } from '../queue/orders.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import {
  chainEventsSchema,
  chainTicketSchema,
  orderEventsSchema,
  orderTicketSchema,
  queueEventsSchema,
  queueTicketSchema,
} from './schemas/events.ts';
import { operatorQueueSchema, orderSchema } from './schemas/orders.ts';
import { chainRowsSchema, chainSchema } from './schemas/operator.ts';
import { serializerOf, type Streams } from '../live/streams.ts';

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

/** `orders`: the kept order reads (live/order-cache.ts) the customer's GET shares. */
export function eventRoutes(app: FastifyInstance, deps: Deps, live: Streams, orders: AnswerCache) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  const orderSerializer = serializerOf(orderSchema.response[200]);
  const queueSerializer = serializerOf(operatorQueueSchema.response[200]);
  const chainSerializer = serializerOf(chainSchema.response[200]);
  const rowsSerializer = serializerOf(chainRowsSchema);

  app.post<OrderParams>(
    '/customers/:id/orders/:orderId/events/ticket/',
    { preValidation: requireCustomer(deps), schema: orderTicketSchema },
    async (req) => {
      const order = await ownOrder(deps.db, req.customerId!, parseId(req.params.orderId));
      return {
        ticket: await signTicket(deps.keys, { kind: 'order', customerId: req.customerId!, orderId: order.id }, deps.now()),
        expires_in: TICKET_TTL_S,
      };
    },
  );

  app.get<OrderParams>('/customers/:id/orders/:orderId/events/', { schema: orderEventsSchema }, async (req, reply) => {
    const customerId = parseId(req.params.id);
    const orderId = parseId(req.params.orderId);
    const t = await ticketOf(deps, req);
    // Another customer's (or another order's) ticket: refused whatever exists.
    if (t.kind !== 'order' || t.customerId !== customerId || t.orderId !== orderId) throw forbidden('Forbidden');
    const serialize = orderSerializer(reply);
    // The ticket was signed for this customer and order: his account is not looked up again. The read that finds
    // the order's shop is the one the stream's first frame is made of (kept, the GET's bytes).
    // Without ?lang=: the profile's language, else the locale's (read once, as the stream opens).
    const lang = readerLanguage(req) ?? (await answerLanguage(deps, t.customerId, req.locale, null));
    const read = () => cachedOrder(deps, orders, t.customerId, t.orderId, serialize, 'trusted', lang);
    const { shopId } = await read();
    await live.open(req, reply, {
      key: `order:${t.orderId}:${lang}`,
      event: 'order',
      shopId,
      load: async () => {
        const { json, version } = await read();
        return { json, version };
      },
    });
  });

  app.post<IdParams>('/operator/pobs/:id/events/ticket/', { schema: queueTicketSchema }, async (req) => {
    const id = parseId(req.params.id);
    const who = await authorizeShop(deps.db, bearerOf(req.headers.authorization), id ?? 0);
    return {
      ticket: await signTicket(deps.keys, { kind: 'queue', shopId: id!, deviceId: who.deviceId }, deps.now()),
      expires_in: TICKET_TTL_S,
    };
  });

  app.get<IdParams>('/operator/pobs/:id/events/', { schema: queueEventsSchema }, async (req, reply) => {
    const id = parseId(req.params.id);
    const t = await ticketOf(deps, req);
    if (t.kind !== 'queue' || t.shopId !== id) throw forbidden('Forbidden');
    // A device's ticket dies with the device: revoked since it was handed out, it opens nothing.
    if (t.deviceId !== null && !(await isDeviceActive(deps, t.deviceId))) throw unauthorized(WIRE_ERRORS.invalidTicket);
    const serialize = queueSerializer(reply);
    const lang = readerLanguage(req);
    await live.open(
      req,
      reply,
      {
        key: `queue:${id}:${lang ?? ''}`,
        event: 'queue',
        shopId: id,
        load: async () => {
          const queue = await operatorQueue(deps, id, lang);
          return { json: serialize(queue), version: queue.pob.queue_version };
        },
      },
      { deviceId: t.deviceId },
    );
  });

  app.post('/operator/chain/events/ticket/', { schema: chainTicketSchema }, async (req) => {
    const who = await authorizeOwner(deps.db, bearerOf(req.headers.authorization), deps.now());
    return { ticket: await signTicket(deps.keys, { kind: 'chain', deviceId: who.deviceId! }, deps.now()), expires_in: TICKET_TTL_S };
  });

  // Every shop's change moves it (topic shopId null). The rows are kept per shop in a feed shared by every owner's
  // stream of the process (live/chain-feed.ts): a stream opens with the whole chain, then gets the changed rows
  // only. The feed lives as long as its topic: the topic's first stream brings it (a stream joining an open topic
  // brings one that is never read), so nothing heard while nobody followed the chain is missed.
  app.get('/operator/chain/events/', { schema: chainEventsSchema }, async (req, reply) => {
    const t = await ticketOf(deps, req);
    if (t.kind !== 'chain') throw forbidden('Forbidden');
    if (!(await isDeviceActive(deps, t.deviceId))) throw unauthorized(WIRE_ERRORS.invalidTicket);
    const serializeWhole = chainSerializer(reply);
    const serializeRows = rowsSerializer(reply);
    const feed = chainFeed(deps);
    let whole: { json: string; version: number } | null = null;
    await live.open(
      req,
      reply,
      {
        key: 'chain',
        event: 'chain',
        shopId: null,
        changes: {
          event: 'chain-rows',
          changed: feed.changed,
          clock: feed.clock,
          read: async () => {
            const { delta, more } = await feed.read();
            return { json: delta && serializeRows(delta), version: feed.version, more };
          },
          // Serialized once per version, for every stream that opens at it.
          whole: () => {
            if (whole?.version === feed.version) return whole;
            const now = feed.whole();
            whole = now && { json: serializeWhole(now.chain), version: now.version };
            return whole;
          },
        },
      },
      { deviceId: t.deviceId },
    );
  });
}

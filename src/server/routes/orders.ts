/**
 * The customer's orders: POST /customers/{id}/orders/, GET and PATCH /customers/{id}/orders/{orderId}/, and
 * POST /customers/{id}/orders/{orderId}/move/ (to another shop of the chain, queue/move.ts), and POST
 * /customers/{id}/quote/ (what a join would be told, live/quote.ts).
 * requireCustomer first (401 without a valid token, 403 for another customer's id); the body is checked by
 * input/orders.ts, everything that needs the database (shop, services, extras, barber, timeslot) in queue/orders.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/locales.ts';
import { requireCustomer, requireCustomerToken } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { bodyOf } from '../input/body.ts';
import { idempotencyOf, parseJoin, parseMove, parsePatch } from '../input/orders.ts';
import { parseId, readerLanguage } from '../input/params.ts';
import { joinQueue, patchOrder } from '../queue/orders.ts';
import { moveOrder } from '../queue/move.ts';
import { answerLanguage } from '../domain/customers.ts';
import { cachedOrder } from '../live/order-cache.ts';
import { cachedQuote } from '../live/quote.ts';
import type { AnswerCache } from '../live/shop-cache.ts';
import { sendAnswer } from '../live/http-answer.ts';
import { joinSchema, moveSchema, orderPatchSchema, orderSchema, quoteSchema } from './schemas/orders.ts';

type OrderParams = { Params: { id: string; orderId: string } };

/** The language the answer names the services in: ?lang=, else the customer's profile language, else the locale's. */
const languageOf = (deps: Deps, req: FastifyRequest): Language | Promise<Language> =>
  readerLanguage(req) ?? answerLanguage(deps, req.customerId!, req.locale, null);

/** `orders`: the kept order reads (live/order-cache.ts), shared with the order stream. */
export function orderRoutes(app: FastifyInstance, deps: Deps, orders: AnswerCache) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  // Before validation: a caller without the right token gets its 401/403 whatever it sends.
  const guard = { preValidation: requireCustomer(deps) };

  app.post('/customers/:id/orders/', { ...guard, schema: joinSchema }, async (req, reply) => {
    const body = bodyOf(req);
    const input = parseJoin(body, deps.config.party.max);
    const idempotency = idempotencyOf(req.headers['idempotency-key'], body);
    // Without ?lang= the join takes the profile's language from the row it reads anyway (queue/orders.ts).
    const order = await joinQueue(deps, req.customerId!, { ...input, country: req.locale, idempotency, lang: readerLanguage(req) });
    return reply.status(201).send(order);
  });

  // Kept as bytes per order, language and queue version: the customer's own kept order answers without a query (a read
  // without ?lang= reads the profile's language first).
  app.get<OrderParams>(
    '/customers/:id/orders/:orderId/',
    { preValidation: requireCustomerToken(deps), schema: orderSchema },
    async (req, reply) => {
      const serialize = (v: unknown) => reply.serialize(v) as string;
      // Without ?lang=, the profile's language is read, and that read checks the account as 'check' would.
      const asked = readerLanguage(req);
      const lang = asked ?? (await answerLanguage(deps, req.customerId!, req.locale, null));
      const account = asked ? 'check' : 'trusted';
      const answer = await cachedOrder(deps, orders, req.customerId!, parseId(req.params.orderId), serialize, account, lang);
      return sendAnswer(req, reply, answer, 'private, no-cache');
    },
  );

  // The review's quote of exactly the join it will send (live/quote.ts): places nothing, kept per customer and
  // body until the shop's queue changes or the minute moves. The join's body and its 400s; the join's 404 and 409s.
  app.post('/customers/:id/quote/', { preValidation: requireCustomerToken(deps), schema: quoteSchema }, async (req, reply) => {
    const { pobId, barberId, choices, etaMinutes, companions } = parseJoin(bodyOf(req), deps.config.party.max);
    const input = { pobId, barberId, choices, etaMinutes, companions, country: req.locale };
    const answer = await cachedQuote(deps, orders, req.customerId!, input, (v) => reply.serialize(v) as string);
    return sendAnswer(req, reply, answer, 'private, no-cache');
  });

  app.patch<OrderParams>('/customers/:id/orders/:orderId/', { ...guard, schema: orderPatchSchema }, async (req) => {
    const orderId = parseId(req.params.orderId);
    return patchOrder(deps, req.customerId!, orderId, parsePatch(bodyOf(req)), await languageOf(deps, req));
  });

  app.post<OrderParams>('/customers/:id/orders/:orderId/move/', { ...guard, schema: moveSchema }, async (req, reply) => {
    const input = parseMove(bodyOf(req));
    const order = await moveOrder(deps, req.customerId!, parseId(req.params.orderId), {
      ...input,
      country: req.locale,
      lang: await languageOf(deps, req),
    });
    return reply.status(201).send(order);
  });
}

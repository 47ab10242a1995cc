/**
 * POST /customers/{id}/quote/ (docs/decisions.md, "One answer per person"): the review step's quote of exactly the
 * join it will send, placing nothing. Read like a shop's detail (shop-cache.ts): from the kept rows and the kept
 * menu, and the answer kept as bytes per customer and body until the shop's queue changes or the minute moves, so a
 * repeated quote runs no query. The customer's priority is read once per kept answer.
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { DEFAULT_LANGUAGE } from '../../shared/locales.ts';
import type { WireQuote } from '../../shared/wire-order.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { notFound } from '../lib/http-error.ts';
import { assertAccount } from '../auth/guard.ts';
import { iso } from '../lib/time.ts';
import type { Companion } from '../queue/party.ts';
import { type Choice, priceFrom, sumOf } from '../queue/place.ts';
import { customerPriority } from '../queue/priority.ts';
import { quoteJoin } from '../queue/quote.ts';
import { queueFromRows } from '../queue/snapshot.ts';
import { shopMenu, shopRows } from './kept-rows.ts';
import { type Answer, type AnswerCache, makeAnswer, type Serialize } from './shop-cache.ts';

export interface QuoteRequest {
  pobId: number;
  barberId: number | null;
  choices: Choice[];
  etaMinutes: number | null;
  companions: readonly Companion[];
  /** The request's locale: a shop of another country is not found. */
  country: string;
}

/** The quote as its route writes it, kept as bytes (null never: a shop not found is the 404). */
export async function cachedQuote(
  deps: Deps,
  cache: AnswerCache,
  customerId: number,
  input: QuoteRequest,
  serialize: Serialize,
): Promise<Answer> {
  const key = `quote:${customerId}:${createHash('sha1').update(JSON.stringify(input)).digest('base64url')}`;
  const answer = await cache.get(key, { shopId: input.pobId }, async () => {
    // The account is looked up once per kept answer (deleting an account drops every kept answer).
    await assertAccount(deps, customerId);
    const { quote, version } = await quoteOf(deps, customerId, input);
    return makeAnswer(serialize(quote), version);
  });
  return answer!;
}

/** The quote computed: the kept rows at now, the kept menu, the customer's priority read now. */
export async function quoteOf(deps: Deps, customerId: number, input: QuoteRequest): Promise<{ quote: WireQuote; version: number }> {
  const now = deps.now();
  const kept = await shopRows(deps, input.pobId);
  const development = deps.config.development;
  if (!kept || kept.shop.country !== input.country || (kept.shop.isTest && !development)) throw notFound(WIRE_ERRORS.shopNotFound);
  // The kept menu in the default language: prices and minutes are the same in every one.
  const menu = await shopMenu(deps, input.pobId, DEFAULT_LANGUAGE);
  // Priced as the join prices (the same errors, in the same order: the customer's items, then each companion's).
  const priced = [input.choices, ...input.companions.map((c) => c.choices)].map((choices) =>
    sumOf(priceFrom(menu.services, menu.extras, choices)),
  );
  const priority = await customerPriority(deps.db, customerId, now);
  const barbers = [input.barberId, ...input.companions.map((c) => c.barberId)];
  const q = await quoteJoin(queueFromRows(kept.shop, kept.rows, now), now, {
    shop: kept.shop,
    people: priced.map((p, i) => ({ barberId: barbers[i], duration: p.duration })),
    priority,
    etaMinutes: input.etaMinutes,
    development,
  });
  const head = q.people[0];
  return {
    version: kept.version,
    quote: {
      pob_id: kept.shop.id,
      priority,
      queue: head.wait,
      queue_low: head.low,
      queue_high: head.high,
      ahead: q.ahead,
      expected_at: iso(q.expectedAt),
      leave_by: iso(q.leaveBy),
      barber_id: head.barberId,
      price: priced[0].price,
      duration: priced[0].duration,
      party: q.people.map((p, person) => ({ person, queue: p.wait, queue_low: p.low, queue_high: p.high })),
      party_done: q.done?.done ?? null,
      party_done_low: q.done?.low ?? null,
      party_done_high: q.done?.high ?? null,
      queue_version: kept.version,
      quoted_at: iso(now)!,
    },
  };
}

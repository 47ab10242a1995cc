/**
 * A quote (docs/decisions.md, "One answer per person"): what a join of exactly these people would be told, placing
 * nothing. It takes the join's own steps on the queue as it is (queue/place.ts: the same checks, the guard as it
 * would pin, fits() for each person after the one before, companions with priority 0 and his arrival) and reads
 * the answer as the join's view does (order-read.ts waitOf, party-wire.ts partyDone): the schedule with everyone
 * in it. So the join, run on the same queue at the same minute, answers the same wait and window. Pure.
 */
import { conflict } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { fits } from './engine/schedule.ts';
import type { EngineOrder } from './engine/types.ts';
import { checkPlacement, guarded, insertAt, proposalOf } from './place.ts';
import { readyAt } from './engine/floor.ts';
import { arrivalPlan } from './engine/leave.ts';
import { inOrderOfService } from './service-order.ts';
import { scheduleOf, type ShopQueue } from './snapshot.ts';
import type { ShopRow } from '../repos/shops.ts';

const MINUTE = 60_000;

/** One person of the party as quoted: his barber or anyone and his listed minutes (priced by the caller). */
export interface QuotedPerson {
  barberId: number | null;
  duration: number;
}

export interface QuoteInput {
  shop: ShopRow;
  /** The customer first, then his companions in their order. */
  people: readonly QuotedPerson[];
  /** The customer's membership priority (companions are 0, as the join places them). */
  priority: number;
  /** Minutes until he expects to be at the shop, or null when he does not say. */
  etaMinutes: number | null;
  development: boolean;
}

/** One person's quote: his wait and its window as the join's answer would give it. */
export interface PersonQuote {
  wait: number;
  low: number | null;
  high: number | null;
  /** The barber the engine plans him with. */
  barberId: number | null;
}

export interface Quote {
  people: PersonQuote[];
  /** Customers ahead of the customer. */
  ahead: number;
  /** When the engine expects him at the shop (epoch ms), or null when planned as present. */
  expectedAt: number | null;
  /** When to leave to be there as the low end of his window comes (engine/leave.ts), or null. */
  leaveBy: number | null;
  /** Minutes until the last of the party is likely done, with its window (null for one person). */
  done: { done: number; low: number; high: number } | null;
}

// Ids the quote gives its people: above every stored id (a join's new rows sort after those already there).
const FIRST_ID = 2 ** 40;

/**
 * The quote of a join at `now` on `queue` (the shop's queue as read, before the guard). Throws the join's own
 * 4xx: a barber not here, the shop closed or full, the timeslot 409 when someone does not fit.
 */
export async function quoteJoin(queue: ShopQueue, now: number, input: QuoteInput): Promise<Quote> {
  // The guard as the join would pin: in memory only.
  let q = await guarded(queue, now, async (ids) => [...ids].sort((a, b) => a - b));
  const expectedAt = input.etaMinutes === null ? null : now + input.etaMinutes * MINUTE;
  const ids: number[] = [];
  for (const [i, person] of input.people.entries()) {
    const placement = {
      shop: input.shop,
      barberId: person.barberId,
      priority: i === 0 ? input.priority : 0,
      checkedIn: false,
      online: true,
      development: input.development,
      expectedAt,
      source: 'app' as const,
    };
    checkPlacement(q, now, placement);
    const { arrival, proposal } = proposalOf(placement, person.duration, now);
    if (!fits(q.snapshot, proposal).ok) throw conflict(WIRE_ERRORS.timeslot);
    const id = FIRST_ID + i;
    ids.push(id);
    const o: EngineOrder = {
      id,
      priority: placement.priority,
      joinedAt: now,
      barberId: person.barberId,
      duration: person.duration,
      checkedIn: false,
      pinned: false,
      ...arrival,
    };
    q = { ...q, snapshot: { ...q.snapshot, orders: insertAt(q.snapshot.orders, o) } };
  }
  // Read as the order read reads (order-read.ts waitOf): in the order of service, his place in it.
  const plan = inOrderOfService(scheduleOf(q));
  const rows = ids.map((id) => plan.find((o) => o.id === id));
  const people = rows.map((r) => {
    // fits() said yes for each, so each is served today in the schedule with everyone in it.
    if (!r || r.wait === null) throw conflict(WIRE_ERRORS.timeslot);
    return { wait: r.wait, low: r.low, high: r.high, barberId: r.barberId };
  });
  const head = q.snapshot.orders.find((o) => o.id === ids[0])!;
  const at = readyAt(head, now, q.snapshot.learned);
  // When to leave: the order's own plan (engine/leave.ts), as the join's answer and tracking give it.
  const leave = arrivalPlan(
    { joinedAt: now, source: 'app', status: 'active', checkedIn: false, expectedAt },
    people[0],
    now,
    q.snapshot.learned,
  );
  return {
    people,
    ahead: rows[0]?.position ?? 0,
    expectedAt: Number.isFinite(at) ? at : expectedAt,
    leaveBy: leave?.leaveBy ?? null,
    done: people.length > 1 ? partyDoneOf(q, ids) : null,
  };
}

/** When the last of the party is likely done (as party-wire.ts partyDone reads it for waiting people). */
function partyDoneOf(queue: ShopQueue, ids: readonly number[]): { done: number; low: number; high: number } | null {
  const { barbers, orders } = queue.snapshot;
  const plan = new Map(scheduleOf(queue).orders.map((r) => [r.id, r]));
  let done = 0;
  let low = 0;
  let high = 0;
  for (const id of ids) {
    const r = plan.get(id);
    const o = orders.find((x) => x.id === id);
    if (!r || r.wait === null || !o) return null;
    const minutes = Math.ceil(o.duration * (barbers.find((b) => b.id === r.barberId)?.speed ?? 1));
    done = Math.max(done, r.wait + minutes);
    low = Math.max(low, (r.low ?? r.wait) + minutes);
    high = Math.max(high, (r.high ?? r.wait) + minutes);
  }
  return { done, low: Math.min(low, done), high: Math.max(high, done) };
}

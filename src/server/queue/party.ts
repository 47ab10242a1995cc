/**
 * Parties and stepping out (docs/decisions.md, "Parties and stepping out"): placing a customer's companions beside
 * his order in the join's transaction, and the customer's PATCH actions that act on the party: check in everyone
 * (or "I'm back"), leave with everyone, take one companion off, step out and keep the place. Every function runs
 * inside the shop's transaction (orders.ts inShop / changeOrder).
 */
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Language } from '../../shared/locales.ts';
import { endWaitingOrder, type OrderRow } from '../repos/orders.ts';
import { cancelParty, checkInParty, companionsOf, stepOutParty } from '../repos/parties.ts';
import type { ShopRow } from '../repos/shops.ts';
import { type Choice, type Placed, placeOrder } from './place.ts';
import type { PartyMember } from './party-wire.ts';
import type { ShopQueue } from './snapshot.ts';

const MINUTE = 60_000;

/** The errors of the party's actions that the shared texts do not name. */
export const PARTY_ERRORS = {
  invalidPerson: 'Invalid person',
  stepOutBeforeCheckIn: 'Check in before stepping out',
  alreadySteppedOut: 'Already stepped out',
  noStepOutsLeft: 'No step-outs left for this order',
} as const;

/** A companion as the join takes him: his name, services and barber or anyone. */
export interface Companion {
  name: string;
  choices: Choice[];
  barberId: number | null;
}

/**
 * Places the companions after their customer's placed order, in the queue it left, one after another: each an order
 * of his own with priority 0 (one-time customers who joined with him), the same join time and arrival, linked by
 * party_of and numbered 1, 2, … in the order given. One that does not fit before closing is the timeslot 409 and
 * the whole transaction rolls back. Answers the members as the view shows them and the queue with everyone in it.
 */
export async function placeCompanions(
  tx: Queryable,
  now: number,
  head: Placed,
  shop: ShopRow,
  companions: readonly Companion[],
  opts: { development: boolean; lang: Language | null },
): Promise<{ members: PartyMember[]; queue: ShopQueue }> {
  const headId = head.order.id;
  // The customer's order waits with his party from now on (snapshot.ts gives it so on every read).
  let queue: ShopQueue = companions.length
    ? {
        ...head.queue,
        snapshot: {
          ...head.queue.snapshot,
          orders: head.queue.snapshot.orders.map((o) => (o.id === headId ? { ...o, party: headId } : o)),
        },
      }
    : head.queue;
  const placed: { name: string; p: Placed }[] = [];
  for (const [i, c] of companions.entries()) {
    const p = await placeOrder(tx, now, {
      shop,
      customerId: null,
      walkInName: c.name,
      barberId: c.barberId,
      choices: c.choices,
      priority: 0,
      partyPriority: head.order.priority,
      checkedIn: head.order.checkedIn,
      online: true,
      development: opts.development,
      expectedAt: head.order.expectedAt,
      source: 'app',
      partyOf: head.order.id,
      person: i + 1,
      queue,
      lang: opts.lang,
    });
    queue = p.queue;
    placed.push({ name: c.name, p });
  }
  if (!placed.length) return { members: [], queue };
  // Priced in the answer's language already (placeOrder's `lang`).
  const named = placed.flatMap(({ p }) => p.items);
  const members = placed.map(({ name, p }) => {
    const chosen = p.order.chosenBarberId;
    const look = chosen === null ? undefined : queue.shifts.find((s) => s.barberId === chosen);
    return {
      order: p.order,
      name,
      items: named.filter((x) => x.orderId === p.order.id),
      look: look && { ...look, id: look.barberId },
    };
  });
  return { members, queue };
}

const isOpen = (o: OrderRow) => o.status === 'active' || o.status === 'in_service';

/** 'I am here' for the whole party, and "I'm back" while stepped out: every waiting person checked in. */
export async function checkInAll(tx: Queryable, o: OrderRow, now: number): Promise<void> {
  const party = [o, ...(await companionsOf(tx, [o.id]))];
  // In service means at the shop already: nothing to do.
  if (!party.some(isOpen)) throw conflict(WIRE_ERRORS.orderNotActive);
  if (!party.some((p) => p.status === 'active' && (!p.checkedIn || p.steppedOutUntil !== null))) return;
  await checkInParty(tx, o.id, now);
}

/** Leaving with everyone: every waiting person of the party ends as cancelled. */
export async function cancelAll(tx: Queryable, o: OrderRow, now: number): Promise<void> {
  const companions = await companionsOf(tx, [o.id]);
  if (o.status === 'in_service') throw conflict(WIRE_ERRORS.orderInService);
  const waiting = [o, ...companions].some((p) => p.status === 'active');
  // Leaving twice is the same as leaving once (a retried request).
  if (!waiting && o.status === 'cancelled') return;
  if (!waiting) throw conflict(WIRE_ERRORS.orderNotActive);
  await cancelParty(tx, o.id, now);
}

/** Takes companion `person` off: he stays in the party as cancelled, the others keep their places. */
export async function cancelCompanion(tx: Queryable, o: OrderRow, person: number, now: number): Promise<void> {
  const c = (await companionsOf(tx, [o.id])).find((x) => x.person === person);
  if (!c) throw badRequest(PARTY_ERRORS.invalidPerson, 'person');
  if (c.status === 'cancelled') return;
  if (c.status === 'in_service') throw conflict(WIRE_ERRORS.orderInService);
  if (c.status !== 'active') throw conflict(WIRE_ERRORS.orderNotActive);
  await endWaitingOrder(tx, c.id, 'cancelled', now);
}

/**
 * The party steps out for `minutes` and keeps its place: after check-in and before service, while step-outs are
 * left. Planned as absent until he is back (snapshot.ts).
 */
export async function stepOut(tx: Queryable, o: OrderRow, minutes: number, now: number): Promise<void> {
  const party = [o, ...(await companionsOf(tx, [o.id]))];
  if (party.some((p) => p.status === 'in_service')) throw conflict(WIRE_ERRORS.orderInService);
  const waiting = party.filter((p) => p.status === 'active');
  if (!waiting.length) throw conflict(WIRE_ERRORS.orderNotActive);
  if (waiting.some((p) => !p.checkedIn)) throw conflict(PARTY_ERRORS.stepOutBeforeCheckIn);
  if (waiting.some((p) => p.steppedOutUntil !== null)) throw conflict(PARTY_ERRORS.alreadySteppedOut);
  if (o.stepOutsLeft <= 0) throw conflict(PARTY_ERRORS.noStepOutsLeft);
  await stepOutParty(tx, o.id, now + minutes * MINUTE);
}

/**
 * The queue's transitions: joining (a customer through the app, or a walk-in the shop adds),
 * checking in and cancelling. Every change runs in one transaction that first locks the shop's row, so changes
 * to one shop's queue serialize (PostgreSQL; PGlite has one connection anyway), bumps the shop's queue version,
 * and after commit asks the turn notifier to look at the shop. The engine (schedule.ts) decides every fit; placing
 * an order in the queue is place.ts.
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { customerPriority } from './priority.ts';
import { conflict, HttpError, notFound } from '../lib/http-error.ts';
import { TooManyRequests } from '../auth/throttle.ts';
import { joinGate, keepIdempotentAnswer } from '../repos/join-gate.ts';
import { orderById, setExpectedAt, type OrderRow } from '../repos/orders.ts';
import { lockShopForChange, type LockedShop, type ShopRow } from '../repos/shops.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { appLanguage, type Language, languageOfLocale, type Locale } from '../../shared/locales.ts';
import { orderView, queueOf, viewOf } from './order-read.ts';
import { schedule } from './engine/schedule.ts';
import type { ShopQueue } from './snapshot.ts';
import { type Choice, placeOrder } from './place.ts';
import { cancelAll, cancelCompanion, checkInAll, type Companion, placeCompanions, stepOut } from './party.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The database's unique indexes of the queue, as the 409s they stand for. */
export function uniqueConflict(err: unknown): HttpError | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const name = e.constraint ?? e.message ?? '';
  if (name.includes('orders_one_open_per_customer')) return conflict(WIRE_ERRORS.oneOpenOrder);
  if (name.includes('orders_one_in_service_per_barber')) return conflict(WIRE_ERRORS.barberBusy);
  return null;
}

/** Hands the queue as a change left it to the turn check after commit, which then reads nothing of it again. */
export type KeepQueue = (queue: ShopQueue) => void;

/**
 * Runs fn in one transaction holding the shop's row lock with the shop's queue version bumped (one statement,
 * repos/shops.ts lockShopForChange), hands it the shop as read under the lock, and after commit announces the
 * change (live/changes.ts) and lets the turn notifier look at the shop: at the queue fn kept, if it kept one.
 * A unique-index violation comes out as its 409.
 */
export async function inShop<T>(deps: Deps, shopId: number, fn: (tx: Queryable, shop: ShopRow, keep: KeepQueue) => Promise<T>): Promise<T> {
  let out: T;
  let changed: LockedShop | null = null;
  let kept: ShopQueue | null = null;
  try {
    out = await deps.db.transaction(async (tx) => {
      const shop = await lockShopForChange(tx, shopId);
      if (!shop) throw notFound(WIRE_ERRORS.shopNotFound);
      changed = shop;
      kept = null;
      return fn(tx, shop, (queue) => {
        kept = queue;
      });
    });
  } catch (err) {
    throw uniqueConflict(err) ?? err;
  }
  // Committed: announced at once in this process (cached answers, streams); PostgreSQL tells the others
  // (live/changes.ts).
  const c = changed as LockedShop | null;
  if (c) deps.changes.announce({ shopId: c.id, country: c.country, version: c.queueVersion });
  const queue = kept as ShopQueue | null;
  deps.turns.kick(shopId, c && queue ? { shop: c, version: c.queueVersion, queue } : undefined);
  return out;
}

/** Changes one order inside its shop's transaction, on the order's row as it is once the shop is locked. */
export async function changeOrder<T>(
  deps: Deps,
  order: Pick<OrderRow, 'id' | 'shopId'>,
  fn: (tx: Queryable, o: OrderRow, shop: ShopRow) => Promise<T>,
): Promise<T> {
  return inShop(deps, order.shopId, async (tx, shop) => {
    const o = await orderById(tx, order.id, { forUpdate: true });
    if (!o) throw notFound(WIRE_ERRORS.orderNotFound);
    return fn(tx, o, shop);
  });
}

export interface JoinInput {
  /** The language of the answer's service names (null: as sold). */
  lang?: Language | null;
  pobId: number;
  barberId: number | null;
  choices: Choice[];
  /** Minutes until the customer expects to be at the shop (eta_minutes), or null. */
  etaMinutes?: number | null;
  /** The people who come with him (docs/decisions.md, "Parties and stepping out"); absent: none. */
  companions?: readonly Companion[];
  /** The request's locale: a shop of another country is not found. */
  country: string;
  /** The Idempotency-Key header and a hash of the body it came with, if the client sent one. */
  idempotency?: { key: string; bodyHash: string } | null;
}

/** How long an Idempotency-Key is kept per customer. */
export const IDEMPOTENCY_KEPT_MS = 24 * HOUR;

/** Thrown inside the join's transaction to roll it back (no version bump) and answer the kept answer instead. */
class Replay {
  constructor(readonly answer: WireOrder) {}
}

/**
 * POST /customers/{id}/orders/: the customer joins a shop's queue with their membership priority. The answer
 * is made from what the transaction computed (the shop under its lock, the priced items, the queue with the
 * order in it), not read back. With an Idempotency-Key, a join sent again gets the answer of the first.
 */
export async function joinQueue(deps: Deps, customerId: number, input: JoinInput): Promise<WireOrder> {
  const now = deps.now();
  const idem = input.idempotency ?? null;
  const keptSince = now - IDEMPOTENCY_KEPT_MS;
  try {
    return await inShop(deps, input.pobId, async (tx, shop, keep) => {
      if (shop.country !== input.country) throw notFound(WIRE_ERRORS.shopNotFound);
      // Checked under the lock for a clear answer; the unique index still decides across shops (so two joins at
      // once cannot both pass the join limit either: only one of them can be open).
      const limit = deps.config.limits.joinsCustomer;
      const gate = await joinGate(tx, { customerId, since: now - HOUR, limit, key: idem?.key ?? null, keptSince });
      if (gate.replay) {
        if (gate.replay.bodyHash !== idem!.bodyHash) throw new HttpError(422, WIRE_ERRORS.idempotencyKeyReused);
        throw new Replay(JSON.parse(gate.replay.answer) as WireOrder);
      }
      if (gate.openId !== null) throw conflict(WIRE_ERRORS.oneOpenOrder);
      // The answer's language: ?lang=, else the profile's, else the locale's (docs/decisions.md, "One language per
      // answer"). The items are priced in it, so they are sold under the names the customer read.
      const lang = input.lang ?? appLanguage(gate.language) ?? languageOfLocale(input.country as Locale);
      // At most JOIN_LIMIT_CUSTOMER joins an hour (join → cancel in a loop must not be free).
      if (gate.recent >= limit) throw new TooManyRequests('joins', (gate.freedAt ?? now) + HOUR - now);
      const priority = await customerPriority(tx, customerId, now);
      const placed = await placeOrder(tx, now, {
        shop,
        customerId,
        walkInName: null,
        barberId: input.barberId,
        choices: input.choices,
        priority,
        checkedIn: false,
        online: true,
        development: deps.config.development,
        expectedAt: input.etaMinutes == null ? null : now + input.etaMinutes * MINUTE,
        stepOutsLeft: deps.config.party.stepOutsPerOrder,
        lang,
      });
      // The whole party must fit, each person after the one before, or nothing is stored.
      const party = await placeCompanions(tx, now, placed, shop, input.companions ?? [], {
        development: deps.config.development,
        lang,
      });
      const chosen = placed.order.chosenBarberId;
      const look = chosen === null ? undefined : placed.queue.shifts.find((s) => s.barberId === chosen);
      // Priced in the answer's language already: nothing to translate.
      const items = placed.items;
      const answer = viewOf({
        ...placed,
        queue: party.queue,
        items,
        shop,
        look: look && { ...look, id: look.barberId },
        name: gate.firstname,
        companions: party.members,
      });
      keep(party.queue);
      if (idem)
        await keepIdempotentAnswer(tx, {
          customerId,
          key: idem.key,
          bodyHash: idem.bodyHash,
          answer: JSON.stringify(answer),
          now,
          keptSince,
        });
      return answer;
    });
  } catch (err) {
    if (err instanceof Replay) return err.answer;
    throw err;
  }
}

/** The customer's order; another customer's, or none, is a 404. */
export async function ownOrder(q: Queryable, customerId: number, orderId: number | null): Promise<OrderRow> {
  const order = orderId === null ? null : await orderById(q, orderId);
  // Another customer's order answers like a missing one: ids must not tell what exists.
  if (!order || order.customerId !== customerId) throw notFound(WIRE_ERRORS.orderNotFound);
  return order;
}

/** `lang`: the language of the services' names (null: as sold). */
export async function customerOrder(
  deps: Deps,
  customerId: number,
  orderId: number | null,
  lang: Language | null = null,
): Promise<WireOrder> {
  return orderView(deps.db, await ownOrder(deps.db, customerId, orderId), deps.now(), lang);
}

/** Whether an order is still served today once its expected arrival moves to `at` (the shop's queue as it is now). */
function fitsWithArrival(queue: ShopQueue, orderId: number, at: number): boolean {
  const orders = queue.snapshot.orders.map((x) => (x.id === orderId ? { ...x, expectedAt: at } : x));
  const row = schedule({ ...queue.snapshot, orders }).orders.find((x) => x.id === orderId);
  return row !== undefined && row.start !== null;
}

/** "Running late?": a new expected arrival for a waiting order not checked in; refused when it no longer fits today. */
async function moveArrival(deps: Deps, tx: Queryable, o: OrderRow, shop: ShopRow, etaMinutes: number): Promise<void> {
  if (o.status === 'in_service' || (o.status === 'active' && o.checkedIn)) throw conflict(WIRE_ERRORS.etaAfterCheckIn);
  if (o.status !== 'active') throw conflict(WIRE_ERRORS.orderNotActive);
  const now = deps.now();
  const at = now + etaMinutes * MINUTE;
  if (!fitsWithArrival(await queueOf(tx, shop, now), o.id, at)) throw conflict(WIRE_ERRORS.timeslot);
  await setExpectedAt(tx, o.id, at);
}

/**
 * What a customer's PATCH asks (input/orders.ts parsePatch): check in (or "I'm back"), leave with everyone, take one
 * companion off, a new arrival in minutes, or step out for some minutes.
 */
export type PatchAction = 'check-in' | 'cancel' | { cancelPerson: number } | { etaMinutes: number } | { stepOutMinutes: number };

/**
 * PATCH /customers/{id}/orders/{orderId}/: check in ('I am here', the whole party; "I'm back" while stepped out),
 * a new expected arrival, leave the queue (with everyone, or one companion), or step out and keep the place.
 */
export async function patchOrder(
  deps: Deps,
  customerId: number,
  orderId: number | null,
  action: PatchAction,
  lang: Language | null = null,
): Promise<WireOrder> {
  const order = await ownOrder(deps.db, customerId, orderId);
  await changeOrder(deps, order, async (tx, o, shop) => {
    const now = deps.now();
    if (action === 'check-in') return checkInAll(tx, o, now);
    if (action === 'cancel') return cancelAll(tx, o, now);
    if ('cancelPerson' in action) return cancelCompanion(tx, o, action.cancelPerson, now);
    if ('stepOutMinutes' in action) return stepOut(tx, o, action.stepOutMinutes, now);
    return moveArrival(deps, tx, o, shop, action.etaMinutes);
  });
  return customerOrder(deps, customerId, order.id, lang);
}

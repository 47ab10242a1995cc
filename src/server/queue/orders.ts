/**
 * The queue's transitions: joining (a customer through the app, or a walk-in the shop adds),
 * checking in and cancelling. Every change runs in one transaction that first locks the shop's row, so changes
 * to one shop's queue serialize (PostgreSQL; PGlite has one connection anyway), bumps the shop's queue version,
 * and after commit asks the turn notifier to look at the shop. The engine (schedule.ts) decides every fit.
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { customerPriority } from './priority.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { TooManyRequests } from '../auth/throttle.ts';
import {
  insertOrder,
  joinGate,
  keepIdempotentAnswer,
  orderById,
  checkInOrder,
  endWaitingOrder,
  setExpectedAt,
  type ItemRow,
  type OrderRow,
} from '../repos/orders.ts';
import { markPinned } from '../repos/guard.ts';
import { lockShopForChange, menuItemsOf, type LockedShop, type OpenOrderRow, type ShopRow } from '../repos/shops.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Language } from '../../shared/locales.ts';
import { itemsInLanguage } from '../repos/item-texts.ts';
import { MAX_ORDER_ITEMS } from '../../shared/constants.ts';
import { orderView, queueOf, viewOf } from './order-read.ts';
import { fits, isOpen, schedule } from './engine/schedule.ts';
import type { ShopQueue } from './snapshot.ts';
import type { EngineOrder } from './engine/types.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A service and the ids of its chosen extras, as the caller asked for them (nothing priced yet). */
export interface Choice {
  serviceId: number;
  extraIds: number[];
}

/** The database's unique indexes of the queue, as the 409s they stand for. */
function uniqueConflict(err: unknown): HttpError | null {
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
 * change (queue/changes.ts) and lets the turn notifier look at the shop: at the queue fn kept, if it kept one.
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
  // (queue/changes.ts).
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

/** An item priced from the catalogue, with what the order's view shows of it. */
export type PricedItem = Omit<ItemRow, 'orderId'>;

/** Prices the choices from the shop's own catalogue: the client's copies of prices and minutes are never read. */
export async function priceChoices(q: Queryable, shopId: number, choices: Choice[]): Promise<PricedItem[]> {
  if (!choices.length) throw badRequest('Missing items parameter', 'items');
  if (choices.length > MAX_ORDER_ITEMS) throw badRequest(WIRE_ERRORS.tooManyItems, 'items');
  // Only the chosen rows (an id of another shop is not found), not the whole menu.
  const { services, extras } = await menuItemsOf(
    q,
    shopId,
    [...new Set(choices.map((c) => c.serviceId))],
    [...new Set(choices.flatMap((c) => c.extraIds))],
  );
  const serviceById = new Map(services.map((s) => [s.id, s]));
  const extraById = new Map(extras.map((e) => [e.id, e]));
  const seen = new Set<number>();
  return choices.map((c) => {
    const s = serviceById.get(c.serviceId);
    if (!s) throw badRequest(`Unknown service ${c.serviceId} at this shop`, 'items');
    if (seen.has(s.id)) throw badRequest(`Service ${s.id} is listed twice`, 'items');
    seen.add(s.id);
    if (new Set(c.extraIds).size !== c.extraIds.length) throw badRequest(`An extra of service ${s.id} is listed twice`, 'items');
    // Several options only where the service allows multiple options.
    if (c.extraIds.length > 1 && !s.multiple) throw badRequest(`Service ${s.id} takes one extra only`, 'items');
    const chosen = c.extraIds.map((id) => {
      const e = extraById.get(id);
      if (!e || e.serviceId !== s.id) throw badRequest(`Unknown extra service ${id} for service ${s.id}`, 'items');
      return { id: e.id, title: e.title, description: e.description, order: e.order, price: e.price, duration: e.duration };
    });
    return {
      serviceId: s.id,
      title: s.title,
      description: s.description,
      order: s.order,
      groupId: s.groupId,
      groupName: s.groupName,
      price: s.price,
      duration: s.duration,
      extras: chosen,
    };
  });
}

/** Whether the barber works at the shop today and has not left yet. */
export function worksToday(queue: ShopQueue, barberId: number, now: number): boolean {
  return queue.snapshot.barbers.some((b) => b.id === barberId && b.shifts.some((w) => w.end > now));
}

export interface Placement {
  /** The shop as read under its lock (inShop hands it over). */
  shop: ShopRow;
  customerId: number | null;
  walkInName: string | null;
  barberId: number | null;
  choices: Choice[];
  priority: number;
  checkedIn: boolean;
  /** Through the app: refused while the shop is closed or its queue switched to full. */
  online: boolean;
  /** Development mode: test shops and hidden barbers take orders; otherwise they are not found. */
  development: boolean;
  /** When the customer expects to be at the shop (eta_minutes), or null/absent when he did not say. */
  expectedAt?: number | null;
  /** Where the order comes from; default 'app' through the app, 'desk' otherwise (the demo's simulated remote joiners are 'app'). */
  source?: 'app' | 'desk';
}

/** A placed order with what its transaction knows of it: enough to answer without reading it back. */
export interface Placed {
  order: OrderRow;
  items: ItemRow[];
  /** The shop's queue with the new order in it. */
  queue: ShopQueue;
}

/** The queue as the engine sees it with some orders pinned at `now`, as a fresh read would load it. */
function withPinned(queue: ShopQueue, ids: number[], now: number): ShopQueue {
  const pinned = new Set(ids);
  const orders = queue.snapshot.orders.map((o) => (pinned.has(o.id) ? { ...o, pinned: true, pinnedAt: now } : o));
  const open = queue.open.map((o) => (pinned.has(o.id) ? { ...o, pinnedAt: now } : o));
  return { ...queue, snapshot: { ...queue.snapshot, orders }, open };
}

/** Where a new order goes in a list a fresh read makes (joined, then id). */
function insertAt<T extends { id: number; joinedAt: number }>(list: readonly T[], o: T): T[] {
  const out = [...list];
  const at = out.findIndex((x) => x.joinedAt > o.joinedAt || (x.joinedAt === o.joinedAt && x.id > o.id));
  out.splice(at === -1 ? out.length : at, 0, o);
  return out;
}

/** The queue with a new waiting order in it, as a fresh read would load it. */
function withOrder(queue: ShopQueue, o: EngineOrder, row: OpenOrderRow): ShopQueue {
  return {
    ...queue,
    snapshot: { ...queue.snapshot, orders: insertAt(queue.snapshot.orders, o) },
    open: insertAt(queue.open, row),
    waiting: queue.waiting + 1,
  };
}

/** Checks the order against the queue as it is (the caller holds the shop lock) and stores it. */
export async function placeOrder(tx: Queryable, now: number, p: Placement): Promise<Placed> {
  const { shop } = p;
  // The test flag is a development switch; ?dev=1 may list a test shop, but it takes no real orders.
  if (shop.isTest && !p.development) throw notFound(WIRE_ERRORS.shopNotFound);
  // One after the other: a refused choice must not leave a read running on the transaction it ends.
  const items = await priceChoices(tx, shop.id, p.choices);
  let queue = await queueOf(tx, shop, now);
  // The no-bump guard is a recorded fact (repos/guard.ts): checked-in orders due now are pinned before the
  // joiner is placed, so a member joining now cannot push back someone whose turn has come.
  // Only a checked-in order not pinned yet can be due: without one, the engine need not run for the guard.
  const unpinned = queue.snapshot.orders.some((o) => o.checkedIn && o.pinned !== true && typeof o.pinnedAt !== 'number');
  const pinned = unpinned ? await markPinned(tx, schedule(queue.snapshot).due, now) : [];
  if (pinned.length) queue = withPinned(queue, pinned, now);
  if (p.barberId !== null && !p.development && queue.shifts.some((s) => s.barberId === p.barberId && s.hidden))
    throw notFound(WIRE_ERRORS.barberNotFound);
  if (p.barberId !== null && !worksToday(queue, p.barberId, now)) throw badRequest(WIRE_ERRORS.barberNotHere, 'barber_id');
  if (p.online && !isOpen(queue.snapshot)) throw conflict(WIRE_ERRORS.shopClosed);
  if (p.online && shop.queueFull) throw conflict(WIRE_ERRORS.queueFull);
  const duration = items.reduce((a, i) => a + i.duration + i.extras.reduce((x, e) => x + e.duration, 0), 0);
  const price = items.reduce((a, i) => a + i.price + i.extras.reduce((x, e) => x + e.price, 0), 0);
  const source = p.source ?? (p.online ? ('app' as const) : ('desk' as const));
  const expectedAt = p.checkedIn ? null : (p.expectedAt ?? null);
  const arrival = { source, ...(expectedAt !== null && { expectedAt }) };
  const fit = fits(queue.snapshot, {
    priority: p.priority,
    barberId: p.barberId,
    duration,
    joinedAt: now,
    checkedIn: p.checkedIn,
    ...arrival,
  });
  if (!fit.ok) throw conflict(WIRE_ERRORS.timeslot);
  const placed = {
    shopId: shop.id,
    customerId: p.customerId,
    walkInName: p.walkInName,
    chosenBarberId: p.barberId,
    priority: p.priority,
    duration,
    price,
    checkedIn: p.checkedIn,
    joinedAt: now,
    quotedWait: fit.wait,
    quotedLow: fit.low,
    quotedHigh: fit.high,
    quotedSpread: fit.spread,
    quotedSpreadLow: fit.spreadLow,
    source,
    expectedAt,
  };
  const id = await insertOrder(tx, placed, items);
  const order: OrderRow = {
    ...placed,
    id,
    barberId: null,
    status: 'active',
    startedAt: null,
    finishedAt: null,
    checkedInAt: p.checkedIn ? now : null,
  };
  return {
    order,
    items: items.map((i) => ({ ...i, orderId: id })),
    queue: withOrder(
      queue,
      { id, priority: p.priority, joinedAt: now, barberId: p.barberId, duration, checkedIn: p.checkedIn, pinned: false, ...arrival },
      {
        ...order,
        status: 'active',
        pinnedAt: null,
      },
    ),
  };
}

export interface JoinInput {
  /** The language of the answer's service names (null: as sold). */
  lang?: Language | null;
  pobId: number;
  barberId: number | null;
  choices: Choice[];
  /** Minutes until the customer expects to be at the shop (eta_minutes), or null. */
  etaMinutes?: number | null;
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
      });
      const chosen = placed.order.chosenBarberId;
      const look = chosen === null ? undefined : placed.queue.shifts.find((s) => s.barberId === chosen);
      const items = await itemsInLanguage(tx, placed.items, input.lang ?? null);
      const answer = viewOf({ ...placed, items, shop, look: look && { ...look, id: look.barberId } });
      keep(placed.queue);
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

/** What a customer's PATCH asks (input/orders.ts parsePatch): check in, cancel, or a new arrival in minutes. */
export type PatchAction = 'check-in' | 'cancel' | { etaMinutes: number };

/** PATCH /customers/{id}/orders/{orderId}/: check in ('I am here'), a new expected arrival, or leave the queue. */
export async function patchOrder(
  deps: Deps,
  customerId: number,
  orderId: number | null,
  action: PatchAction,
  lang: Language | null = null,
): Promise<WireOrder> {
  const order = await ownOrder(deps.db, customerId, orderId);
  await changeOrder(deps, order, async (tx, o, shop) => {
    if (typeof action === 'object') return moveArrival(deps, tx, o, shop, action.etaMinutes);
    if (action === 'check-in') {
      // In service means at the shop already: nothing to do.
      if (o.status === 'in_service' || (o.status === 'active' && o.checkedIn)) return;
      if (o.status !== 'active') throw conflict(WIRE_ERRORS.orderNotActive);
      await checkInOrder(tx, o.id, deps.now());
      return;
    }
    // Leaving twice is the same as leaving once (a retried request).
    if (o.status === 'cancelled') return;
    if (o.status === 'in_service') throw conflict(WIRE_ERRORS.orderInService);
    if (o.status !== 'active') throw conflict(WIRE_ERRORS.orderNotActive);
    await endWaitingOrder(tx, o.id, 'cancelled', deps.now());
  });
  return customerOrder(deps, customerId, order.id, lang);
}

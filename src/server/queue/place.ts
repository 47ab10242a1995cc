/**
 * Placing an order in a shop's queue, inside the shop's transaction (queue/orders.ts inShop): the choices priced
 * from the shop's menu, the barber checked, the engine asked whether it fits and what to tell (the wait and its
 * window), the row written, and the queue with the order in it handed back for the turn check.
 */
import type { Language } from '../../shared/locales.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import type { ItemRow } from '../repos/order-items.ts';
import { insertOrder, type OrderRow } from '../repos/orders.ts';
import { markPinned } from '../repos/guard.ts';
import { menuItemsOf, type OpenOrderRow, type PricedExtra, type PricedService, type ShopRow } from '../repos/shops.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { MAX_ORDER_ITEMS } from '../../shared/constants.ts';
import { fits, isOpen, type ProposedOrder, schedule } from './engine/schedule.ts';
import type { ShopQueue } from './snapshot.ts';
import { queueOf } from './order-read.ts';
import type { EngineOrder } from './engine/types.ts';

/** A service and the ids of its chosen extras, as the caller asked for them (nothing priced yet). */
export interface Choice {
  serviceId: number;
  extraIds: number[];
}

/** An item priced from the catalogue, with what the order's view shows of it. */
export type PricedItem = Omit<ItemRow, 'orderId'>;

/** Prices the choices from the shop's own catalogue: the client's copies of prices and minutes are never read. */
export async function priceChoices(q: Queryable, shopId: number, choices: Choice[], lang: Language | null = null): Promise<PricedItem[]> {
  if (!choices.length) throw badRequest('Missing items parameter', 'items');
  if (choices.length > MAX_ORDER_ITEMS) throw badRequest(WIRE_ERRORS.tooManyItems, 'items');
  // Only the chosen rows (an id of another shop is not found), not the whole menu.
  const { services, extras } = await menuItemsOf(
    q,
    shopId,
    [...new Set(choices.map((c) => c.serviceId))],
    [...new Set(choices.flatMap((c) => c.extraIds))],
    lang,
  );
  return priceFrom(services, extras, choices);
}

/**
 * Prices the choices from rows of the shop's menu (pure): the join prices from the rows it read, the quote
 * (quote.ts) from the kept menu, with the same errors.
 */
export function priceFrom(services: readonly PricedService[], extras: readonly PricedExtra[], choices: Choice[]): PricedItem[] {
  if (!choices.length) throw badRequest('Missing items parameter', 'items');
  if (choices.length > MAX_ORDER_ITEMS) throw badRequest(WIRE_ERRORS.tooManyItems, 'items');
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

/** An order's listed minutes and price: its services and their extras. */
export function sumOf(items: readonly Pick<PricedItem, 'price' | 'duration' | 'extras'>[]): { duration: number; price: number } {
  const duration = items.reduce((a, i) => a + i.duration + i.extras.reduce((x, e) => x + e.duration, 0), 0);
  const price = items.reduce((a, i) => a + i.price + i.extras.reduce((x, e) => x + e.price, 0), 0);
  return { duration, price };
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
  /** The order this one moves from (queue/move.ts), or null/absent. */
  movedFrom?: number | null;
  /** A companion's: his customer's order and his number (docs/decisions.md, "Parties and stepping out"). */
  partyOf?: number | null;
  person?: number;
  /** A companion's: the priority his party waits at in the engine (his customer's); his own `priority` is stored. */
  partyPriority?: number;
  /** How many times the order may step out (STEP_OUTS_PER_ORDER); absent: none. */
  stepOutsLeft?: number;
  /** The shop's queue as an earlier placement of the same transaction left it (a party's next person): not read again. */
  queue?: ShopQueue;
  /** The language the items are priced and named in, as sold (null/absent: the names as entered). */
  lang?: Language | null;
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

/** Where a new order goes in a list a fresh read makes (joined, then id); a quote inserts its people the same way. */
export function insertAt<T extends { id: number; joinedAt: number }>(list: readonly T[], o: T): T[] {
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

/**
 * The queue as a placement sees it: checked-in orders due now pinned (`pin` records them; the quote only looks),
 * so a member joining now cannot push back someone whose turn has come.
 */
export async function guarded(queue: ShopQueue, now: number, pin: (ids: number[]) => Promise<number[]>): Promise<ShopQueue> {
  // Only a checked-in order not pinned yet can be due: without one, the engine need not run for the guard.
  const unpinned = queue.snapshot.orders.some((o) => o.checkedIn && o.pinned !== true && typeof o.pinnedAt !== 'number');
  const pinned = unpinned ? await pin(schedule(queue.snapshot).due) : [];
  return pinned.length ? withPinned(queue, pinned, now) : queue;
}

/** The checks of a placement that need no database: the shop, the barber, the hours and the full switch (pure). */
export function checkPlacement(queue: ShopQueue, now: number, p: Pick<Placement, 'shop' | 'barberId' | 'online' | 'development'>): void {
  if (p.barberId !== null && !p.development && queue.shifts.some((s) => s.barberId === p.barberId && s.hidden))
    throw notFound(WIRE_ERRORS.barberNotFound);
  if (p.barberId !== null && !worksToday(queue, p.barberId, now)) throw badRequest(WIRE_ERRORS.barberNotHere, 'barber_id');
  if (p.online && !isOpen(queue.snapshot)) throw conflict(WIRE_ERRORS.shopClosed);
  if (p.online && p.shop.queueFull) throw conflict(WIRE_ERRORS.queueFull);
}

/** What the engine is asked for a placement: its arrival as stored, and the proposal fits() takes. */
export function proposalOf(
  p: Pick<Placement, 'priority' | 'barberId' | 'checkedIn' | 'online' | 'source' | 'expectedAt' | 'partyOf' | 'partyPriority'>,
  duration: number,
  now: number,
): { arrival: { source: 'app' | 'desk'; expectedAt?: number }; expectedAt: number | null; proposal: ProposedOrder } {
  const source = p.source ?? (p.online ? ('app' as const) : ('desk' as const));
  const expectedAt = p.checkedIn ? null : (p.expectedAt ?? null);
  const arrival = { source, ...(expectedAt !== null && { expectedAt }) };
  return {
    arrival,
    expectedAt,
    // A companion waits with his party, at its customer's priority (docs/decisions.md, "A party waits as a family").
    proposal: {
      ...(p.partyOf != null ? { party: p.partyOf, priority: p.partyPriority ?? p.priority } : { priority: p.priority }),
      barberId: p.barberId,
      duration,
      joinedAt: now,
      checkedIn: p.checkedIn,
      ...arrival,
    },
  };
}

/** Checks the order against the queue as it is (the caller holds the shop lock) and stores it. */
export async function placeOrder(tx: Queryable, now: number, p: Placement): Promise<Placed> {
  const { shop } = p;
  // The test flag is a development switch; ?dev=1 may list a test shop, but it takes no real orders.
  if (shop.isTest && !p.development) throw notFound(WIRE_ERRORS.shopNotFound);
  // One after the other: a refused choice must not leave a read running on the transaction it ends.
  const items = await priceChoices(tx, shop.id, p.choices, p.lang ?? null);
  const read = p.queue ?? (await queueOf(tx, shop, now));
  // The no-bump guard is a recorded fact (repos/guard.ts): checked-in orders due now are pinned before the
  // joiner is placed. A party's next person comes after the same transaction's guard.
  const queue = p.queue ? read : await guarded(read, now, (ids) => markPinned(tx, ids, now));
  checkPlacement(queue, now, p);
  const { duration, price } = sumOf(items);
  const { arrival, expectedAt, proposal } = proposalOf(p, duration, now);
  const source = arrival.source;
  const fit = fits(queue.snapshot, proposal);
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
  const party = { partyOf: p.partyOf ?? null, person: p.person ?? 0, stepOutsLeft: p.stepOutsLeft ?? 0 };
  const id = await insertOrder(tx, { ...placed, ...party, movedFrom: p.movedFrom ?? null, quotedFeatures: fit.features }, items);
  const order: OrderRow = {
    ...placed,
    ...party,
    steppedOutUntil: null,
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
      { id, ...proposal, joinedAt: now, checkedIn: p.checkedIn, pinned: false },
      {
        ...order,
        status: 'active',
        pinnedAt: null,
        steppedOutUntil: null,
      },
    ),
  };
}

/**
 * Builds the engine's Snapshot of a shop at `now` from database rows: today's hours from local time to epoch
 * ms, the barbers on shift today with their windows, when each is free, and the waiting orders. The
 * conversion is pure (buildSnapshot and friends); loadQueues reads a whole list of shops in three queries.
 */
import type { Queryable } from '../db/db.ts';
import { addDays, dayBounds, localDay, minutesOf, weekdayOf, zonedTime } from '../lib/tz.ts';
import { hoursOf, openOrdersAt, type HoursRow, type OpenOrderRow, type ShopRow } from '../repos/shops.ts';
import { shiftsAtShops, type ShopShiftRow } from '../repos/employees.ts';
import { defaultFigures, type Figures } from './engine/learn.ts';
import { asFigures, learnedOf, loadFigures } from './learned-figures.ts';
import { schedule } from './engine/schedule.ts';
import type { EngineBarber, EngineOrder, HoldRule, Schedule, Snapshot } from './engine/types.ts';

const MINUTE = 60_000;
// Any local day that contains `now` lies within this much of it (UTC offsets stay within ±14 h).
const DAY_REACH = 38 * 60 * MINUTE;
// How far past midnight an opening that runs on is planned: at 23:40 the night's shifts and the morning's are in.
const PLAN_AHEAD = 12 * 60 * MINUTE;

export interface ShopQueueInput {
  now: number;
  timezone: string;
  /** This shop's weekly hours. */
  hours: HoursRow[];
  /** This shop's shifts around today (others are ignored). */
  shifts: ShopShiftRow[];
  /** This shop's waiting and in-service orders. */
  orders: OpenOrderRow[];
  full: boolean;
  /** What the shop has learned (stored resolved, queue/learned-figures.ts); absent: no learned inputs at all. */
  figures?: Figures;
}

/** Today's opening and closing instants in the shop's zone, or null on a closed day. */
export function todaysHours(hours: HoursRow[], timezone: string, now: number): Snapshot['hours'] {
  const today = localDay(now, timezone);
  const row = hours.find((h) => h.weekday === today.weekday);
  if (!row) return null;
  const open = zonedTime(today.date, row.opens, timezone);
  let close = zonedTime(today.date, row.closes, timezone);
  // A day that closes at midnight and a next day that opens at midnight are one opening: a round-the-clock
  // shop must not look 'closing soon' every night at 23:30.
  for (let d = 1; d < 7 && minutesOf(row.closes) >= 24 * 60; d++) {
    const date = addDays(today.date, d);
    const next = hours.find((h) => h.weekday === weekdayOf(date));
    if (!next || minutesOf(next.opens) !== 0) break;
    close = zonedTime(date, next.closes, timezone);
    if (minutesOf(next.closes) < 24 * 60) break;
  }
  return { open, close };
}

/**
 * The shifts the engine plans with: those that touch the shop's local today, and for an opening that runs on past
 * midnight (a round-the-clock shop, todaysHours) those that start within PLAN_AHEAD and before it closes, so the
 * night's barbers take what does not end by 24:00 (and tomorrow's day shift is not "on shift today" at noon).
 */
export function plannedShifts<T extends { start: number; end: number }>(
  shifts: T[],
  timezone: string,
  now: number,
  hours: Snapshot['hours'],
): T[] {
  const { start, end } = dayBounds(localDay(now, timezone).date, timezone);
  const until = Math.max(end, Math.min(hours?.close ?? end, now + PLAN_AHEAD));
  return shifts.filter((s) => s.start < until && s.end > start);
}

/** A barber's windows in time order with those that touch or overlap joined: a shift on into the next is one. */
export function joinedWindows(windows: { start: number; end: number }[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const w of [...windows].sort((x, y) => x.start - y.start || x.end - y.end)) {
    const last = out.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else out.push({ ...w });
  }
  return out;
}

/** When a service in progress ends: its listed duration scaled by the barber's speed. */
export function serviceEnd(order: Pick<OpenOrderRow, 'startedAt' | 'joinedAt' | 'duration'>, speed: number): number {
  const started = order.startedAt ?? order.joinedAt;
  return started + Math.round(order.duration * speed * MINUTE);
}

/** Distinct barbers whose shift window contains now. */
export function onShiftNow(shifts: Pick<ShopShiftRow, 'barberId' | 'start' | 'end'>[], now: number): number {
  return new Set(shifts.filter((s) => s.start <= now && now < s.end).map((s) => s.barberId)).size;
}

type PartyRow = Pick<OpenOrderRow, 'id' | 'priority' | 'partyOf' | 'partyBroken'>;

/** The open parties: each customer's order id with the priority his party waits at (his own). */
function partiesOf(rows: readonly PartyRow[]): Map<number, number> {
  const heads = new Map<number, number>();
  for (const o of rows) if (o.partyOf != null && !heads.has(o.partyOf)) heads.set(o.partyOf, o.priority);
  for (const o of rows) if (heads.has(o.id)) heads.set(o.id, o.priority);
  return heads;
}

/**
 * A waiting person of a party as the engine takes him (docs/decisions.md, "A party waits as a family"): his party
 * and its customer's priority, unless one of the party was marked a no-show (the party no longer holds its place
 * as one). The caller leaves out a party that stepped out.
 */
function partyOrder(o: PartyRow, parties: ReadonlyMap<number, number>): Pick<EngineOrder, 'party' | 'priority'> | null {
  const party = o.partyOf ?? o.id;
  const priority = parties.get(party);
  if (priority === undefined || o.partyBroken === true) return null;
  return { party, priority: Math.max(priority, o.priority) };
}

let holdRule: HoldRule | undefined;
/**
 * The turn held for a customer on his way, as configured (HOLD_FOR_ARRIVING_MINUTES, HOLD_GRACE_MINUTES): the app
 * sets it once at start; until then every snapshot carries none and the engine's default stands.
 */
export function setHoldRule(rule: HoldRule): void {
  holdRule = { ...rule };
}

export function buildSnapshot(input: ShopQueueInput): Snapshot {
  const { now, timezone } = input;
  const hours = todaysHours(input.hours, timezone, now);
  const barbers = new Map<number, EngineBarber>();
  for (const s of plannedShifts(input.shifts, timezone, now, hours)) {
    const b = barbers.get(s.barberId) ?? { id: s.barberId, shifts: [], freeAt: now, speed: s.speed };
    b.shifts.push({ start: s.start, end: s.end });
    barbers.set(s.barberId, b);
  }
  for (const b of barbers.values()) b.shifts = joinedWindows(b.shifts);
  const orders: EngineOrder[] = [];
  const parties = partiesOf(input.orders);
  for (const o of input.orders) {
    if (o.status === 'active') {
      // Stepped out: absent with the time he said he would be back as his expected arrival, and no pin (the
      // guard pins him again by its rule once he is back; docs/decisions.md, "Parties and stepping out").
      const out = o.steppedOutUntil != null;
      orders.push({
        id: o.id,
        priority: o.priority,
        joinedAt: o.joinedAt,
        barberId: o.chosenBarberId,
        duration: o.duration,
        checkedIn: o.checkedIn && !out,
        ...(out ? { source: 'app' as const } : o.source !== undefined && { source: o.source }),
        ...(out ? { expectedAt: o.steppedOutUntil as number } : o.expectedAt != null && !o.checkedIn && { expectedAt: o.expectedAt }),
        // The no-bump guard as recorded (repos/guard.ts), never re-judged here.
        pinned: !out && o.pinnedAt != null,
        ...(!out && o.pinnedAt != null && { pinnedAt: o.pinnedAt }),
        ...(!out && partyOrder(o, parties)),
      });
      continue;
    }
    // In service: its barber is busy until the service ends (a barber off shift today does not matter here).
    const b = o.barberId === null ? undefined : barbers.get(o.barberId);
    if (b) {
      b.freeAt = Math.max(b.freeAt, serviceEnd(o, b.speed));
      // Past its expected end he is still busy: the engine adds the learned run-over.
      if (input.figures) b.serving = true;
    }
  }
  const learned = input.figures ? learnedOf(input.figures, now, timezone) : undefined;
  return {
    now,
    hours,
    barbers: [...barbers.values()].sort((x, y) => x.id - y.id),
    orders,
    full: input.full,
    ...(learned && { learned }),
    ...(holdRule && { hold: holdRule }),
  };
}

/** A shop's snapshot plus what the API shows beside the engine's answer. */
export interface ShopQueue {
  snapshot: Snapshot;
  /** The shop's weekly hours (for open_times). */
  hours: HoursRow[];
  /** The shifts the engine plans with (plannedShifts), with their barbers. */
  shifts: ShopShiftRow[];
  /** The waiting and in-service orders as read (the turn check looks at their customers). */
  open: OpenOrderRow[];
  waiting: number;
  onShiftNow: number;
}

const plans = new WeakMap<Snapshot, Schedule>();
/** The engine's plan of a queue, made once per snapshot: a join's answer and its turn check share one run. */
export function scheduleOf(queue: Pick<ShopQueue, 'snapshot'>): Schedule {
  let plan = plans.get(queue.snapshot);
  if (!plan) {
    plan = schedule(queue.snapshot);
    plans.set(queue.snapshot, plan);
  }
  return plan;
}

let defaults: Figures | undefined;
/** The constants as figures, made once (read only). */
function constants(): Figures {
  defaults ??= defaultFigures();
  return defaults;
}

function groupBy<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}

/**
 * What a shop's queue is built from, as read: its queue at any `now` comes from these rows alone until the shop
 * changes (its shifts are read DAY_REACH around the read, so rows a few minutes old still hold today's).
 */
export interface QueueRows {
  hours: HoursRow[];
  shifts: ShopShiftRow[];
  orders: OpenOrderRow[];
  figures: Figures | undefined;
}

/**
 * The queue rows of several shops read at `now`: three queries however many shops, and a fourth for the learned
 * figures when the shop rows do not carry them.
 */
export async function loadQueueRows(q: Queryable, shops: ShopRow[], now: number): Promise<Map<number, QueueRows>> {
  const ids = shops.map((s) => s.id);
  const out = new Map<number, QueueRows>();
  if (!ids.length) return out;
  // Figures the shop rows do not carry yet (a row read under the shop's lock does) take one query more.
  const unread = shops.filter((s) => s.figures === undefined).map((s) => s.id);
  const [hours, shifts, orders, stored] = await Promise.all([
    hoursOf(q, ids),
    shiftsAtShops(q, ids, now - DAY_REACH, now + DAY_REACH),
    openOrdersAt(q, ids),
    unread.length ? loadFigures(q, unread) : new Map<number, Figures>(),
  ]);
  const hoursBy = groupBy(hours, (h) => h.shopId);
  const shiftsBy = groupBy(shifts, (s) => s.shopId);
  const ordersBy = groupBy(orders, (o) => o.shopId);
  for (const shop of shops)
    out.set(shop.id, {
      hours: hoursBy.get(shop.id) ?? [],
      shifts: shiftsBy.get(shop.id) ?? [],
      orders: ordersBy.get(shop.id) ?? [],
      figures: shop.figures === undefined ? stored.get(shop.id) : (asFigures(shop.figures) ?? undefined),
    });
  return out;
}

/** A shop's queue at `now` from its rows (pure). A shop without stored figures uses the constants. */
export function queueFromRows(shop: ShopRow, rows: QueueRows, now: number): ShopQueue {
  const input: ShopQueueInput = {
    now,
    timezone: shop.timezone,
    hours: rows.hours,
    shifts: rows.shifts,
    orders: rows.orders,
    full: shop.queueFull,
    figures: rows.figures ?? constants(),
  };
  const snapshot = buildSnapshot(input);
  const today = plannedShifts(input.shifts, shop.timezone, now, snapshot.hours);
  return {
    snapshot,
    hours: input.hours,
    shifts: today,
    open: input.orders,
    waiting: input.orders.filter((o) => o.status === 'active').length,
    onShiftNow: onShiftNow(today, now),
  };
}

/** Queues of several shops at `now`, read afresh (loadQueueRows, then queueFromRows). */
export async function loadQueues(q: Queryable, shops: ShopRow[], now: number): Promise<Map<number, ShopQueue>> {
  const rows = await loadQueueRows(q, shops, now);
  return new Map(shops.map((shop) => [shop.id, queueFromRows(shop, rows.get(shop.id)!, now)]));
}

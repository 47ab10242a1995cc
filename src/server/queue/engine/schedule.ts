/**
 * The queue engine (docs/decisions.md, "Order of service"): a pure function of a Snapshot. It decides the order of service (membership
 * priority, then join time, with the no-bump guard), places each order on a barber (assign.ts), and answers
 * the waits the API shows: per order, per priority for a new customer, and per barber.
 *
 * The no-bump guard is a recorded fact, not something recomputed: an order is pinned (EngineOrder.pinned and
 * pinnedAt, the server's orders.pinned_at) from the recalculation at which it was checked in and due within
 * GUARD_MINUTES in the full schedule (Schedule.due lists those to record). From then on nobody who joins goes
 * ahead of it; whoever was ahead of it when it was pinned stays ahead. Judging "due" afresh at every
 * recalculation on a partial queue let an earlier non-member jump back ahead of a member who had rightly
 * overtaken it.
 */
import { memberAllowance } from './allowance.ts';
import { pick, waitMinutes } from './assign.ts';
import { type Ctx, type Placement, type Slot, prepare } from './lanes.ts';
import { arrivalSpread, playFloor, readyAt } from './floor.ts';
import type { BarberQueue, EngineOrder, OrderSource, Schedule, ScheduledOrder, Snapshot } from './types.ts';
import {
  type Spread,
  type SpreadCtx,
  type Window,
  cellOf,
  kindOf,
  memberVar,
  onShiftAt,
  playSpread,
  spreadCtx,
  spreadOf,
  windowOf,
} from './window.ts';
import { type FeatureInput, featuresOf, modelWindow } from './window-model.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A checked-in order due within this many minutes is never pushed back by a later joiner. */
export const GUARD_MINUTES = 5;
export const CLOSING_SOON_MINUTES = 30;
/** Typical service length used for the per-priority estimates and the per-barber queues. */
export const DEFAULT_PROBE_MINUTES = 30;
/** Membership priorities: none, Silver, Gold, Platinum. */
export const PRIORITIES = [0, 1, 2, 3] as const;

/** Likely arrival times a quote for someone on his way averages over (see floor.ts arrivalSpread). */
export const SPREAD = 3;

// Id of a proposed order that does not exist yet; stored ids are positive.
const NEW_ID = -1;

export interface ProposedOrder {
  priority: number;
  barberId: number | null;
  duration: number;
  /** Defaults to the snapshot's now. */
  joinedAt?: number;
  /** When the customer expects to arrive (epoch ms); absent with source 'app': the learned trip times. */
  expectedAt?: number;
  /** 'app' without check-in: a remote joiner. Absent or 'desk': in the shop now. */
  source?: OrderSource;
  checkedIn?: boolean;
}

/**
 * low/high: the wait's likely window (window.ts, window-model.ts); spread / spreadLow: the engine's own spreads above
 * and below, minutes; features: what the window's model read (window-model.ts MODEL_FEATURES), logged at join.
 */
export type Fit =
  | {
      ok: true;
      start: number;
      wait: number;
      low: number;
      high: number;
      spread: number;
      spreadLow: number;
      barberId: number;
      features: number[];
    }
  | { ok: false };

function byJoin(a: EngineOrder, b: EngineOrder): number {
  return a.joinedAt - b.joinedAt || a.id - b.id;
}

function isPinned(o: EngineOrder): boolean {
  return o.pinned === true || typeof o.pinnedAt === 'number';
}

/**
 * Whether a pinned order is shielded from a joiner: one who joined when it was pinned or later. A pin without
 * a time shields it from everyone who joined after it.
 */
function shields(o: EngineOrder, joinedAt: number): boolean {
  return isPinned(o) && (o.pinnedAt ?? -Infinity) <= joinedAt;
}

/** Whether an order already in the list stays ahead of a joiner: shielded by its pin, or of equal or higher priority. */
function staysAhead(o: EngineOrder, x: Pick<EngineOrder, 'priority' | 'joinedAt'>): boolean {
  return o.priority >= x.priority || shields(o, x.joinedAt);
}

/**
 * The order of service: the joiners admitted one by one in join order, each behind every order that stays ahead
 * of it (equal or higher priority, or pinned before it joined) and ahead of the others, whose order among
 * themselves is kept. Without pins that is priority desc, then join order. A pinned order is never behind
 * anyone who joined once it was pinned, but those who were ahead of it then keep their place. O(n) per
 * joiner only for a joiner who overtakes someone; a non-member just goes to the end.
 */
function serviceOrder(joiners: readonly EngineOrder[]): EngineOrder[] {
  let list: EngineOrder[] = [];
  for (const x of joiners) {
    let i = 0;
    while (i < list.length && staysAhead(list[i], x)) i++;
    if (i === list.length) {
      list.push(x);
      continue;
    }
    const ahead = list.slice(0, i);
    const behind: EngineOrder[] = [];
    for (; i < list.length; i++) (staysAhead(list[i], x) ? ahead : behind).push(list[i]);
    ahead.push(x);
    list = ahead.concat(behind);
  }
  return list;
}

/** Checked-in orders not pinned yet that start within the guard window in the full schedule. */
function dueNow(ctx: Ctx, placements: readonly Placement[]): number[] {
  const due: number[] = [];
  for (const { order, start } of placements) {
    if (order.checkedIn && !isPinned(order) && start !== null && start - ctx.now <= GUARD_MINUTES * MINUTE) due.push(order.id);
  }
  return due;
}

/**
 * The window told with a wait: the chain's learned model when the shop has one (window-model.ts), else the
 * engine's spreads with the shop's correction (window.ts).
 */
function told(ctx: Ctx, wait: number, spread: Spread, cell: number, features: () => FeatureInput): Window {
  const model = ctx.learned?.model;
  return model
    ? modelWindow(model, featuresOf(ctx, onShiftAt(ctx, ctx.now), features()), wait, cell)
    : windowOf(ctx.learned, wait, spread, cell);
}

/** Per list index: how many ahead are not in the shop, and their listed minutes. */
function aheadOf(list: readonly EngineOrder[]): { absent: Int32Array; minutes: Float64Array } {
  const absent = new Int32Array(list.length + 1);
  const minutes = new Float64Array(list.length + 1);
  list.forEach((o, k) => {
    absent[k + 1] = absent[k] + (kindOf(o) !== 0 ? 1 : 0);
    minutes[k + 1] = minutes[k] + o.duration;
  });
  return { absent, minutes };
}

/** Orders waiting that joined in the last hour. */
function recentJoins(orders: readonly EngineOrder[], now: number): number {
  let n = 0;
  for (const o of orders) if (o.joinedAt >= now - HOUR) n++;
  return n;
}

/** An order's features (window-model.ts) at list index k. */
function orderFeatures(
  o: EngineOrder,
  k: number,
  ahead: { absent: Int32Array; minutes: Float64Array },
  q: {
    wait: number;
    planned: number;
    spread: Spread;
    earliest: number;
    latest: number;
    arrival: number;
    recent: number;
  },
): FeatureInput {
  return {
    arrival: q.arrival,
    recent: q.recent,
    wait: q.wait,
    planned: q.planned,
    spreadHigh: q.spread.high,
    spreadLow: q.spread.low,
    ahead: k,
    absentAhead: ahead.absent[k],
    kind: kindOf(o),
    expectedAt: o.expectedAt,
    chose: o.barberId !== null,
    priority: o.priority,
    duration: o.duration,
    earliest: q.earliest,
    latest: q.latest,
    minutesAhead: ahead.minutes[k],
  };
}

/** Position counts only orders ahead that will be served today: an unservable one keeps no one waiting. */
function scheduledOrders(
  ctx: Ctx,
  sc: SpreadCtx,
  placements: readonly Placement[],
  quotedStart: Averaged,
  startVar: Float64Array,
  ready: readonly number[],
  recent: number,
): ScheduledOrder[] {
  let position = 0;
  let aheadAt: ReturnType<typeof aheadOf> | null = null;
  const ahead = () => {
    aheadAt ??= aheadOf(placements.map((p) => p.order));
    return aheadAt;
  };
  return placements.map(({ order, barberId, start }, k) => {
    if (start === null)
      return { id: order.id, barberId, start, wait: null, low: null, high: null, spread: null, spreadLow: null, position };
    const planned = waitMinutes(ctx.now, quotedStart.starts[k]);
    const wait = quoted(ctx, order.priority, planned, isPinned(order));
    const spread = spreadOf(startVar[k], memberVar(ctx, sc, wait - planned), wait - planned);
    const { low, high } = told(ctx, wait, spread, cellOf(kindOf(order), order.barberId !== null, wait), () =>
      orderFeatures(order, k, ahead(), {
        wait,
        planned,
        spread,
        earliest: waitMinutes(ctx.now, quotedStart.earliest[k]),
        latest: waitMinutes(ctx.now, quotedStart.latest[k]),
        arrival: Math.max(0, (ready[k] - ctx.now) / MINUTE),
        recent,
      }),
    );
    return {
      id: order.id,
      barberId,
      start,
      wait,
      low,
      high,
      spread: round1(spread.high),
      spreadLow: round1(spread.low),
      position: position++,
    };
  });
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The start each order is quoted from: with anyone on his way, the mean start over SPREAD equally likely
 * scenarios of everyone's arrival, from all early to all late (a late arrival costs more than an early one
 * saves), of those in which it is still served today; else its planned start. The same averaging as fits(), so
 * a join is quoted what the schedule says right after it.
 */
function averagedStarts(ctx: Ctx, list: readonly EngineOrder[], planned: readonly Placement[], stopAt = -1, own?: number[]): Averaged {
  const spreads = list.map((o, k) => (k === stopAt && own ? own : arrivalSpread(o, ctx.now, ctx.learned, SPREAD)));
  const starts = planned.map((p) => p.start ?? NaN);
  if (!spreads.some((sp) => sp.length > 1)) return { starts, earliest: starts, latest: starts };
  const sum = new Float64Array(list.length);
  const n = new Uint8Array(list.length);
  const earliest = new Array<number>(list.length).fill(Infinity);
  const latest = new Array<number>(list.length).fill(-Infinity);
  for (let g = 0; g < SPREAD; g++) {
    const ready = spreads.map((sp) => sp[Math.floor((g * sp.length) / SPREAD)]);
    const placements = playFloor(ctx, list, ready, stopAt).placements;
    placements.forEach((p, k) => {
      if (p.start !== null) {
        sum[k] += p.start;
        n[k]++;
        if (p.start < earliest[k]) earliest[k] = p.start;
        if (p.start > latest[k]) latest[k] = p.start;
      }
    });
  }
  const avg = starts.map((st, k) => (n[k] ? Math.round(sum[k] / n[k]) : st));
  return {
    starts: avg,
    earliest: avg.map((st, k) => (n[k] ? earliest[k] : st)),
    latest: avg.map((st, k) => (n[k] ? latest[k] : st)),
  };
}

/** The starts quoted, and the earliest and latest of them over the arrival scenarios (a what-if the model reads). */
interface Averaged {
  starts: number[];
  earliest: number[];
  latest: number[];
}

/** A planned wait as quoted: with the allowance for members yet to come, unless pinned (nobody overtakes it). */
function quoted(ctx: Ctx, priority: number, wait: number, pinned = false): number {
  return pinned ? wait : wait + memberAllowance(ctx, priority, wait, GUARD_MINUTES);
}

/** A probe's wait and window: a new customer in the shop now, behind those who stay ahead of him. */
function slotWait(ctx: Ctx, sc: SpreadCtx, free: Free, slot: Slot | null, priority: number, chose: boolean, probe: number) {
  if (slot === null) return { wait_time: null, low: null, high: null };
  const planned = waitMinutes(ctx.now, slot.start);
  const wait = quoted(ctx, priority, planned);
  const lane = free.idleVar[slot.lane];
  const spread = spreadOf(chose ? lane : lane / onShiftAt(ctx, slot.start), memberVar(ctx, sc, wait - planned), wait - planned);
  const { low, high } = told(ctx, wait, spread, cellOf(0, chose, wait), () => ({
    wait,
    planned,
    spreadHigh: spread.high,
    spreadLow: spread.low,
    ahead: free.ahead,
    absentAhead: free.absent,
    kind: 0,
    expectedAt: undefined,
    chose,
    priority,
    duration: probe,
    earliest: planned,
    latest: planned,
    minutesAhead: free.minutes,
    arrival: 0,
    recent: free.recent + 1,
  }));
  return { wait_time: wait, low, high };
}

function readiness(ctx: Ctx, list: readonly EngineOrder[]): number[] {
  return list.map((o) => readyAt(o, ctx.now, ctx.learned));
}

/** The full schedule's placements, and when each barber first has nobody present to take. */
interface Placed {
  list: EngineOrder[];
  /** readyAt of each order of the list. */
  ready: number[];
  placements: Placement[];
  idle: number[];
  seq: number[];
}

/** When each barber is first free for a newcomer, and the variance of that moment. */
interface Free {
  idle: number[];
  idleVar: Float64Array;
  /** Who is ahead of the newcomer: how many, how many of them absent, their listed minutes. */
  ahead: number;
  absent: number;
  minutes: number;
  /** Orders waiting that joined in the last hour. */
  recent: number;
}

function freeOf(ctx: Ctx, idle: number[], idleVar: Float64Array, ahead: readonly EngineOrder[], recent: number): Free {
  let absent = 0;
  let minutes = 0;
  // Only the window's model reads them.
  if (ctx.learned?.model)
    for (const o of ahead) {
      if (kindOf(o) !== 0) absent++;
      minutes += o.duration;
    }
  return { idle, idleVar, ahead: ahead.length, absent, minutes, recent };
}

/**
 * When each barber would first be free for a new joiner of this priority who is in the shop now: he is taken
 * before everyone he goes ahead of, so only those who stay ahead of him (admitting him splits the list) are
 * played.
 */
function freeBefore(ctx: Ctx, sc: SpreadCtx, placed: Placed, full: Free, priority: number): Free {
  const ahead: EngineOrder[] = [];
  const ready: number[] = [];
  placed.list.forEach((o, k) => {
    if (staysAhead(o, { priority, joinedAt: ctx.now })) {
      ahead.push(o);
      ready.push(placed.ready[k]);
    }
  });
  // Usually priority 0: everyone is ahead, and the full schedule has played them already.
  if (ahead.length === placed.list.length) return full;
  const plan = playFloor(ctx, ahead, ready);
  return freeOf(ctx, plan.idle, playSpread(ctx, sc, plan, ready).idle, ahead, full.recent);
}

function estimates(ctx: Ctx, sc: SpreadCtx, frees: readonly Free[], probe: number): Schedule['estimates'] {
  return PRIORITIES.map((priority) => {
    const free = frees[priority];
    const slot = pick(ctx, free.idle, { barberId: null, duration: probe });
    return { priority, ...slotWait(ctx, sc, free, slot, priority, false, probe) };
  });
}

/**
 * Each barber's probe for a new customer who picks him: priority 0 as the spec's fields, and (byPriority) the same
 * probe for every priority, so a member who picks a barber sees his own wait, from the same play as his estimate.
 */
function barberQueues(ctx: Ctx, sc: SpreadCtx, s: Snapshot, frees: readonly Free[], probe: number): BarberQueue[] {
  return s.barbers.map((b) => {
    const byPriority = PRIORITIES.map((priority) => {
      const free = frees[priority];
      const slot = pick(ctx, free.idle, { barberId: b.id, duration: probe });
      return { priority, ...slotWait(ctx, sc, free, slot, priority, true, probe) };
    });
    const { priority: _, ...w } = byPriority[0];
    return { id: b.id, ...w, queue_open: w.wait_time !== null, byPriority };
  });
}

function shortestWait(queues: BarberQueue[]): number | null {
  const waits = queues.flatMap((q) => (q.queue_open && q.wait_time !== null ? [q.wait_time] : []));
  return waits.length ? Math.min(...waits) : null;
}

export function isOpen(s: Pick<Snapshot, 'now' | 'hours'>): boolean {
  return s.hours !== null && s.hours.open <= s.now && s.now < s.hours.close;
}

/** The shop's whole answer; `orders` come in service order, unservable ones (start null) at their place in it. */
export function schedule(s: Snapshot, opts: { probeMinutes?: number } = {}): Schedule {
  const probe = opts.probeMinutes ?? DEFAULT_PROBE_MINUTES;
  const ctx = prepare(s);
  const list = serviceOrder([...s.orders].sort(byJoin));
  const ready = readiness(ctx, list);
  const placed: Placed = { list, ready, ...playFloor(ctx, list, ready) };
  const sc = spreadCtx(ctx);
  const spread = playSpread(ctx, sc, placed, ready);
  const recent = recentJoins(s.orders, s.now);
  const full = freeOf(ctx, placed.idle, spread.idle, list, recent);
  const frees = PRIORITIES.map((priority) => freeBefore(ctx, sc, placed, full, priority));
  const est = estimates(ctx, sc, frees, probe);
  const barbers = barberQueues(ctx, sc, s, frees, probe);
  const open = isOpen(s);
  const closingSoon = open && s.hours !== null && s.hours.close - s.now <= CLOSING_SOON_MINUTES * MINUTE;
  // Every barber's priority-0 probe fails exactly when the anyone probe (estimate 0) fails.
  const isFull = s.full === true || est[0].wait_time === null;
  return {
    orders: scheduledOrders(ctx, sc, placed.placements, averagedStarts(ctx, list, placed.placements), spread.start, ready, recent),
    estimates: est,
    barbers,
    shortest: shortestWait(barbers),
    queueState: !open ? 'closed' : isFull ? 'full' : 'open',
    open,
    closingSoon,
    due: dueNow(ctx, placed.placements),
  };
}

/** The join order with a proposed order inserted after everyone who joined at the same moment. */
function withProposal(orders: readonly EngineOrder[], x: EngineOrder): EngineOrder[] {
  const joiners = [...orders].sort(byJoin);
  const at = joiners.findIndex((o) => o.joinedAt > x.joinedAt);
  joiners.splice(at < 0 ? joiners.length : at, 0, x);
  return joiners;
}

/** Whether a proposed order can be served today; ok:false is the timeslot error. */
export function fits(s: Snapshot, order: ProposedOrder): Fit {
  const ctx = prepare(s);
  const x: EngineOrder = {
    id: NEW_ID,
    priority: order.priority,
    barberId: order.barberId,
    duration: order.duration,
    joinedAt: order.joinedAt ?? s.now,
    checkedIn: order.checkedIn ?? false,
    ...(order.source !== undefined && { source: order.source }),
    ...(order.expectedAt !== undefined && { expectedAt: order.expectedAt }),
  };
  const list = serviceOrder(withProposal(s.orders, x));
  const at = list.indexOf(x);
  // Present, it is taken before everyone behind it, so only the prefix up to it is played; away, those behind
  // it who are in the shop are served meanwhile.
  const own = arrivalSpread(x, ctx.now, ctx.learned, SPREAD);
  const played = own[own.length - 1] <= ctx.floor ? list.slice(0, at + 1) : list;
  // Whether it can be served today is the plan's answer, everyone at his expected arrival, as schedule() places
  // it: a full day costs one play.
  const readyPlayed = readiness(ctx, played);
  const plan = playFloor(ctx, played, readyPlayed, at);
  const planned = plan.placements[at];
  if (planned.start === null || planned.barberId === null) return { ok: false };
  // Everyone on his way, him included, may come early or late: quoted as schedule() quotes (averagedStarts).
  const averaged = averagedStarts(ctx, played, plan.placements, at, own);
  const start = averaged.starts[at];
  const raw = waitMinutes(s.now, start);
  const wait = quoted(ctx, x.priority, raw);
  const sc = spreadCtx(ctx);
  const spread = spreadOf(playSpread(ctx, sc, plan, readyPlayed).start[at], memberVar(ctx, sc, wait - raw), wait - raw);
  const input = orderFeatures(x, at, aheadOf(list.slice(0, at)), {
    wait,
    planned: raw,
    spread,
    earliest: waitMinutes(s.now, averaged.earliest[at]),
    latest: waitMinutes(s.now, averaged.latest[at]),
    arrival: Math.max(0, (readyPlayed[at] - s.now) / MINUTE),
    // He is one of them once he has joined, as schedule() counts him right after.
    recent: recentJoins(s.orders, s.now) + (x.joinedAt >= s.now - HOUR ? 1 : 0),
  });
  // The features are logged at join whether or not a model answered, so a chain learns its first model.
  const features = featuresOf(ctx, onShiftAt(ctx, ctx.now), input);
  const cell = cellOf(kindOf(x), x.barberId !== null, wait);
  const model = ctx.learned?.model;
  const { low, high } = model ? modelWindow(model, features, wait, cell) : windowOf(ctx.learned, wait, spread, cell);
  return {
    ok: true,
    start,
    wait,
    low,
    high,
    spread: round1(spread.high),
    spreadLow: round1(spread.low),
    barberId: planned.barberId,
    features,
  };
}

/**
 * The queue engine (docs/decisions.md, "Order of service"): a pure function of a Snapshot. It decides the order of service (membership
 * priority, then join time, with the no-bump guard), places each order on a barber (assign.ts), and answers
 * the waits the API shows: per order, per priority for a new customer, and per barber.
 *
 * Who goes ahead of whom, with the no-bump guard, is precedence.ts; how a planned start becomes the wait told,
 * quotes.ts; the waits of a new customer per priority and per barber, probes.ts.
 */
import { waitMinutes } from './assign.ts';
import { arrivalSpread, playFloor, readyAt } from './floor.ts';
import { prepare, type Ctx } from './lanes.ts';
import { byJoin, dueNow, serviceOrder, shielded, withProposal } from './precedence.ts';
import { barberQueues, DEFAULT_PROBE_MINUTES, estimates, freeBefore, freeOf, type Placed, PRIORITIES, shortestWait } from './probes.ts';
import { aheadOf, averagedStarts, orderFeatures, quoted, recentJoins, round1, scheduledOrders, SPREAD } from './quotes.ts';
import type { EngineOrder, OrderSource, Schedule, Snapshot } from './types.ts';
import { cellOf, kindOf, memberVar, onShiftAt, playSpread, spreadCtx, spreadOf, windowOf } from './window.ts';
import { featuresOf, modelWindow } from './window-model.ts';

export { GUARD_MINUTES } from './precedence.ts';
export { DEFAULT_PROBE_MINUTES, PRIORITIES } from './probes.ts';
export { SPREAD } from './quotes.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const CLOSING_SOON_MINUTES = 30;

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
  /** A companion's: the party he waits with (EngineOrder.party), its customer already in the snapshot. */
  party?: number;
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

function readiness(ctx: Ctx, list: readonly EngineOrder[]): number[] {
  return list.map((o) => readyAt(o, ctx.now, ctx.learned));
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
    ...(order.party !== undefined && { party: order.party }),
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
  const wait = quoted(ctx, x.priority, raw, shielded(x));
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

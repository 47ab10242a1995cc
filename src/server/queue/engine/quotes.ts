/**
 * How a planned start becomes the wait told for each order of the list (docs/decisions.md, "Honest waits"): its
 * start averaged over everyone's likely arrivals, the allowance for members yet to come, and the window told with
 * it (the chain's learned model, else the engine's spreads). Pure.
 */
import { memberAllowance } from './allowance.ts';
import { waitMinutes } from './assign.ts';
import { arrivalSpread, playFloor } from './floor.ts';
import type { Ctx, Placement } from './lanes.ts';
import { GUARD_MINUTES, shielded } from './precedence.ts';
import type { EngineOrder, ScheduledOrder } from './types.ts';
import { type Spread, type SpreadCtx, type Window, cellOf, kindOf, memberVar, onShiftAt, spreadOf, windowOf } from './window.ts';
import { type FeatureInput, featuresOf, modelWindow } from './window-model.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Likely arrival times a quote for someone on his way averages over (see floor.ts arrivalSpread). */
export const SPREAD = 3;

/**
 * The window told with a wait: the chain's learned model when the shop has one (window-model.ts), else the
 * engine's spreads with the shop's correction (window.ts).
 */
export function told(ctx: Ctx, wait: number, spread: Spread, cell: number, features: () => FeatureInput): Window {
  const model = ctx.learned?.model;
  return model
    ? modelWindow(model, featuresOf(ctx, onShiftAt(ctx, ctx.now), features()), wait, cell)
    : windowOf(ctx.learned, wait, spread, cell);
}

/** Per list index: how many ahead are not in the shop, and their listed minutes. */
export function aheadOf(list: readonly EngineOrder[]): { absent: Int32Array; minutes: Float64Array } {
  const absent = new Int32Array(list.length + 1);
  const minutes = new Float64Array(list.length + 1);
  list.forEach((o, k) => {
    absent[k + 1] = absent[k] + (kindOf(o) !== 0 ? 1 : 0);
    minutes[k + 1] = minutes[k] + o.duration;
  });
  return { absent, minutes };
}

/** Orders waiting that joined in the last hour. */
export function recentJoins(orders: readonly EngineOrder[], now: number): number {
  let n = 0;
  for (const o of orders) if (o.joinedAt >= now - HOUR) n++;
  return n;
}

/** An order's features (window-model.ts) at list index k. */
export function orderFeatures(
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
export function scheduledOrders(
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
    const wait = quoted(ctx, order.priority, planned, shielded(order));
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

export const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The start each order is quoted from: with anyone on his way, the mean start over SPREAD equally likely
 * scenarios of everyone's arrival, from all early to all late (a late arrival costs more than an early one
 * saves), of those in which it is still served today; else its planned start. The same averaging as fits(), so
 * a join is quoted what the schedule says right after it.
 */
export function averagedStarts(
  ctx: Ctx,
  list: readonly EngineOrder[],
  planned: readonly Placement[],
  stopAt = -1,
  own?: number[],
): Averaged {
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
export function quoted(ctx: Ctx, priority: number, wait: number, pinned = false): number {
  return pinned ? wait : wait + memberAllowance(ctx, priority, wait, GUARD_MINUTES);
}

/**
 * The likely window of a wait (its 10th and 90th percentiles: 8 of 10 customers are served within it): the
 * engine's own spreads of a planned start, from the floor it played, turned into a window by the shop's
 * calibrated correction.
 *
 * A spread is a standard deviation (minutes) of a start, built from what can still move it: the services
 * before it on its barber (each varies as the learned run-over does), the arrival of anyone absent planned just
 * before it or of the customer himself when his arrival decides his start, and members yet to come. An order
 * for anyone shares the pool, so his barber's variance is divided over the barbers on shift. Computed in one
 * pass over the play, so a window costs no more plays than the quote.
 *
 * The correction: quantiles of (actual − quote) ÷ spread, learned from the shop's own logged waits per cell
 * (arrival kind × chose a barber × quote band, learn.ts windowFigures); without one, Z_LOW_UNLEARNED /
 * Z_HIGH_UNLEARNED spreads. Once the chain has learned its window model, the model tells the window instead
 * (window-model.ts). Pure and deterministic.
 */
import type { Ctx, Placement } from './lanes.ts';
import { arrivalOf, type ArrivalOrder } from './floor.ts';
import { DEFAULT_LEARNED } from './lanes.ts';
import type { EngineOrder, Learned } from './types.ts';

const MINUTE = 60_000;
/** Variance (minutes²) every uncertain wait carries besides its causes: rounding, the minute it takes to call someone. */
const BASE_VARIANCE = 2;
/** The normal distribution's 10th / 90th percentile in standard deviations: the window without a correction. */
export const Z90 = 1.2816;
/**
 * The window's ends in spreads below and above while nothing is learned (a chain's first day): wider than the normal
 * percentiles, since waits run long more often than short (chosen on the accuracy bench's tuning seeds, where the
 * normal ones held about 64 % of first-day customers and these about 79 %).
 */
export const Z_LOW_UNLEARNED = 1.8;
export const Z_HIGH_UNLEARNED = 2.8;
/** Members' services vary: E[d²] ÷ E[d]² of a service menu. */
const SECOND_MOMENT = 1.2;

/** The quote bands of the correction, in minutes (lower bounds). */
export const WINDOW_BANDS: readonly number[] = [0, 10, 30, 60];
/** How a customer waits: 0 in the shop (or planned as present), 1 on his way with an arrival given, 2 without. */
export type ArrivalKind = 0 | 1 | 2;
export const WINDOW_CELLS = 3 * 2 * WINDOW_BANDS.length;

export function bandOf(wait: number): number {
  let b = 0;
  while (b + 1 < WINDOW_BANDS.length && wait >= WINDOW_BANDS[b + 1]) b++;
  return b;
}

/** The correction's cell of a quote. */
export function cellOf(kind: ArrivalKind, chose: boolean, wait: number): number {
  return (kind * 2 + (chose ? 1 : 0)) * WINDOW_BANDS.length + bandOf(wait);
}

export function kindOf(o: Pick<EngineOrder, 'checkedIn' | 'source' | 'expectedAt'>): ArrivalKind {
  if (o.checkedIn || o.source !== 'app') return 0;
  return typeof o.expectedAt === 'number' ? 1 : 2;
}

function variance(q: readonly number[]): number {
  if (q.length < 2) return 0;
  const mean = q.reduce((s, v) => s + v, 0) / q.length;
  return q.reduce((s, v) => s + (v - mean) ** 2, 0) / q.length;
}

/** What spreads need of a snapshot, computed once. */
export interface SpreadCtx {
  /** Variance of one service of the shop's mean length (minutes²). */
  service: number;
  meanMinutes: number;
}

export function spreadCtx(ctx: Ctx): SpreadCtx {
  const l = ctx.learned ?? DEFAULT_LEARNED;
  return { service: Math.max(1, variance(l.runOver)), meanMinutes: Math.max(1, l.meanMinutes || DEFAULT_LEARNED.meanMinutes) };
}

/** Variance of a service of `duration` listed minutes at `speed` (it grows with its length). */
function serviceVar(sc: SpreadCtx, duration: number, speed: number): number {
  return (sc.service * Math.max(0, duration) * speed) / sc.meanMinutes;
}

/** Variance still in an absent customer's arrival (minutes²), and the mean arrival; 0 when he is present. */
export function arrivalVar(o: ArrivalOrder, now: number, learned: Learned | undefined): number {
  const a = arrivalOf(o, now, learned);
  if (a === null) return 0;
  const left = a.q.filter((v) => v > a.x);
  return left.length ? Math.max(1, variance(left)) : 4;
}

/** How much an arrival's spread moves a start `slack` minutes after the expected arrival: fully when it is due on arrival. */
function binding(slack: number, arrival: number): number {
  if (arrival <= 0) return 0;
  return slack <= 0 ? 1 : Math.exp(-slack / Math.max(1, Math.sqrt(arrival)));
}

/** Barbers whose window holds t (at least one). */
export function onShiftAt(ctx: Ctx, t: number): number {
  let n = 0;
  for (const l of ctx.lanes) if (l.windows.some((w) => w.start <= t && t < Math.min(w.end, ctx.close))) n++;
  return Math.max(1, n);
}

/** Spreads of a play: per list index the variance of its start (NaN when unplaced), per lane the variance once idle. */
export interface PlaySpread {
  start: Float64Array;
  /** Per lane: variance of his free time at plan.idle (what a newcomer behind everyone inherits). */
  idle: Float64Array;
}

/**
 * The variance of every planned start of a play (see the header): walked in placement order, each barber
 * carrying what his services and the arrivals that decided them add.
 */
export function playSpread(
  ctx: Ctx,
  sc: SpreadCtx,
  plan: { placements: readonly Placement[]; seq: readonly number[]; idle: readonly number[] },
  ready: readonly number[],
): PlaySpread {
  const m = ctx.lanes.length;
  const lane = new Float64Array(m);
  const idle = new Float64Array(m);
  ctx.lanes.forEach((l, i) => {
    // A barber past the expected end of a service carries its run-over; one free now carries nothing.
    if (l.freeAt > ctx.now) lane[i] = sc.service;
  });
  const start = new Float64Array(plan.placements.length).fill(NaN);
  const idleDone = new Uint8Array(m);
  for (const k of plan.seq) {
    const p = plan.placements[k];
    if (p.start === null || p.barberId === null) continue;
    const i = ctx.laneOf.get(p.barberId) as number;
    if (!idleDone[i] && p.start >= plan.idle[i]) {
      idle[i] = lane[i];
      idleDone[i] = 1;
    }
    const o = p.order;
    const arr = arrivalVar(o, ctx.now, ctx.learned);
    const own = arr * binding((p.start - ready[k]) / MINUTE, arr);
    const shared = o.barberId === null ? lane[i] / onShiftAt(ctx, p.start) : lane[i];
    start[k] = shared + own;
    lane[i] += own + serviceVar(sc, o.duration, ctx.lanes[i].speed);
  }
  for (let i = 0; i < m; i++) if (!idleDone[i]) idle[i] = lane[i];
  return { start, idle };
}

/** Variance of the members yet to come behind an allowance of `allowance` minutes. */
export function memberVar(ctx: Ctx, sc: SpreadCtx, allowance: number): number {
  if (!(allowance > 0)) return 0;
  return (SECOND_MOMENT * allowance * sc.meanMinutes) / onShiftAt(ctx, ctx.now);
}

/** The engine's spreads (minutes) of a wait, below and above it. */
export interface Spread {
  low: number;
  high: number;
}

/**
 * The spreads of a wait from the variances that make it and the members' allowance in it. Above, everything
 * adds up. Below, members are lumpy: most often none of the allowance comes, so the low side reaches the
 * planned start less its own spread, a whole allowance lower.
 */
export function spreadOf(startVar: number, membersVar: number, allowance = 0): Spread {
  const v = Math.max(0, startVar);
  // Nothing can move a start that is now (a free barber and the customer in the shop).
  const high = v + Math.max(0, membersVar) > 0 ? Math.sqrt(BASE_VARIANCE + v + Math.max(0, membersVar)) : 0;
  const low = (v > 0 ? Math.sqrt(BASE_VARIANCE + v) : 0) + Math.max(0, allowance) / Z90;
  return { low, high };
}

export interface Window {
  low: number;
  high: number;
}

/** The window of a quoted wait: whole minutes, low ≤ wait ≤ high, never below 0. */
export function windowOf(learned: Learned | undefined, wait: number, spread: Spread, cell: number): Window {
  const c = learned?.window;
  const lo = c?.lo[cell] ?? -Z_LOW_UNLEARNED;
  const hi = c?.hi[cell] ?? Z_HIGH_UNLEARNED;
  return {
    low: Math.min(wait, Math.max(0, Math.floor(wait + lo * spread.low))),
    high: Math.max(wait, Math.ceil(wait + hi * spread.high)),
  };
}

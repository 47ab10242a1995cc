/**
 * Barber assignment: puts orders, already in service order, on the barber who can start them first inside a
 * shift window and the shop's hours. Pure; the only state is a per-barber "free at" array that each run owns.
 */
import { expectedFree } from './floor.ts';
import type { EngineBarber, EngineOrder, EngineShift, Learned, Snapshot } from './types.ts';

const MINUTE = 60_000;

/** What assignment needs of an order. */
export type Job = Pick<EngineOrder, 'barberId' | 'duration'>;

/** A barber prepared once per snapshot: windows sorted so the first one that fits is the earliest. */
interface Lane {
  id: number;
  speed: number;
  windows: EngineShift[];
  freeAt: number;
}

/** Everything about a snapshot that does not change while orders are placed. */
export interface Ctx {
  now: number;
  /** Nothing starts before this: now, and the opening time. */
  floor: number;
  /** Nothing ends after this: closing time, or -Infinity on a closed day so nothing fits. */
  close: number;
  /** Sorted by id so that ties between barbers go to the lower id. */
  lanes: Lane[];
  laneOf: Map<number, number>;
  /** What the shop has learned, when the snapshot carries it. */
  learned?: Learned;
}

export interface Placement {
  order: EngineOrder;
  barberId: number | null;
  start: number | null;
}

/** Where a job would go: lane index and start, or null when no eligible barber can take it today. */
export interface Slot {
  lane: number;
  start: number;
}

// A speed factor that is missing or nonsense must not make services free or negative.
function saneSpeed(speed: number): number {
  return Number.isFinite(speed) && speed > 0 ? speed : 1;
}

function lane(b: EngineBarber, now: number, learned: Learned | undefined): Lane {
  const windows = [...b.shifts].sort((x, y) => x.start - y.start || x.end - y.end);
  return { id: b.id, speed: saneSpeed(b.speed), windows, freeAt: expectedFree(b, now, learned) };
}

export function prepare(s: Snapshot): Ctx {
  const lanes = s.barbers.map((b) => lane(b, s.now, s.learned)).sort((x, y) => x.id - y.id);
  const laneOf = new Map<number, number>();
  // The first barber of a duplicated id wins, so a bad snapshot cannot double a barber's queue.
  lanes.forEach((l, i) => {
    if (!laneOf.has(l.id)) laneOf.set(l.id, i);
  });
  const floor = s.hours ? Math.max(s.now, s.hours.open) : s.now;
  const close = s.hours ? s.hours.close : -Infinity;
  return { now: s.now, floor, close, lanes, laneOf, ...(s.learned && { learned: s.learned }) };
}

/** Each barber's free time before any waiting order is placed. */
export function initialFree(ctx: Ctx): number[] {
  return ctx.lanes.map((l) => Math.max(l.freeAt, ctx.floor));
}

/** Listed minutes scaled by the barber's speed, in whole milliseconds. */
export function scaledMs(duration: number, speed: number): number {
  return Math.round(Math.max(0, duration) * speed * MINUTE);
}

/** Earliest start on one lane: a service never spans two windows, nor runs past closing. */
function earliestOn(ctx: Ctx, i: number, free: number[], duration: number): number | null {
  const l = ctx.lanes[i];
  const ms = scaledMs(duration, l.speed);
  for (const w of l.windows) {
    const start = Math.max(free[i], w.start);
    if (start + ms <= Math.min(w.end, ctx.close)) return start;
  }
  return null;
}

/** Best slot for a job given the barbers' current free times; does not commit it. */
export function pick(ctx: Ctx, free: number[], job: Job): Slot | null {
  if (job.barberId !== null) {
    const i = ctx.laneOf.get(job.barberId);
    if (i === undefined) return null;
    const start = earliestOn(ctx, i, free, job.duration);
    return start === null ? null : { lane: i, start };
  }
  let best: Slot | null = null;
  for (let i = 0; i < ctx.lanes.length; i++) {
    const start = earliestOn(ctx, i, free, job.duration);
    // Strictly earlier only: lanes are sorted by id, so a tie keeps the lower id.
    if (start !== null && (best === null || start < best.start)) best = { lane: i, start };
  }
  return best;
}

/** Places a job and marks its barber busy until it ends; an unservable job takes nobody's time. */
export function place(ctx: Ctx, free: number[], order: EngineOrder): Placement {
  const slot = pick(ctx, free, order);
  if (slot === null) return { order, barberId: null, start: null };
  const l = ctx.lanes[slot.lane];
  free[slot.lane] = slot.start + scaledMs(order.duration, l.speed);
  return { order, barberId: l.id, start: slot.start };
}

/** Places a list of orders, in the given order, from the barbers' initial free times. */
export function run(ctx: Ctx, list: readonly EngineOrder[]): { placements: Placement[]; free: number[] } {
  const free = initialFree(ctx);
  const placements = list.map((o) => place(ctx, free, o));
  return { placements, free };
}

/** Minutes from now to a start, rounded up, never negative. */
export function waitMinutes(now: number, start: number): number {
  return Math.max(0, Math.ceil((start - now) / MINUTE));
}

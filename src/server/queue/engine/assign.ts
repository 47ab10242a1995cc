/**
 * Barber assignment: puts orders, already in service order, on the barber who can start them first inside a
 * shift window and the shop's hours. Pure; the only state is a per-barber "free at" array that each run owns.
 */
import { type Ctx, type Placement, type Slot, initialFree, scaledMs } from './lanes.ts';
import type { EngineOrder } from './types.ts';

const MINUTE = 60_000;

/** What assignment needs of an order. */
export type Job = Pick<EngineOrder, 'barberId' | 'duration'>;

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

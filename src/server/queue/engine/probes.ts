/**
 * The waits of a new customer who is in the shop now (docs/decisions.md, "Honest waits"): per priority for one who
 * takes anyone (the estimates), and per barber for one who picks him, each played behind those who stay ahead of
 * him. Pure.
 */
import { pick, waitMinutes } from './assign.ts';
import { playFloor } from './floor.ts';
import type { Ctx, Placement, Slot } from './lanes.ts';
import { staysAhead } from './precedence.ts';
import { quoted, told } from './quotes.ts';
import type { BarberQueue, EngineOrder, Schedule, Snapshot } from './types.ts';
import { type SpreadCtx, cellOf, kindOf, memberVar, onShiftAt, playSpread, spreadOf } from './window.ts';

/** Typical service length used for the per-priority estimates and the per-barber queues. */
export const DEFAULT_PROBE_MINUTES = 30;
/** Membership priorities: none, Silver, Gold, Platinum. */
export const PRIORITIES = [0, 1, 2, 3] as const;

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

/** The full schedule's placements, and when each barber first has nobody present to take. */
export interface Placed {
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

export function freeOf(ctx: Ctx, idle: number[], idleVar: Float64Array, ahead: readonly EngineOrder[], recent: number): Free {
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
export function freeBefore(ctx: Ctx, sc: SpreadCtx, placed: Placed, full: Free, priority: number): Free {
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

export function estimates(ctx: Ctx, sc: SpreadCtx, frees: readonly Free[], probe: number): Schedule['estimates'] {
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
export function barberQueues(ctx: Ctx, sc: SpreadCtx, s: Snapshot, frees: readonly Free[], probe: number): BarberQueue[] {
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

export function shortestWait(queues: BarberQueue[]): number | null {
  const waits = queues.flatMap((q) => (q.queue_open && q.wait_time !== null ? [q.wait_time] : []));
  return waits.length ? Math.min(...waits) : null;
}

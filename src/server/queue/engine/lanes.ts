/**
 * The lanes the engine places orders on: each barber prepared once per snapshot (his windows, speed and
 * expected free time), the context that does not change while orders are placed, and the time helpers both
 * assignment and the floor plan use. Pure.
 */
import {
  DEFAULT_JOIN_RATE,
  DEFAULT_LATENESS_MINUTES,
  DEFAULT_MEAN_MINUTES,
  DEFAULT_REMOTE_SHARE,
  DEFAULT_RUN_OVER_MINUTES,
  DEFAULT_TRIP_MINUTES,
  TAIL_MINUTES,
} from '../../../shared/travel.ts';
import type { EngineBarber, EngineOrder, EngineShift, HoldRule, Learned, Snapshot } from './types.ts';

const MINUTE = 60_000;

/** The constants of src/shared/travel.ts as a Learned: what a shop without history (or chain) assumes. */
export const DEFAULT_LEARNED: Learned = {
  trip: DEFAULT_TRIP_MINUTES,
  lateness: DEFAULT_LATENESS_MINUTES,
  runOver: DEFAULT_RUN_OVER_MINUTES,
  joinRate: DEFAULT_JOIN_RATE,
  remoteShare: DEFAULT_REMOTE_SHARE,
  meanMinutes: DEFAULT_MEAN_MINUTES,
};

/**
 * E[X | X > x] of a distribution given as equal-mass quantiles (lowest first): what is still to come once x
 * minutes have passed without it. Past every quantile, x plus a short tail.
 */
export function meanAbove(q: readonly number[], x: number): number {
  let sum = 0;
  let n = 0;
  for (let i = q.length - 1; i >= 0 && q[i] > x; i--) {
    sum += q[i];
    n++;
  }
  return n ? sum / n : x + TAIL_MINUTES;
}

/** When a barber is expected free: past the expected end of a service in progress, the learned run-over still to come. */
export function expectedFree(b: Pick<EngineBarber, 'freeAt' | 'serving'>, now: number, learned: Learned | undefined): number {
  if (b.serving !== true || b.freeAt > now) return b.freeAt;
  const over = (now - b.freeAt) / MINUTE;
  const rest = meanAbove((learned ?? DEFAULT_LEARNED).runOver, over) - over;
  return now + Math.round(rest * MINUTE);
}

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
  /** The turn held for one on his way, in ms (floor.ts); null: none held. */
  hold: { ahead: number; chosen: number; grace: number } | null;
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

/**
 * The rule of a turn held for one on his way (docs/decisions.md, "A turn held for one on his way"): the defaults of
 * HOLD_FOR_ARRIVING_MINUTES and HOLD_GRACE_MINUTES. Off (0 minutes ahead) by default: measured, the hold shortened
 * the "leave by" followers' long waits less than it lengthened the walk-ins' (HELD_TURN is the rule measured).
 */
export const DEFAULT_HOLD: HoldRule = { ahead: 0, grace: 5, chosen: 0 };
/** The hold measured in docs/decisions.md (10 minutes ahead, 5 of grace): `BENCH_HOLD=10,5` or the settings turn it on. */
export const HELD_TURN: HoldRule = { ahead: 10, grace: 5, chosen: 0 };

/** A snapshot without a rule holds no turn (the floor as it was); the server's snapshots carry the configured one. */
function holdOf(r: HoldRule | undefined): Ctx['hold'] {
  if (!r) return null;
  const ahead = Number.isFinite(r.ahead) ? Math.max(r.ahead, 0) : 0;
  const chosen = Math.max(ahead, Number.isFinite(r.chosen) ? (r.chosen as number) : 0);
  if (!(chosen > 0)) return null;
  return { ahead: ahead * MINUTE, chosen: chosen * MINUTE, grace: Math.max(0, r.grace) * MINUTE };
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
  return { now: s.now, floor, close, lanes, laneOf, ...(s.learned && { learned: s.learned }), hold: holdOf(s.hold) };
}

/** Each barber's free time before any waiting order is placed. */
export function initialFree(ctx: Ctx): number[] {
  return ctx.lanes.map((l) => Math.max(l.freeAt, ctx.floor));
}

/** Listed minutes scaled by the barber's speed, in whole milliseconds. */
export function scaledMs(duration: number, speed: number): number {
  return Math.round(Math.max(0, duration) * speed * MINUTE);
}

/**
 * The floor the engine plans for (docs/decisions.md, "Honest waits"): a barber who is free takes the first customer in service order who
 * is in the shop, may be served by him, and fits before his shift or the shop ends. Nobody keeps a barber idle
 * by being away; an absent customer is served once he has arrived and a barber is free, ahead of those he
 * outranks who have not started. The plan is played barber by barber in time, from each customer's expected
 * arrival (readyAt) and each barber's expected free time (with the shop's learned run-over). Pure.
 */
import { type Ctx, DEFAULT_LEARNED, meanAbove, type Placement, initialFree, scaledMs } from './lanes.ts';
import type { EngineOrder, Learned } from './types.ts';

const MINUTE = 60_000;

/** What of an order its arrival is read from. */
export type ArrivalOrder = Pick<EngineOrder, 'checkedIn' | 'expectedAt' | 'source' | 'joinedAt'>;

/**
 * What is known of an absent customer's arrival: minutes after `from` as learned quantiles, of which `x` have
 * passed; null when he is in the shop or planned as present (a desk order, or no source recorded).
 */
export function arrivalOf(o: ArrivalOrder, now: number, learned: Learned | undefined) {
  if (o.checkedIn) return null;
  const l = learned ?? DEFAULT_LEARNED;
  if (typeof o.expectedAt === 'number' && Number.isFinite(o.expectedAt))
    return { from: o.expectedAt, q: l.lateness, x: (now - o.expectedAt) / MINUTE, floor: o.expectedAt };
  if (o.source !== 'app') return null;
  return { from: o.joinedAt, q: l.trip, x: (now - o.joinedAt) / MINUTE, floor: -Infinity };
}

/**
 * When a customer is expected in the shop (epoch ms); -Infinity when he is there or planned as present. Never
 * before the arrival he gave; past it, now plus the learned lateness still to come; a remote joiner without one
 * from the learned join-to-check-in times, given how long ago he joined.
 */
export function readyAt(o: ArrivalOrder, now: number, learned: Learned | undefined): number {
  const a = arrivalOf(o, now, learned);
  if (a === null) return -Infinity;
  return Math.max(a.floor, a.from + Math.round(meanAbove(a.q, a.x) * MINUTE));
}

/**
 * The same arrival as `groups` equally likely times (the means of the still possible quantiles, in groups):
 * a quote for someone on his way averages the plan over them, because a late arrival costs more than an early
 * one saves. A single [readyAt] when nothing is uncertain.
 */
export function arrivalSpread(
  o: Pick<EngineOrder, 'checkedIn' | 'expectedAt' | 'source' | 'joinedAt'>,
  now: number,
  learned: Learned | undefined,
  groups: number,
): number[] {
  const a = arrivalOf(o, now, learned);
  if (a === null) return [-Infinity];
  const left = a.q.filter((v) => v > a.x);
  if (left.length < 2 || groups < 2) return [readyAt(o, now, learned)];
  const k = Math.min(groups, left.length);
  return Array.from({ length: k }, (_, g) => {
    const part = left.slice(Math.floor((g * left.length) / k), Math.floor(((g + 1) * left.length) / k));
    const mean = part.reduce((s, v) => s + v, 0) / part.length;
    return Math.max(a.floor, a.from + Math.round(mean * MINUTE));
  });
}

/**
 * Who holds the turn of an order due at `due`: of the barbers who may serve him, hold no other turn, and are free by
 * then and on shift to serve him at that moment, the one free last (lower id on a tie); -1 when none.
 */
function holder(ctx: Ctx, at: readonly number[], holds: Int32Array, o: EngineOrder, due: number): number {
  let best = -1;
  for (let j = 0; j < ctx.lanes.length; j++) {
    const l = ctx.lanes[j];
    if (holds[j] >= 0 || at[j] > due || (o.barberId !== null && o.barberId !== l.id)) continue;
    if (onShift(ctx, j, due) !== due || due + scaledMs(o.duration, l.speed) > windowEnd(ctx, j, due)) continue;
    if (best < 0 || at[j] > at[best]) best = j;
  }
  return best;
}

/** The plan of a list in service order, and when each barber would first have nobody to take. */
export interface FloorPlan {
  placements: Placement[];
  /** Per lane: the first moment he finds no one present he may serve (Infinity: never again today). */
  idle: number[];
  /** Indices into the list in the order they were placed (each barber's services in time order). */
  seq: number[];
}

/** First instant at or after t inside one of the lane's windows and before closing, or Infinity. */
function onShift(ctx: Ctx, i: number, t: number): number {
  for (const w of ctx.lanes[i].windows) {
    const start = Math.max(t, w.start);
    if (start < Math.min(w.end, ctx.close)) return start;
  }
  return Infinity;
}

function windowEnd(ctx: Ctx, i: number, t: number): number {
  for (const w of ctx.lanes[i].windows) if (w.start <= t && t < w.end) return Math.min(w.end, ctx.close);
  return t;
}

/**
 * Whether the floor may hold a turn for this order (docs/decisions.md, "A turn held for one on his way"): he is on
 * his way with an arrival he gave (or a time he said he would be back), and not later than the grace past it.
 */
export function holdable(ctx: Ctx, o: Pick<EngineOrder, 'checkedIn' | 'expectedAt'>): boolean {
  return (
    ctx.hold !== null &&
    !o.checkedIn &&
    typeof o.expectedAt === 'number' &&
    Number.isFinite(o.expectedAt) &&
    ctx.now <= o.expectedAt + ctx.hold.grace
  );
}

/**
 * Until when the floor may hold a turn for this order at all (its arrival given plus the grace); null when never.
 * A turn held longer than that lapses: from then on he is served when he comes, by the next free barber.
 */
export function holdLapsesAt(ctx: Ctx, o: Pick<EngineOrder, 'checkedIn' | 'expectedAt'>): number | null {
  return holdable(ctx, o) && ctx.hold ? (o.expectedAt as number) + ctx.hold.grace : null;
}

/**
 * Plays the floor: repeatedly the barber free first (lower id on a tie) takes the first order in `list` that is
 * present by then (ready[k] <= his time), is his or anyone's, and fits; with nobody to take he waits for the
 * next arrival or the end of his window. Stops once list[stopAt] is placed, when given.
 *
 * A turn held for one on his way (docs/decisions.md): when a barber meets, first of those he may serve, one who is
 * not there yet but holdable and due within the hold's reach, one barber keeps his turn: of those who may serve him
 * and are free by his arrival without holding anyone else, the one free last (the least idle; lower id on a tie).
 * That barber serves the first one present behind him meanwhile only if the service ends by his arrival plus the
 * grace, else waits for him (never a shorter service further back: among those here the order stays the order of
 * starts). The others go on as before; whoever is free when he comes serves him.
 */
export function playFloor(ctx: Ctx, list: readonly EngineOrder[], ready: readonly number[], stopAt = -1): FloorPlan {
  const n = list.length;
  const m = ctx.lanes.length;
  const free = initialFree(ctx);
  const at = free.map((f, i) => onShift(ctx, i, f));
  const idle: number[] = new Array(m).fill(NaN);
  const placements: Placement[] = list.map((order) => ({ order, barberId: null, start: null }));
  const seq: number[] = [];
  // The orders not placed yet, as a doubly linked list in service order (n is the end), so a scan never walks
  // over the ones already placed.
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  for (let k = 0; k <= n; k++) {
    next[k] = k + 1;
    prev[k] = k - 1;
  }
  let first = 0;
  let left = n;
  const hold = ctx.hold;
  // The turn each barber holds (an index into list, -1 none) and the barber holding each order's turn.
  const holds = hold ? new Int32Array(m).fill(-1) : null;
  const heldBy = hold ? new Int32Array(n).fill(-1) : null;
  while (left > 0) {
    let i = -1;
    for (let j = 0; j < m; j++) if (at[j] !== Infinity && (i < 0 || at[j] < at[i])) i = j;
    if (i < 0) break;
    const t = at[i];
    const lane = ctx.lanes[i];
    const end = windowEnd(ctx, i, t);
    let took = -1;
    let nextReady = Infinity;
    // Behind the turn he holds, a service must end by then.
    let held = holds ? holds[i] : -1;
    let deadline = held >= 0 && hold ? ready[held] + hold.grace : Infinity;
    for (let k = first; k < n; k = next[k]) {
      const o = list[k];
      if (o.barberId !== null && o.barberId !== lane.id) continue;
      if (ready[k] > t) {
        if (ready[k] < nextReady) nextReady = ready[k];
        const reach = hold ? (o.barberId !== null ? hold.chosen : hold.ahead) : 0;
        if (hold && heldBy && holds && heldBy[k] < 0 && reach > 0 && ready[k] - t <= reach && holdable(ctx, o)) {
          const j = holder(ctx, at, holds, o, ready[k]);
          if (j >= 0) {
            heldBy[k] = j;
            holds[j] = k;
            // Held by this barber now: whoever he may take behind him must be done by then.
            if (j === i && held < 0) {
              held = k;
              deadline = ready[k] + hold.grace;
            }
          }
        }
        continue;
      }
      const ends = t + scaledMs(o.duration, lane.speed);
      if (ends > end) continue;
      // Behind the turn he holds, only the first one here, and only if he is done by then: nobody here is passed.
      if (held < 0 || k <= held || ends <= deadline) took = k;
      break;
    }
    if (took < 0) {
      // Holding a turn he is not free for a newcomer: he is idle only once the turn is served.
      if (Number.isNaN(idle[i]) && held < 0) idle[i] = t;
      at[i] = nextReady < end ? nextReady : onShift(ctx, i, end);
      continue;
    }
    const ms = scaledMs(list[took].duration, lane.speed);
    placements[took] = { order: list[took], barberId: lane.id, start: t };
    seq.push(took);
    if (heldBy && holds && heldBy[took] >= 0) {
      holds[heldBy[took]] = -1;
      heldBy[took] = -1;
    }
    if (took === first) first = next[took];
    else next[prev[took]] = next[took];
    prev[next[took]] = prev[took];
    left--;
    at[i] = onShift(ctx, i, t + ms);
    if (took === stopAt) break;
  }
  for (let j = 0; j < m; j++) if (Number.isNaN(idle[j])) idle[j] = at[j];
  return { placements, idle, seq };
}

/**
 * Members yet to come (docs/decisions.md, "Honest waits"): a quote of a lower priority includes the expected delay from members of a
 * higher one who will join while it waits and be in the shop before its turn. From the shop's learned join
 * rates around now; it changes quotes only, never the plan. Pure.
 */
import type { Ctx } from './lanes.ts';

const MINUTE = 60_000;
/** The overtakers' share of the barbers' time is bounded so a mistaken rate cannot make a quote explode. */
const MAX_LOAD = 0.6;

/** Barbers on shift on average over the next `minutes` (at least one): staggered shifts share a long wait. */
function onShiftOver(ctx: Ctx, minutes: number): number {
  const from = ctx.now;
  const to = ctx.now + Math.max(1, minutes) * MINUTE;
  let covered = 0;
  for (const l of ctx.lanes) for (const w of l.windows) covered += Math.max(0, Math.min(w.end, to) - Math.max(w.start, from));
  return Math.max(1, covered / (to - from));
}

/**
 * Minutes to add to a planned wait of `waitMin` for an order of `priority`: the barber time of the higher
 * members expected to join and arrive before its start (those arriving in the last `guardMinutes` cannot
 * overtake a pinned order), and of those who join while they are served, and so on.
 */
export function memberAllowance(ctx: Ctx, priority: number, waitMin: number, guardMinutes: number): number {
  const l = ctx.learned;
  if (!l || priority >= 3 || !(waitMin > 0)) return 0;
  let perHour = 0;
  for (let q = priority + 1; q <= 3; q++) perHour += Math.max(0, l.joinRate[q] ?? 0);
  if (!(perHour > 0)) return 0;
  const speed = ctx.lanes.length ? ctx.lanes.reduce((s, x) => s + x.speed, 0) / ctx.lanes.length : 1;
  const load = Math.min(MAX_LOAD, ((perHour / 60) * l.meanMinutes * speed) / onShiftOver(ctx, waitMin));
  // Those who join in the shop can overtake until the guard's last minutes; those from afar only once they are
  // in the shop, a learned trip later. Nobody joins once a service no longer fits before closing.
  const open = Math.max(0, Math.min(waitMin - guardMinutes, (ctx.close - ctx.now) / MINUTE - l.meanMinutes));
  const remote = Math.min(1, Math.max(0, l.remoteShare));
  let afar = 0;
  for (const trip of l.trip) afar += Math.max(0, open - trip);
  const window = (1 - remote) * open + (l.trip.length ? (remote * afar) / l.trip.length : remote * open);
  return Math.round((load * window) / (1 - load));
}

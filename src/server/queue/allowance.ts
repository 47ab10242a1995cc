/**
 * Members yet to come (issue 18): a quote of a lower priority includes the expected delay from members of a
 * higher one who will join while it waits and be in the shop before its turn. From the shop's learned join
 * rates around now; it changes quotes only, never the plan. Pure.
 */
import type { Ctx } from './assign.ts';
import { meanAbove } from './floor.ts';

/** The overtakers' share of the barbers' time is bounded so a mistaken rate cannot make a quote explode. */
const MAX_LOAD = 0.6;

/** Barbers on shift now, at least one. */
function onShiftNow(ctx: Ctx): number {
  let n = 0;
  for (const l of ctx.lanes) if (l.windows.some((w) => w.start <= ctx.now && ctx.now < w.end)) n++;
  return Math.max(1, n);
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
  const load = Math.min(MAX_LOAD, ((perHour / 60) * l.meanMinutes * speed) / onShiftNow(ctx));
  // A member who joins remotely overtakes only once he is in the shop.
  const lead = guardMinutes + l.remoteShare * meanAbove(l.trip, 0);
  const window = Math.max(0, waitMin - lead);
  return Math.round((load * window) / (1 - load));
}

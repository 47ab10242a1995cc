/**
 * When a customer on his way should leave: leaving then with his expected trip, he arrives at the low end of his
 * window. The server's quote and the app's screens compute it with this one function, so the review, the quote
 * and tracking say the same moment (docs/decisions.md, "One answer per person").
 */

const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Epoch ms; null without a window or a trip, and never before now. */
export function leaveBy(now: number, low: number | null | undefined, tripMinutes: number | null | undefined): number | null {
  if (!ok(low) || !ok(tripMinutes)) return null;
  return Math.max(now, now + Math.round((low - tripMinutes) * 60_000));
}

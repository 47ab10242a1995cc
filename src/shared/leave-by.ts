/**
 * When a customer on his way should leave: leaving then with his expected trip, he arrives at the low end of his
 * window. The server says it itself (`leave_by`, from its plan: docs/decisions.md, "Leave by"); the app's screens
 * count it with this function only from an answer that does not carry it, by the same rule.
 */

const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Epoch ms; null without a window or a trip, and never before now. */
export function leaveBy(now: number, low: number | null | undefined, tripMinutes: number | null | undefined): number | null {
  if (!ok(low) || !ok(tripMinutes)) return null;
  return Math.max(now, now + Math.round((low - tripMinutes) * 60_000));
}

/**
 * The likely window under a wait ("usually 20–35 min"): 8 of 10 customers are served within it. Ends over 10
 * minutes round outwards to a multiple of 5 (low down, high up); a window of 5 minutes or less after rounding
 * says nothing the number does not, so the number stands alone; one from 0 reads "up to" its high end.
 */

export type WaitWindow = { kind: 'range'; low: number; high: number } | { kind: 'upTo'; high: number };

const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** What to show under a wait of `wait` minutes with the window [low, high]; null: the number alone. */
export function waitWindow(wait: number | null, low: number | null | undefined, high: number | null | undefined): WaitWindow | null {
  if (!ok(wait) || !ok(low) || !ok(high) || low > high) return null;
  const lo = low > 10 ? Math.floor(low / 5) * 5 : Math.floor(low);
  const hi = high > 10 ? Math.ceil(high / 5) * 5 : Math.ceil(high);
  if (hi - lo <= 5) return null;
  return lo === 0 ? { kind: 'upTo', high: hi } : { kind: 'range', low: lo, high: hi };
}

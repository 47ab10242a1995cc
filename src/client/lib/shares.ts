/**
 * Shares that make a whole shown as whole percents that add up to 100 (largest remainder): 1/3 each reads 34, 33, 33,
 * never 33, 33, 33. Pure.
 */

/** Whole percents of `shares` (each 0–1, together about 1) adding up to 100; null when any is unknown. */
export function wholePercents(shares: readonly (number | null | undefined)[]): number[] | null {
  if (!shares.length || shares.some((x) => typeof x !== 'number' || !Number.isFinite(x) || x < 0)) return null;
  const xs = shares as number[];
  const total = xs.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const exact = xs.map((x) => (x / total) * 100);
  const out = exact.map(Math.floor);
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  return out;
}

/**
 * Barber speed learned from finished services (docs/decisions.md, "Learned speed"): each finish is a sample of actual / listed
 * minutes; the speed is an exponentially weighted mean of the latest samples, bounded, and only once a
 * barber has enough of them (before that the configured speed stands). Pure; operator/finish-speed.ts
 * stores a sample and writes barbers.speed in the finish's transaction.
 */

export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;
/** Fewer samples than this leave the configured speed alone: two odd haircuts say little. */
export const MIN_SAMPLES = 5;
/** Weight of the newest sample; about the last ten services count. */
export const ALPHA = 0.2;
/** Samples read back per update. */
export const WINDOW = 50;

const MINUTE = 60_000;

const clamp = (x: number) => Math.min(SPEED_MAX, Math.max(SPEED_MIN, x));

/**
 * actual / listed of one finished service, bounded; null for what is surely an operator slip (finish pressed
 * right after start, or hours later) rather than a slow or fast haircut.
 */
export function sampleRatio(listedMinutes: number, actualMs: number): number | null {
  if (!(listedMinutes > 0) || !Number.isFinite(actualMs)) return null;
  const ratio = actualMs / MINUTE / listedMinutes;
  if (ratio < SPEED_MIN / 2 || ratio > SPEED_MAX * 2) return null;
  return clamp(ratio);
}

/** The learned speed from ratios oldest first, or `prior` while there are fewer than MIN_SAMPLES. */
export function learnSpeed(ratios: readonly number[], prior: number): number {
  if (ratios.length < MIN_SAMPLES) return prior;
  // Seeded with the mean of the first few, so one early outlier does not dominate the start.
  let s = ratios.slice(0, MIN_SAMPLES).reduce((a, r) => a + clamp(r), 0) / MIN_SAMPLES;
  for (const r of ratios.slice(MIN_SAMPLES)) s += ALPHA * (clamp(r) - s);
  return Math.round(clamp(s) * 1000) / 1000;
}

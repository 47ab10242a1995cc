/**
 * How honest quoted waits were: the one function the accuracy bench, the tests and the
 * console's figures use. Quote = the wait shown at join; actual = service start − join, both minutes.
 */

/** A quote counts as kept when the actual wait is within this many minutes of it. */
export const WITHIN_MINUTES = 10;

export interface WaitOutcome {
  quote: number;
  actual: number;
}

export interface Accuracy {
  n: number;
  /** Mean absolute error, minutes. */
  mae: number;
  /** Mean of actual − quote: positive means waits were longer than quoted. */
  bias: number;
  /** Share with |actual − quote| ≤ WITHIN_MINUTES. */
  within: number;
  /** Share that waited more than WITHIN_MINUTES longer than quoted. */
  longer: number;
  /** Share served more than WITHIN_MINUTES sooner than quoted. */
  sooner: number;
}

/** The figures of a set of outcomes; NaN throughout when there are none. */
export function accuracy(outcomes: readonly WaitOutcome[]): Accuracy {
  const n = outcomes.length;
  if (!n) return { n, mae: NaN, bias: NaN, within: NaN, longer: NaN, sooner: NaN };
  let abs = 0;
  let signed = 0;
  let within = 0;
  let longer = 0;
  let sooner = 0;
  for (const { quote, actual } of outcomes) {
    const e = actual - quote;
    abs += Math.abs(e);
    signed += e;
    if (Math.abs(e) <= WITHIN_MINUTES) within++;
    else if (e > 0) longer++;
    else sooner++;
  }
  return { n, mae: abs / n, bias: signed / n, within: within / n, longer: longer / n, sooner: sooner / n };
}

/** How far past the window's high end counts as a long miss, minutes. */
export const FAR_PAST_MINUTES = 10;
/** The interval score's α: a miss costs 2 ÷ α = 10 per minute outside the window. */
export const SCORE_PENALTY = 10;

export interface WindowOutcome {
  low: number;
  high: number;
  actual: number;
}

export interface WindowAccuracy {
  n: number;
  /** Share served inside [low, high]. */
  covered: number;
  /** Share served before low / after high. */
  below: number;
  above: number;
  /** Share served more than FAR_PAST_MINUTES after high. */
  farAbove: number;
  meanWidth: number;
  medianWidth: number;
  /** Mean interval score: width + SCORE_PENALTY × minutes outside. */
  score: number;
}

/** The figures of windows told against the waits that happened; NaN throughout when there are none. */
export function windowAccuracy(outcomes: readonly WindowOutcome[]): WindowAccuracy {
  const n = outcomes.length;
  if (!n) return { n, covered: NaN, below: NaN, above: NaN, farAbove: NaN, meanWidth: NaN, medianWidth: NaN, score: NaN };
  let below = 0;
  let above = 0;
  let far = 0;
  let width = 0;
  let score = 0;
  const widths: number[] = [];
  for (const { low, high, actual } of outcomes) {
    const w = high - low;
    widths.push(w);
    width += w;
    let miss = 0;
    if (actual < low) {
      below++;
      miss = low - actual;
    } else if (actual > high) {
      above++;
      miss = actual - high;
      if (miss > FAR_PAST_MINUTES) far++;
    }
    score += w + SCORE_PENALTY * miss;
  }
  widths.sort((a, b) => a - b);
  const mid = Math.floor(n / 2);
  const median = n % 2 ? widths[mid] : (widths[mid - 1] + widths[mid]) / 2;
  return {
    n,
    covered: (n - below - above) / n,
    below: below / n,
    above: above / n,
    farAbove: far / n,
    meanWidth: width / n,
    medianWidth: median,
    score: score / n,
  };
}

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

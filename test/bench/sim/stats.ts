/** Error figures of a wait estimator against the waits that happened, and their printing. */
import type { WaitRecord } from './day.ts';

export const WITHIN = 10; // minutes

export interface Figures {
  n: number;
  mae: number;
  /** Mean of actual − estimate: positive means the estimator promised too short a wait. */
  bias: number;
  within: number;
  under: number;
  over: number;
}

export function figures(records: readonly WaitRecord[], estimate: (r: WaitRecord) => number): Figures {
  const n = records.length;
  if (!n) return { n, mae: NaN, bias: NaN, within: NaN, under: NaN, over: NaN };
  let abs = 0;
  let signed = 0;
  let within = 0;
  let under = 0;
  let over = 0;
  for (const r of records) {
    const e = r.actual - estimate(r);
    abs += Math.abs(e);
    signed += e;
    if (Math.abs(e) <= WITHIN) within++;
    if (e > WITHIN) under++;
    if (e < -WITHIN) over++;
  }
  return { n, mae: abs / n, bias: signed / n, within: within / n, under: under / n, over: over / n };
}

const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)} %`);
const num = (x: number, d = 1): string => (Number.isNaN(x) ? '—' : x.toFixed(d));

export function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

const MAIN_W = [22, 6, 9, 10, 11, 10, 9];

export function mainHeader(): string {
  return row(['estimator', 'n', 'MAE min', 'within 10', 'under >10', 'over >10', 'bias'], MAIN_W);
}

export function mainRow(name: string, f: Figures): string {
  return row([name, String(f.n), num(f.mae), pct(f.within), pct(f.under), pct(f.over), num(f.bias, 1)], MAIN_W);
}

const SPLIT_W = [26, 6, 9, 9, 7, 11, 11, 11, 11];

export function splitHeader(): string {
  return row(['group', 'n', 'eng MAE', 'naive MAE', 'ratio', 'eng ≤10', 'naive ≤10', 'eng under', 'naive under'], SPLIT_W);
}

export function splitRow(name: string, engine: Figures, naive: Figures): string {
  return row(
    [name, String(engine.n), num(engine.mae), num(naive.mae), num(engine.mae / naive.mae, 2), pct(engine.within), pct(naive.within), pct(engine.under), pct(naive.under)],
    SPLIT_W,
  );
}

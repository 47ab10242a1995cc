/** The bench's tables: the shared accuracy figures (src/server/queue/engine/accuracy.ts) of the engine and the naive estimate. */
import { type Accuracy, accuracy } from '../../../src/server/queue/engine/accuracy.ts';
import type { WaitRecord } from './day.ts';

export interface Pair {
  engine: Accuracy;
  naive: Accuracy;
  /** MAE engine ÷ naive. */
  ratio: number;
}

export function pair(records: readonly WaitRecord[]): Pair {
  const engine = accuracy(records.map((r) => ({ quote: r.quote, actual: r.actual })));
  const naive = accuracy(records.map((r) => ({ quote: r.naive, actual: r.actual })));
  return { engine, naive, ratio: engine.mae / naive.mae };
}

export interface Target {
  ratio: number;
  within: number;
  longer: number;
}

/** Whether figures meet a target, loosened by a slack (ratio +, within − points, longer + points). */
export function meets(p: Pair, t: Target, slack: Target = { ratio: 0, within: 0, longer: 0 }): boolean {
  return p.ratio <= t.ratio + slack.ratio && p.engine.within >= t.within - slack.within && p.engine.longer <= t.longer + slack.longer;
}

const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)} %`);
const num = (x: number, d = 1): string => (Number.isNaN(x) ? '—' : x.toFixed(d));

export function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

const W = [30, 6, 8, 8, 7, 10, 10, 10, 7];

export function header(): string {
  return row(['group', 'n', 'eng MAE', 'nai MAE', 'ratio', 'within 10', 'longer>10', 'sooner>10', 'bias'], W);
}

export function line(name: string, p: Pair): string {
  const e = p.engine;
  return row(
    [name, String(e.n), num(e.mae), num(p.naive.mae), num(p.ratio, 2), pct(e.within), pct(e.longer), pct(e.sooner), num(e.bias)],
    W,
  );
}

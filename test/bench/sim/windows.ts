/**
 * The window tables of the accuracy bench: the engine's windows told at join against the lookup-table baseline
 * (the 10th and 90th percentiles of actual − quote per quote band × arrival kind × chose a barber, learned on
 * the other days of the same run), with the shared figures of src/server/queue/accuracy.ts.
 */
import { type WindowAccuracy, windowAccuracy } from '../../../src/server/queue/engine/accuracy.ts';
import type { WaitRecord } from './day.ts';
import { row } from './stats.ts';

/** The baseline's quote bands (minutes, lower bounds): finer than the report's so the table is at its best. */
const TABLE_BANDS = [0, 5, 10, 15, 20, 30, 45, 60, 90];
const MIN_TABLE_CELL = 30;

const kind = (r: WaitRecord): string => (r.walkIn ? 'walk-in' : r.gaveEta ? 'remote, gave ETA' : 'remote, no ETA');
function tableBand(q: number): number {
  let b = 0;
  while (b + 1 < TABLE_BANDS.length && q >= TABLE_BANDS[b + 1]) b++;
  return b;
}
const cell = (r: WaitRecord): string => `${tableBand(r.quote)}|${kind(r)}|${r.chose}`;
const segment = (r: WaitRecord): string => `${kind(r)}|${r.chose}`;

function pct(xs: number[], p: number): number {
  const pos = p * (xs.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(xs.length - 1, lo + 1);
  return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo);
}

/** Percentiles of actual − quote by key, with the key's fallback for thin cells. */
function learnTable(train: readonly WaitRecord[]): (r: WaitRecord) => { low: number; high: number } {
  const by = new Map<string, number[]>();
  const bySeg = new Map<string, number[]>();
  const all: number[] = [];
  for (const r of train) {
    const e = r.actual - r.quote;
    for (const [m, k] of [
      [by, cell(r)],
      [bySeg, segment(r)],
    ] as const) {
      const xs = m.get(k);
      if (xs) xs.push(e);
      else m.set(k, [e]);
    }
    all.push(e);
  }
  const q = new Map<string, [number, number]>();
  const of = (xs: number[]): [number, number] => {
    xs.sort((a, b) => a - b);
    return [pct(xs, 0.1), pct(xs, 0.9)];
  };
  const allQ = of(all);
  for (const [k, xs] of by) if (xs.length >= MIN_TABLE_CELL) q.set(k, of(xs));
  const segQ = new Map<string, [number, number]>();
  for (const [k, xs] of bySeg) if (xs.length >= MIN_TABLE_CELL) segQ.set(k, of(xs));
  return (r) => {
    const [lo, hi] = q.get(cell(r)) ?? segQ.get(segment(r)) ?? allQ;
    return { low: Math.max(0, Math.floor(r.quote + lo)), high: Math.max(0, Math.ceil(r.quote + hi)) };
  };
}

/** The baseline's window of every record, each day's table learned on every other day of the run. */
export function tableWindows<T extends WaitRecord>(records: readonly T[]): { low: number; high: number }[] {
  const days = [...new Set(records.map((r) => r.day))];
  const byDay = new Map<number, (r: WaitRecord) => { low: number; high: number }>();
  for (const d of days) byDay.set(d, learnTable(records.filter((r) => r.day !== d)));
  return records.map((r) => (byDay.get(r.day) as (r: WaitRecord) => { low: number; high: number })(r));
}

export interface WinPair {
  engine: WindowAccuracy;
  table: WindowAccuracy;
}

export function winPair(records: readonly { r: WaitRecord; t: { low: number; high: number } }[]): WinPair {
  return {
    engine: windowAccuracy(records.map(({ r }) => ({ low: r.low, high: r.high, actual: r.actual }))),
    table: windowAccuracy(records.map(({ r, t }) => ({ low: t.low, high: t.high, actual: r.actual }))),
  };
}

const p1 = (x: number): string => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}`);
const n1 = (x: number): string => (Number.isNaN(x) ? '—' : x.toFixed(1));
const W = [32, 6, 7, 6, 6, 7, 6, 6, 6, 3, 7, 6, 6, 6, 6];

export function winHeader(): string {
  return row(
    [
      'group (engine | table)',
      'n',
      'cover%',
      'below',
      'above',
      '>10past',
      'medW',
      'meanW',
      'score',
      '|',
      'cover%',
      '>10',
      'meanW',
      'score',
      '',
    ],
    W,
  );
}

export function winLine(name: string, p: WinPair): string {
  const e = p.engine;
  const t = p.table;
  return row(
    [
      name,
      String(e.n),
      p1(e.covered),
      p1(e.below),
      p1(e.above),
      p1(e.farAbove),
      n1(e.medianWidth),
      n1(e.meanWidth),
      n1(e.score),
      '|',
      p1(t.covered),
      p1(t.farAbove),
      n1(t.meanWidth),
      n1(t.score),
      '',
    ],
    W,
  );
}

/**
 * The lookup table held to a tail: its high ends moved out by whole minutes, the fewest that leave at most
 * `farShare` served more than 10 minutes past them (the table itself does not hold the tail the window must).
 * Not judged: it tells how wide the table would be at the engine's own tail.
 */
export function tableHeldTo(
  records: readonly { r: WaitRecord; t: { low: number; high: number } }[],
  farShare: number,
): { shift: number; held: WindowAccuracy } {
  const held = (shift: number) => windowAccuracy(records.map(({ r, t }) => ({ low: t.low, high: t.high + shift, actual: r.actual })));
  let shift = 0;
  while (shift < 240 && held(shift).farAbove > farShare) shift++;
  return { shift, held: held(shift) };
}

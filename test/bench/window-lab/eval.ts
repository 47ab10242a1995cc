/**
 * The window lab, step 2: judges the learned window on days written by dump.ts exactly as the accuracy bench's window
 * part does (each day's model learned from the chain's earlier days, day 0 on the engine's spreads; the lookup table
 * learned on the other days), in seconds instead of minutes, for one or more settings of the learning
 * (window-learn.ts ModelOptions). The forests of each day are fitted once per forest setting and kept beside the
 * dump (<dump>.fit-<trees>-<depth>-<minLeaf>-<step>.json), so settings of the correction cost almost nothing.
 * With the default settings it prints the bench's figures.
 *   LAB_IN=/tmp/window-lab-1.json,/tmp/window-lab-2.json LAB_OPTS='[{},{"missLow":0.15}]' npx tsx test/bench/window-lab/eval.ts
 * LAB_SEGMENTS=1 prints every judged segment, LAB_DAYS=1 each day (normal and busy), and each day type's line ends
 * with the table held to the engine's tail (sim/windows.ts tableHeldTo). LAB_DROP=name,name sets those features
 * (window-model.ts MODEL_FEATURES) to 0 in every sample and record, so the trees cannot split on them: what a feature
 * earns, without playing the days again. Tune on seeds 1 and 2 only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  calibrate,
  type Fitted,
  fitWindowModel,
  MODEL_OPTIONS,
  type ModelOptions,
  type ModelSample,
} from '../../../src/server/queue/engine/window-learn.ts';
import { FEATURES_VERSION, MODEL_FEATURES, modelWindow, type WindowModel } from '../../../src/server/queue/engine/window-model.ts';
import { type ArrivalKind, cellOf } from '../../../src/server/queue/engine/window.ts';
import type { WaitRecord } from '../sim/day.ts';
import { tableHeldTo, tableWindows, type WinPair, winPair } from '../sim/windows.ts';

type Rec = WaitRecord & { type: string };
interface Dump {
  seed: number;
  records: Rec[];
  /** Per shop, per day: the model samples of that shop-day. */
  samples: ModelSample[][][];
}

const files = (process.env.LAB_IN ?? '/tmp/window-lab-1.json,/tmp/window-lab-2.json').split(',');
const settings: Partial<ModelOptions>[] = JSON.parse(process.env.LAB_OPTS ?? '[{}]');
const drop = (process.env.LAB_DROP ?? '').split(',').filter(Boolean);
const dropped = drop.map((name) => {
  const k = (MODEL_FEATURES as readonly string[]).indexOf(name);
  if (k < 0) throw new Error(`LAB_DROP: no feature ${name}`);
  return k;
});
const masked = (x: readonly number[]): number[] => {
  const y = [...x];
  for (const k of dropped) if (k < y.length) y[k] = 0;
  return y;
};
/** The bench's targets (queue-accuracy.bench.ts). */
const TARGET: Record<string, { far: number; segFar: number }> = { normal: { far: 0.03, segFar: 0.06 }, busy: { far: 0.05, segFar: 0.08 } };
const pct = (x: number) => (100 * x).toFixed(1);
const band = (r: Rec): string => (r.quote < 10 ? '0–9' : r.quote < 30 ? '10–29' : r.quote < 60 ? '30–59' : '60+');
const splits: ((r: Rec) => string)[] = [
  (r) => (r.walkIn ? 'walk-in' : r.gaveEta ? 'remote, ETA' : 'remote, no ETA'),
  (r) => (r.member ? 'member' : 'not a member'),
  (r) => (r.chose ? 'chose' : 'anyone'),
  (r) => `quote ${band(r)}`,
];

const dumps = new Map<string, Dump>();
const fitsOf = new Map<string, (Fitted | undefined)[]>();
const tables = new Map<string, { low: number; high: number }[]>();

/** Each day's fitted forests (day 0: none), from the chain's earlier days in the bench's order. */
function fits(file: string, dump: Dump, o: ModelOptions): (Fitted | undefined)[] {
  const key = `${file}.fit-${o.trees}-${o.depth}-${o.minLeaf}-${o.step}${drop.length ? `-drop-${drop.join('+')}` : ''}.json`;
  let f = fitsOf.get(key);
  if (!f && existsSync(key)) f = JSON.parse(readFileSync(key, 'utf8')) as (Fitted | undefined)[];
  if (!f) {
    f = [undefined];
    for (let d = 1; d < dump.samples[0].length; d++)
      f.push(
        fitWindowModel(
          dump.samples.flatMap((byDay) => byDay.slice(0, d).flat()),
          o,
        ),
      );
    writeFileSync(key, JSON.stringify(f));
  }
  fitsOf.set(key, f);
  return f;
}

/** The dump with LAB_DROP's features set to 0. */
function maskDump(d: Dump): Dump {
  if (!dropped.length) return d;
  return {
    ...d,
    records: d.records.map((r) => ({ ...r, features: masked(r.features) })),
    samples: d.samples.map((byDay) => byDay.map((day) => day.map((s) => ({ ...s, x: masked(s.x) })))),
  };
}

for (const setting of settings) {
  const o = { ...MODEL_OPTIONS, ...setting };
  const sum = { score: 0, width: 0, n: 0, missed: 0 };
  for (const file of files) {
    const dump = dumps.get(file) ?? maskDump(JSON.parse(readFileSync(file, 'utf8')) as Dump);
    dumps.set(file, dump);
    const models: (WindowModel | undefined)[] = fits(file, dump, o).map((f) =>
      f ? { v: FEATURES_VERSION, depth: o.depth, lo: f.lo, hi: f.hi, ...calibrate(f, o), n: f.n } : undefined,
    );
    const recs: Rec[] = dump.records.map((r) => {
      const m = models[r.day];
      if (!m) return r;
      const w = modelWindow(m, r.features, r.quote, cellOf(r.features[7] as ArrivalKind, r.features[9] === 1, r.quote));
      return { ...r, low: w.low, high: w.high };
    });
    // The table depends on the actual waits only, never on the engine's windows.
    const tw = tables.get(file) ?? tableWindows(recs);
    tables.set(file, tw);
    const paired = recs.map((r, i) => ({ r, t: tw[i] }));
    const out: string[] = [`seed ${dump.seed}`];
    for (const type of ['quiet', 'normal', 'busy']) {
      const rs = paired.filter(({ r }) => r.type === type);
      const a: WinPair = winPair(rs);
      const e = a.engine;
      const t = TARGET[type];
      const bad: string[] = [];
      const lines: string[] = [];
      if (t) {
        if (e.covered < 0.8 || e.covered > 0.9) bad.push('coverage');
        if (e.farAbove > t.far) bad.push('> 10 past');
        if (e.meanWidth > a.table.meanWidth) bad.push('width');
        if (e.score > a.table.score) bad.push('IS80');
        sum.score += e.score / a.table.score;
        sum.width += e.meanWidth / a.table.meanWidth;
        sum.n++;
      }
      for (const key of splits) {
        for (const g of [...new Set(rs.map(({ r }) => key(r)))].sort()) {
          const s = winPair(rs.filter(({ r }) => key(r) === g)).engine;
          const low = g.includes('60+') ? s.covered < 0.72 : s.n >= 1000 && s.covered < 0.78;
          if (t && (low || s.farAbove > t.segFar)) bad.push(`${g} ${pct(s.covered)} % / ${pct(s.farAbove)} %`);
          if (process.env.LAB_SEGMENTS === '1')
            lines.push(
              `    ${g.padEnd(15)} n ${String(s.n).padStart(5)} covered ${pct(s.covered)} > 10 past ${pct(s.farAbove)} width ${s.meanWidth.toFixed(1)}`,
            );
        }
      }
      if (t) sum.missed += bad.length;
      const held = tableHeldTo(rs, e.farAbove);
      out.push(
        `  ${type.padEnd(6)} n ${String(e.n).padStart(5)} covered ${pct(e.covered)} (below ${pct(e.below)}, above ${pct(e.above)}) > 10 past ${pct(e.farAbove)} ` +
          `width ${e.meanWidth.toFixed(1)} = ${(e.meanWidth / a.table.meanWidth).toFixed(3)}× table, IS80 ${(e.score / a.table.score).toFixed(3)}× ` +
          `(table covered ${pct(a.table.covered)}, > 10 past ${pct(a.table.farAbove)}; held to the engine's tail +${held.shift} min: width ${(e.meanWidth / held.held.meanWidth).toFixed(3)}×)` +
          (t ? (bad.length ? `  missed: ${bad.join('; ')}` : '  every target met') : ''),
        ...lines,
      );
    }
    if (process.env.LAB_DAYS === '1')
      for (const d of [...new Set(recs.map((r) => r.day))].sort((x, y) => x - y)) {
        const a = winPair(paired.filter(({ r }) => r.day === d && r.type !== 'quiet'));
        out.push(
          `  day ${d}: covered ${pct(a.engine.covered)} / table ${pct(a.table.covered)}, > 10 past ${pct(a.engine.farAbove)} / ${pct(a.table.farAbove)}, ` +
            `width ${(a.engine.meanWidth / a.table.meanWidth).toFixed(3)}×, IS80 ${(a.engine.score / a.table.score).toFixed(3)}×`,
        );
      }
    console.log(out.join('\n'));
  }
  console.log(
    `settings ${JSON.stringify(setting)}: mean over judged day types width ${(sum.width / sum.n).toFixed(3)}× the table, IS80 ${(sum.score / sum.n).toFixed(3)}×, ${sum.missed} targets missed`,
  );
}

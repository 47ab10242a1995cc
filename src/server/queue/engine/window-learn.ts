/**
 * Learns the window's model (window-model.ts) from served customers' logged waits, off the request path
 * (docs/decisions.md, "Honest waits"): for each of the 10th and 90th percentiles of actual − quote, a boosted
 * forest of shallow trees over the features told at join (the pinball loss's gradient, leaves stepping towards
 * the percentile of what is left). Cross-conformal: the chain's shop-days are split in two halves, each half scored
 * by forests grown on the other; per cell (arrival kind × chose a barber × quote band, a thin cell taking its
 * segment's, then everyone's), the correction is how far the forests' ends must move out (or may move in), in
 * units of their width, for a share MODEL_MISS_LOW / MODEL_MISS_HIGH of customers to fall below / above. The forests
 * told are grown on every shop-day. fitWindowModel (the forests and scores) and calibrate (the correction) are
 * apart so the accuracy bench's window lab (test/bench/window-lab) can try corrections on one fit.
 * Pure and deterministic.
 */
import { FEATURE_COUNT, FEATURES_VERSION, type Forest, forestAt, MIN_SCALE, type WindowModel } from './window-model.ts';
import { WINDOW_BANDS, WINDOW_CELLS } from './window.ts';

/** One served customer: his features at join, actual − quote (minutes), his cell, and his shop-day. */
export interface ModelSample {
  x: readonly number[];
  e: number;
  cell: number;
  group: string;
}

/** Fewer served customers with features than this: no model (the engine keeps its spreads' window). */
export const MIN_MODEL_SAMPLES = 600;
/** The latest samples only. */
export const MAX_MODEL_SAMPLES = 24_000;
/** Boosting: trees per percentile, their depth, the smallest leaf, and the step each tree takes. */
export const MODEL_TREES = 40;
export const MODEL_DEPTH = 3;
export const MODEL_MIN_LEAF = 100;
export const MODEL_STEP = 0.15;
/** The trees' percentiles of actual − quote. */
export const TREE_P_LOW = 0.1;
export const TREE_P_HIGH = 0.9;
/** The conformal targets: share of customers served before the low end / after the high end. */
export const MODEL_MISS_LOW = 0.13;
export const MODEL_MISS_HIGH = 0.08;
/** A calibration cell with fewer samples takes its segment's correction, a segment with fewer everyone's. */
export const MIN_CAL_CELL = 300;
/** Candidate thresholds per feature: its quantiles over the training samples. */
const CUTS = 24;

/** Interpolated percentile of sorted values. */
function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** The split-conformal quantile: the ⌈(n + 1)(1 − miss)⌉-th smallest score. */
function conformal(scores: number[], miss: number): number {
  scores.sort((a, b) => a - b);
  const k = Math.min(scores.length, Math.ceil((scores.length + 1) * (1 - miss)));
  return scores[Math.max(0, k - 1)];
}

const r2 = (x: number): number => Math.round(x * 100) / 100;
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Each feature's candidate thresholds, and every sample's bin under them (bin k: x ≤ cuts[k], above cuts[k-1]). */
function binned(samples: readonly ModelSample[]): { cuts: number[][]; bin: Uint8Array[] } {
  const cuts: number[][] = [];
  const bin: Uint8Array[] = [];
  for (let f = 0; f < FEATURE_COUNT; f++) {
    const vals = samples.map((s) => s.x[f]).sort((a, b) => a - b);
    const c = [...new Set(Array.from({ length: CUTS - 1 }, (_, k) => vals[Math.floor(((k + 1) * vals.length) / CUTS)]))]
      .filter((v) => v < vals[vals.length - 1])
      .sort((a, b) => a - b);
    cuts.push(c);
    bin.push(
      Uint8Array.from(samples, (s) => {
        let k = 0;
        while (k < c.length && s.x[f] > c[k]) k++;
        return k;
      }),
    );
  }
  return { cuts, bin };
}

/**
 * One boosted forest of the τ-percentile of e (gradient boosting with the pinball loss): each tree splits the
 * samples by least squares on the loss's gradient, and its leaves step towards the τ-percentile of what is left.
 */
export function growForest(
  samples: readonly ModelSample[],
  tau: number,
  opts: { trees?: number; depth?: number; minLeaf?: number; step?: number } = {},
): Forest {
  const trees = opts.trees ?? MODEL_TREES;
  const depth = opts.depth ?? MODEL_DEPTH;
  const minLeaf = opts.minLeaf ?? MODEL_MIN_LEAF;
  const step = opts.step ?? MODEL_STEP;
  const n = samples.length;
  const size = 2 ** (depth + 1) - 1;
  const e = Float64Array.from(samples, (s) => s.e);
  const base = r2(
    percentile(
      [...e].sort((a, b) => a - b),
      tau,
    ),
  );
  const { cuts, bin } = binned(samples);
  const fit = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const f: number[] = [];
  const t: number[] = [];
  for (let m = 0; m < trees; m++) {
    for (let i = 0; i < n; i++) g[i] = e[i] - fit[i] < 0 ? tau - 1 : tau;
    const tf = new Array<number>(size).fill(-1);
    const tt = new Array<number>(size).fill(0);
    const grow = (node: number, idx: Int32Array, level: number) => {
      let best = { gain: 1e-9, f: -1, k: 0 };
      if (level < depth && idx.length >= 2 * minLeaf) {
        let sum = 0;
        for (const i of idx) sum += g[i];
        const whole = (sum * sum) / idx.length;
        for (let ft = 0; ft < FEATURE_COUNT; ft++) {
          const c = cuts[ft];
          if (!c.length) continue;
          const sg = new Float64Array(c.length + 1);
          const cn = new Float64Array(c.length + 1);
          const bf = bin[ft];
          for (const i of idx) {
            sg[bf[i]] += g[i];
            cn[bf[i]]++;
          }
          let sl = 0;
          let nl = 0;
          for (let k = 0; k < c.length; k++) {
            sl += sg[k];
            nl += cn[k];
            const nr = idx.length - nl;
            if (nl < minLeaf || nr < minLeaf) continue;
            const gain = (sl * sl) / nl + ((sum - sl) * (sum - sl)) / nr - whole;
            if (gain > best.gain) best = { gain, f: ft, k };
          }
        }
      }
      if (best.f < 0) {
        // A leaf: the step towards the τ-percentile of the residuals in it.
        const r = Float64Array.from(idx, (i) => e[i] - fit[i]).sort();
        const v = r2(step * percentile(r, tau));
        tt[node] = v;
        for (const i of idx) fit[i] += v;
        return;
      }
      tf[node] = best.f;
      tt[node] = cuts[best.f][best.k];
      const bf = bin[best.f];
      grow(
        2 * node + 1,
        idx.filter((i) => bf[i] <= best.k),
        level + 1,
      );
      grow(
        2 * node + 2,
        idx.filter((i) => bf[i] > best.k),
        level + 1,
      );
    };
    grow(
      0,
      Int32Array.from({ length: n }, (_, i) => i),
      0,
    );
    f.push(...tf);
    t.push(...tt);
  }
  return { base, f, t };
}

/** A shop-day's fixed half of the split (FNV-1a of its key). */
function fold(group: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < group.length; i++) {
    h ^= group.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 2;
}

/** The learning's settings (the constants above by default). */
export interface ModelOptions {
  trees: number;
  depth: number;
  minLeaf: number;
  step: number;
  missLow: number;
  missHigh: number;
  minCalCell: number;
}

export const MODEL_OPTIONS: ModelOptions = {
  trees: MODEL_TREES,
  depth: MODEL_DEPTH,
  minLeaf: MODEL_MIN_LEAF,
  step: MODEL_STEP,
  missLow: MODEL_MISS_LOW,
  missHigh: MODEL_MISS_HIGH,
  minCalCell: MIN_CAL_CELL,
};

/** A calibration sample: its cell, actual − quote, and the ends given by forests grown without it. */
export interface Scored {
  cell: number;
  e: number;
  l: number;
  h: number;
}

/** A model's forests before its correction, and every sample scored by forests grown on the other shop-days. */
export interface Fitted {
  lo: Forest;
  hi: Forest;
  cal: Scored[];
  n: number;
}

/**
 * The forests of a model and their cross-conformal scores (the slow part of learning), or undefined with fewer
 * than MIN_MODEL_SAMPLES.
 */
export function fitWindowModel(all: readonly ModelSample[], options: Partial<ModelOptions> = {}): Fitted | undefined {
  const o = { ...MODEL_OPTIONS, ...options };
  const samples = all.filter((s) => s.x.length === FEATURE_COUNT && Number.isFinite(s.e)).slice(-MAX_MODEL_SAMPLES);
  if (samples.length < MIN_MODEL_SAMPLES) return undefined;
  // Cross-conformal: each half of the shop-days is scored by forests grown on the other half; the forests told
  // are grown on all of them. Too few shop-days to halve: every other customer.
  let half = samples.map((s) => fold(s.group));
  const ones = half.filter((h) => h === 1).length;
  if (ones < samples.length / 4 || ones > (samples.length * 3) / 4) half = samples.map((_, i) => i % 2);
  const cal: Scored[] = [];
  for (const k of [0, 1]) {
    const train = samples.filter((_, i) => half[i] !== k);
    const lo = growForest(train, TREE_P_LOW, o);
    const hi = growForest(train, TREE_P_HIGH, o);
    for (const s of samples.filter((_, i) => half[i] === k))
      cal.push({ cell: s.cell, e: s.e, l: forestAt(lo, o.depth, s.x), h: forestAt(hi, o.depth, s.x) });
  }
  return { lo: growForest(samples, TREE_P_LOW, o), hi: growForest(samples, TREE_P_HIGH, o), cal, n: samples.length };
}

/** The per-cell corrections of fitted forests (the header): fast, so settings of the correction can be tried on one fit. */
export function calibrate(fit: Fitted, options: Partial<ModelOptions> = {}): { clo: number[]; chi: number[] } {
  const o = { ...MODEL_OPTIONS, ...options };
  const sLo: number[][] = Array.from({ length: WINDOW_CELLS }, () => []);
  const sHi: number[][] = Array.from({ length: WINDOW_CELLS }, () => []);
  for (const s of fit.cal) {
    // In units of the forests' own width, so a narrow window moves a little and a wide one more.
    const w = Math.max(MIN_SCALE, s.h - s.l);
    sLo[s.cell].push((s.l - s.e) / w);
    sHi[s.cell].push((s.e - s.h) / w);
  }
  return perCell(o, sLo, sHi, WINDOW_BANDS.length);
}

function perCell(o: ModelOptions, lo: number[][], hi: number[][], bands: number): { clo: number[]; chi: number[] } {
  const MODEL_MISS_LOW = o.missLow;
  const MODEL_MISS_HIGH = o.missHigh;
  const MIN_CAL_CELL = o.minCalCell;
  const allLo = conformal(lo.flat(), MODEL_MISS_LOW);
  const allHi = conformal(hi.flat(), MODEL_MISS_HIGH);
  const clo: number[] = [];
  const chi: number[] = [];
  for (let seg = 0; seg < WINDOW_CELLS / bands; seg++) {
    const segLo = lo.slice(seg * bands, (seg + 1) * bands).flat();
    const segHi = hi.slice(seg * bands, (seg + 1) * bands).flat();
    const sLo = segLo.length >= MIN_CAL_CELL ? conformal(segLo, MODEL_MISS_LOW) : allLo;
    const sHi = segHi.length >= MIN_CAL_CELL ? conformal(segHi, MODEL_MISS_HIGH) : allHi;
    for (let k = 0; k < bands; k++) {
      const c = seg * bands + k;
      clo.push(r3(lo[c].length >= MIN_CAL_CELL ? conformal(lo[c], MODEL_MISS_LOW) : sLo));
      chi.push(r3(hi[c].length >= MIN_CAL_CELL ? conformal(hi[c], MODEL_MISS_HIGH) : sHi));
    }
  }
  return { clo, chi };
}

/** The window's model from served customers (oldest first), or undefined with fewer than MIN_MODEL_SAMPLES. */
export function learnWindowModel(all: readonly ModelSample[], options: Partial<ModelOptions> = {}): WindowModel | undefined {
  const o = { ...MODEL_OPTIONS, ...options };
  const fit = fitWindowModel(all, o);
  return fit && { v: FEATURES_VERSION, depth: o.depth, lo: fit.lo, hi: fit.hi, ...calibrate(fit, o), n: fit.n };
}

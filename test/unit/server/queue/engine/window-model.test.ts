import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LEARNED } from '../../../../../src/server/queue/engine/lanes.ts';
import { defaultFigures, learnedAt, learnFigures, resolveFigures } from '../../../../../src/server/queue/engine/learn.ts';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { Learned } from '../../../../../src/server/queue/engine/types.ts';
import { cellOf, windowOf, Z_HIGH_UNLEARNED, Z_LOW_UNLEARNED } from '../../../../../src/server/queue/engine/window.ts';
import {
  growForest,
  learnWindowModel,
  MIN_MODEL_SAMPLES,
  MODEL_MISS_HIGH,
  MODEL_MISS_LOW,
  type ModelSample,
} from '../../../../../src/server/queue/engine/window-learn.ts';
import {
  FEATURE_COUNT,
  FEATURES_VERSION,
  forestAt,
  isModel,
  MODEL_FEATURES,
  modelWindow,
  type WindowModel,
} from '../../../../../src/server/queue/engine/window-model.ts';
import { snap } from './fixtures.ts';

/** A fixed stream of uniforms (no randomness in tests: the same numbers every run). */
function uniforms(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const KIND = MODEL_FEATURES.indexOf('kind');
const WAIT = MODEL_FEATURES.indexOf('wait');
/** The wait told to every customer of these tests: long enough that no window reaches 0. */
const Q = 60;

/** Customers whose actual − quote is uniform on [−width(x)/2, width(x)/2), features otherwise noise; 100 a shop-day. */
function samples(n: number, seed: number, width: (x: number[]) => number): ModelSample[] {
  const u = uniforms(seed);
  return Array.from({ length: n }, (_, i) => {
    const x = Array.from({ length: FEATURE_COUNT }, () => Math.floor(u() * 50));
    x[KIND] = i % 2;
    x[WAIT] = Q;
    return { x, e: (u() - 0.5) * width(x), cell: cellOf(x[KIND] as 0 | 1, false, Q), group: `1:${Math.floor(i / 100)}` };
  });
}

const miss = (m: WindowModel, test: ModelSample[]) => {
  let below = 0;
  let above = 0;
  for (const s of test) {
    const w = modelWindow(m, s.x, Q, s.cell);
    if (Q + s.e < w.low) below++;
    else if (Q + s.e > w.high) above++;
  }
  return { below: below / test.length, above: above / test.length };
};

test('a forest learns a known percentile: uniform on [−50, 50) gives its 10th and 90th at −40 and 40', () => {
  const xs = samples(4000, 7, () => 100);
  const lo = growForest(xs, 0.1);
  const hi = growForest(xs, 0.9);
  // The features are noise here, so the trees wander a little from point to point, and not far on the whole.
  const test = samples(400, 8, () => 100);
  const mean = (f: typeof lo) => test.reduce((a, s) => a + forestAt(f, 3, s.x), 0) / test.length;
  assert.ok(Math.abs(mean(lo) + 40) < 2.5, `10th: ${mean(lo)}`);
  assert.ok(Math.abs(mean(hi) - 40) < 2.5, `90th: ${mean(hi)}`);
  for (const s of test) {
    assert.ok(Math.abs(forestAt(lo, 3, s.x) + 40) < 12, `10th: ${forestAt(lo, 3, s.x)}`);
    assert.ok(Math.abs(forestAt(hi, 3, s.x) - 40) < 12, `90th: ${forestAt(hi, 3, s.x)}`);
  }
});

test('the model follows a feature: twice the spread for kind 1 gives windows about twice as wide', () => {
  const width = (x: number[]) => (x[KIND] === 1 ? 60 : 30);
  const m = learnWindowModel(samples(6000, 11, width)) as WindowModel;
  assert.ok(m, 'a model');
  const w = (kind: number) => {
    const x = new Array<number>(FEATURE_COUNT).fill(25);
    x[KIND] = kind;
    x[WAIT] = Q;
    const win = modelWindow(m, x, Q, cellOf(kind as 0 | 1, false, Q));
    return win.high - win.low;
  };
  // About 79 % of each spread (the miss rates), give or take the rounding to whole minutes.
  assert.ok(w(0) > 19 && w(0) < 29, `kind 0: ${w(0)}`);
  assert.ok(w(1) > 40 && w(1) < 54, `kind 1: ${w(1)}`);
});

test('the conformal correction holds its miss rates on customers it has not seen', () => {
  const m = learnWindowModel(samples(6000, 21, () => 100)) as WindowModel;
  const r = miss(
    m,
    samples(4000, 22, () => 100),
  );
  assert.ok(Math.abs(r.below - MODEL_MISS_LOW) < 0.02, `below ${r.below}`);
  assert.ok(Math.abs(r.above - MODEL_MISS_HIGH) < 0.02, `above ${r.above}`);
});

test('too few customers: no model', () => {
  assert.is(learnWindowModel(samples(MIN_MODEL_SAMPLES - 1, 3, () => 10)), undefined);
  assert.ok(learnWindowModel(samples(MIN_MODEL_SAMPLES, 3, () => 10)));
});

/** One tree of depth 1 per end: split on the wait at 10. */
const HAND: WindowModel = {
  v: FEATURES_VERSION,
  depth: 1,
  lo: { base: 0, f: [WAIT, -1, -1], t: [10, -2, -8] },
  hi: { base: 0, f: [WAIT, -1, -1], t: [10, 3, 12] },
  clo: new Array(24).fill(0),
  chi: new Array(24).fill(0.5),
  n: 1000,
};

test('the evaluator: the leaf of the features, the correction in units of the width, low ≤ wait ≤ high, never below 0', () => {
  assert.ok(isModel(HAND));
  const x = (wait: number) => {
    const v = new Array<number>(FEATURE_COUNT).fill(0);
    v[WAIT] = wait;
    return v;
  };
  // Wait 5 (≤ 10): ends −2 and +3, width 5, the high end 0.5 × 5 further out: [3, 11].
  assert.equal(modelWindow(HAND, x(5), 5, 0), { low: 3, high: 11 });
  // Wait 40: ends −8 and +12, width 20, high 10 further: [32, 62].
  assert.equal(modelWindow(HAND, x(40), 40, 0), { low: 32, high: 62 });
  // Wait 1: never below 0.
  assert.equal(modelWindow(HAND, x(1), 1, 0).low, 0);
  // Ends that would leave the wait out of the window are held to it.
  const early: WindowModel = { ...HAND, hi: { base: -20, f: [-1, -1, -1], t: [0, 0, 0] }, chi: new Array(24).fill(0) };
  assert.is(modelWindow(early, x(40), 40, 0).high, 40);
});

test('a stored model of another shape or version stands for nothing', () => {
  assert.not.ok(isModel({ ...HAND, v: FEATURES_VERSION + 1 }));
  assert.not.ok(isModel({ ...HAND, lo: { ...HAND.lo, f: [FEATURE_COUNT, -1, -1] } }), 'a feature it does not have');
  assert.not.ok(isModel({ ...HAND, lo: { ...HAND.lo, t: [10, -2] } }), 'thresholds missing');
  assert.not.ok(isModel({ ...HAND, chi: [1] }), 'corrections of unequal length');
  assert.not.ok(isModel({ ...HAND, hi: { ...HAND.hi, t: [10, 3, Number.NaN] } }));
  assert.not.ok(isModel(null));
  const f = { ...defaultFigures(), model: { ...HAND, v: 99 } as WindowModel };
  assert.is(learnedAt(f, 36).model, undefined, 'learnedAt drops it');
  assert.is(learnedAt({ ...f, model: HAND }, 36).model, HAND);
  assert.is(learnedAt(f, 36).hour, 12, 'hour of the day');
});

test('every shop takes the chain’s model; a chain without one has none (the spreads’ window)', () => {
  const shop = learnFigures([]);
  assert.is(resolveFigures(shop, { ...defaultFigures(), model: HAND }).model, HAND);
  assert.is(resolveFigures(shop, defaultFigures()).model, undefined);
  assert.is(resolveFigures(undefined, undefined).model, undefined);
});

test('the engine tells the model’s window at join and schedule() the same one right after', () => {
  const learned: Learned = { ...DEFAULT_LEARNED, model: HAND, hour: 9 };
  const s = snap({
    learned,
    barbers: [
      { id: 1, free: 80, serving: true },
      { id: 2, free: 75, serving: true },
    ],
    orders: [
      { id: 1, joined: 40, inside: true },
      { id: 2, joined: 50, inside: true },
    ],
  });
  const f = fits(s, { priority: 0, barberId: null, duration: 30, checkedIn: true, source: 'desk' });
  assert.ok(f.ok);
  if (!f.ok) return;
  assert.is(f.features.length, FEATURE_COUNT);
  assert.is(f.features[WAIT], f.wait);
  assert.equal({ low: f.low, high: f.high }, modelWindow(HAND, f.features, f.wait, cellOf(0, false, f.wait)));
  const without = fits({ ...s, learned: DEFAULT_LEARNED }, { priority: 0, barberId: null, duration: 30, checkedIn: true, source: 'desk' });
  assert.ok(without.ok && (without.low !== f.low || without.high !== f.high), 'the model changed the window');
  const row = schedule({
    ...s,
    orders: [...s.orders, { id: 9, priority: 0, joinedAt: s.now, barberId: null, duration: 30, checkedIn: true, source: 'desk' }],
  }).orders.find((o) => o.id === 9);
  assert.equal({ wait: row?.wait, low: row?.low, high: row?.high }, { wait: f.wait, low: f.low, high: f.high });
});

test('a chain that has learned nothing: 1.8 spreads below and 2.8 above the wait, wider above than the normal percentiles', () => {
  assert.is(Z_LOW_UNLEARNED, 1.8);
  assert.is(Z_HIGH_UNLEARNED, 2.8);
  assert.equal(windowOf(undefined, 30, { low: 10, high: 10 }, 0), { low: 12, high: 58 });
  assert.equal(windowOf(DEFAULT_LEARNED, 30, { low: 5, high: 10 }, cellOf(1, false, 30)), { low: 21, high: 58 });
});

test.run();

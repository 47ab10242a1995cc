/**
 * The window's learned model (docs/decisions.md, "Honest waits"): what the snapshot knows when a wait is quoted,
 * as a fixed vector of features, and the evaluation of the model the chain learned from its logged waits
 * (window-learn.ts): for each of the 10th and 90th percentiles of actual − quote a few dozen shallow boosted trees
 * over the features, widened or narrowed per cell (arrival kind × chose a barber × quote band) by a split-conformal
 * correction. A few hundred numbers; evaluated in a handful of comparisons. Pure and deterministic.
 */
import type { Ctx } from './lanes.ts';
import type { Forest, WindowModel } from './types.ts';
import type { Window } from './window.ts';

export type { Forest, WindowModel };

const MINUTE = 60_000;
/** The narrowest width (minutes) the correction scales with (window-learn.ts). */
export const MIN_SCALE = 2;

/** The features, in their stored order (orders.quoted_features keeps them as told at join). */
export const MODEL_FEATURES = [
  'wait', // the quote, minutes
  'planned', // the planned wait before the members' allowance
  'spreadHigh', // the engine's spreads above and below (window.ts spreadOf)
  'spreadLow',
  'ahead', // customers ahead in the order of service
  'absentAhead', // of them, not in the shop
  'onShift', // barbers on shift now
  'kind', // 0 in the shop, 1 on his way with an arrival given, 2 without (window.ts kindOf)
  'eta', // minutes to the arrival he gave (0 without)
  'chose', // 1: chose a barber
  'priority',
  'hour', // the shop's hour of the day (-1 unknown)
  'toClose', // minutes to closing
  'duration', // his listed minutes
  'earliest', // what-ifs: his wait if everyone on the way came early / late (the engine's arrival scenarios)
  'latest',
  'load', // listed minutes ahead per barber on shift
  'arrivalSlack', // planned wait − minutes to his expected arrival (the planned wait for one in the shop)
  'recent', // orders waiting that joined in the last hour, per barber on shift
] as const;
export const FEATURE_COUNT = MODEL_FEATURES.length;
/** Bumped whenever the features change meaning: a model or a logged vector of another version is not used. */
export const FEATURES_VERSION = 1;

/** What a quote's features need besides the context. */
export interface FeatureInput {
  wait: number;
  planned: number;
  spreadHigh: number;
  spreadLow: number;
  ahead: number;
  absentAhead: number;
  kind: number;
  /** Expected arrival (epoch ms), if given. */
  expectedAt: number | undefined;
  chose: boolean;
  priority: number;
  duration: number;
  earliest: number;
  latest: number;
  /** Listed minutes ahead. */
  minutesAhead: number;
  /** Minutes to his expected arrival (0 in the shop). */
  arrival: number;
  /** Orders waiting that joined in the last hour. */
  recent: number;
}

/** The feature vector (MODEL_FEATURES) of a quote. */
export function featuresOf(ctx: Ctx, onShift: number, i: FeatureInput): number[] {
  const toClose = Number.isFinite(ctx.close) ? Math.min(720, Math.max(0, (ctx.close - ctx.now) / MINUTE)) : 0;
  const eta = i.kind === 1 && typeof i.expectedAt === 'number' ? Math.round((i.expectedAt - ctx.now) / MINUTE) : 0;
  const per = Math.max(1, onShift);
  return [
    i.wait,
    i.planned,
    r1(i.spreadHigh),
    r1(i.spreadLow),
    i.ahead,
    i.absentAhead,
    onShift,
    i.kind,
    eta,
    i.chose ? 1 : 0,
    i.priority,
    ctx.learned?.hour ?? -1,
    Math.round(toClose),
    i.duration,
    i.earliest,
    i.latest,
    r1(i.minutesAhead / per),
    Math.round(i.planned - i.arrival),
    r1(i.recent / per),
  ];
}

const r1 = (x: number): number => Math.round(x * 10) / 10;

const nodesOf = (depth: number): number => 2 ** (depth + 1) - 1;

/** A forest's value at x. */
export function forestAt(forest: Forest, depth: number, x: readonly number[]): number {
  const size = nodesOf(depth);
  let sum = forest.base;
  for (let off = 0; off < forest.f.length; off += size) {
    let i = 0;
    while (forest.f[off + i] >= 0) i = x[forest.f[off + i]] <= forest.t[off + i] ? 2 * i + 1 : 2 * i + 2;
    sum += forest.t[off + i];
  }
  return sum;
}

const isNums = (a: unknown, len?: number): a is number[] =>
  Array.isArray(a) && (len === undefined || a.length === len) && a.every((v) => typeof v === 'number' && Number.isFinite(v));

function isForest(f: unknown, depth: number): f is Forest {
  const x = f as Forest | null;
  if (!x || typeof x !== 'object' || typeof x.base !== 'number' || !Number.isFinite(x.base)) return false;
  const size = nodesOf(depth);
  if (!isNums(x.f) || !isNums(x.t, x.f.length) || x.f.length % size !== 0) return false;
  // Every split names a feature and has both children inside its tree.
  return x.f.every((f, k) => f === -1 || (Number.isInteger(f) && f >= 0 && f < FEATURE_COUNT && 2 * (k % size) + 2 < size));
}

/** Whether a stored model has the shape this engine evaluates. */
export function isModel(m: unknown): m is WindowModel {
  const x = m as WindowModel | null;
  if (!x || typeof x !== 'object' || x.v !== FEATURES_VERSION) return false;
  if (!Number.isInteger(x.depth) || x.depth < 0 || x.depth > 8) return false;
  return isForest(x.lo, x.depth) && isForest(x.hi, x.depth) && isNums(x.clo) && isNums(x.chi, x.clo.length);
}

/** The model's window of a quoted wait: whole minutes, low ≤ wait ≤ high, never below 0. */
export function modelWindow(m: WindowModel, x: readonly number[], wait: number, cell: number): Window {
  const l = forestAt(m.lo, m.depth, x);
  const h = forestAt(m.hi, m.depth, x);
  const w = Math.max(MIN_SCALE, h - l);
  const lo = l - (m.clo[cell] ?? 0) * w;
  const hi = h + (m.chi[cell] ?? 0) * w;
  return {
    low: Math.min(wait, Math.max(0, Math.floor(wait + lo))),
    high: Math.max(wait, Math.ceil(wait + hi)),
  };
}

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
  // Who may overtake him (docs/decisions.md, "The window's model"), from the shop's learned join rates at this hour:
  'joinsAway', // joiners expected in the shop before he is (any level: they take a barber free while he is away), per barber on shift
  'overtakers', // joiners of a higher level expected in the shop before his planned start, per barber on shift
  'aboveShare', // share of the shop's joins at this hour of a higher level than his
] as const;
export const FEATURE_COUNT = MODEL_FEATURES.length;
/** Bumped whenever the features change meaning: a model or a logged vector of another version is not used. */
export const FEATURES_VERSION = 2;

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

/** A stored vector of the minutes a joiner's overtaking spans is bounded to a working day. */
const MAX_SPAN_MINUTES = 720;

/**
 * Minutes of the next `minutes` in which a new joiner reaches the shop, on average over how he joins: one who
 * joins in the shop at once, one from afar a learned trip later. Nobody joins once a typical service no longer
 * fits before closing.
 */
export function inShopMinutes(ctx: Ctx, minutes: number): number {
  const l = ctx.learned;
  if (!l || !(minutes > 0)) return 0;
  const closing = Number.isFinite(ctx.close) ? (ctx.close - ctx.now) / MINUTE - l.meanMinutes : MAX_SPAN_MINUTES;
  const open = Math.max(0, Math.min(minutes, MAX_SPAN_MINUTES, closing));
  const remote = Math.min(1, Math.max(0, l.remoteShare));
  let afar = 0;
  for (const trip of l.trip) afar += Math.max(0, open - trip);
  return (1 - remote) * open + (l.trip.length ? (remote * afar) / l.trip.length : remote * open);
}

/**
 * Who may overtake a customer of `priority`, from the shop's learned joins per hour (Learned.joinRate): joiners of any
 * level in the shop before his arrival (`arrival` minutes; the floor gives them a barber who is free meanwhile),
 * joiners of a higher level in the shop before his start (`planned` minutes; they go ahead of him), both per barber
 * on shift, and the share of joins of a higher level.
 */
export function overtaking(
  ctx: Ctx,
  onShift: number,
  priority: number,
  planned: number,
  arrival: number,
): { joinsAway: number; overtakers: number; aboveShare: number } {
  const rates = ctx.learned?.joinRate ?? [];
  let all = 0;
  let above = 0;
  rates.forEach((r, q) => {
    const rate = Number.isFinite(r) ? Math.max(0, r) : 0;
    all += rate;
    if (q > priority) above += rate;
  });
  const per = 60 * Math.max(1, onShift);
  return {
    joinsAway: (all * inShopMinutes(ctx, Math.min(arrival, planned))) / per,
    overtakers: (above * inShopMinutes(ctx, planned)) / per,
    aboveShare: all > 0 ? above / all : 0,
  };
}

/** The feature vector (MODEL_FEATURES) of a quote. */
export function featuresOf(ctx: Ctx, onShift: number, i: FeatureInput): number[] {
  const toClose = Number.isFinite(ctx.close) ? Math.min(720, Math.max(0, (ctx.close - ctx.now) / MINUTE)) : 0;
  const eta = i.kind === 1 && typeof i.expectedAt === 'number' ? Math.round((i.expectedAt - ctx.now) / MINUTE) : 0;
  const per = Math.max(1, onShift);
  const o = overtaking(ctx, per, i.priority, i.planned, i.arrival);
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
    r2(o.joinsAway),
    r2(o.overtakers),
    r2(o.aboveShare),
  ];
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r2 = (x: number): number => Math.round(x * 100) / 100;

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

/**
 * What a shop learns from its history (docs/decisions.md, "What the shop learns"): how long remote joiners take to
 * arrive, how late customers are against the arrival they gave, how far services run past their expected end, and how
 * many customers of each membership level join by hour of the week. Pure functions of plain history rows, so the
 * server's recomputation job and the accuracy bench run the same code. A figure with fewer than MIN_LEARN_SAMPLES
 * samples at a shop is taken from the chain's, and below that from the constants of src/shared/travel.ts.
 */
import { MIN_LEARN_SAMPLES, QUANTILES } from '../../../shared/travel.ts';
import { DEFAULT_LEARNED } from './lanes.ts';
import type { Learned, OrderSource } from './types.ts';
import { type ArrivalKind, WINDOW_BANDS, WINDOW_CELLS, cellOf } from './window.ts';
import { learnWindowModel, type ModelSample } from './window-learn.ts';
import { FEATURE_COUNT, isModel, type WindowModel } from './window-model.ts';

const MINUTE = 60_000;
export const HOURS_PER_WEEK = 168;
/** Only the latest samples of each figure count, so what is learned follows the shop as it changes. */
export const MAX_SAMPLES = 3000;
/** Days of a weekday needed before its own hours weigh as much as the pooled hours of every day. */
const WEEKDAY_PRIOR_DAYS = 3;

/** One order of the shop's past, as the learning needs it; times epoch ms, null when it never happened. */
export interface HistoryRow {
  /** Distinguishes shops when the chain's figures are learned from every shop's rows. */
  shopId?: number;
  joinedAt: number;
  priority: number;
  source: OrderSource;
  /** Equal to joinedAt for a customer who joined in the shop; null for one who never came. */
  checkedInAt: number | null;
  /** The expected arrival he gave (the latest), if any. */
  expectedAt: number | null;
  /** Listed minutes of the order. */
  listed: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** The end expected when the service started (start + listed × the barber's speed then). */
  expectedEnd: number | null;
  /** The shop's local day (any day number) and hour of the week (0..167, weekday × 24 + hour) at join. */
  localDay: number;
  hourOfWeek: number;
  /** Who served it, and the barber the customer chose (null: anyone); absent on rows from before they were kept. */
  barberId?: number | null;
  chosenBarberId?: number | null;
  /** What was told at join (minutes): the wait, its window, and the engine's spread behind the window. */
  quotedWait?: number | null;
  quotedLow?: number | null;
  quotedHigh?: number | null;
  quotedSpread?: number | null;
  /** The engine's spread below the wait (window.ts spreadOf); absent: the one above stands for both. */
  quotedSpreadLow?: number | null;
  /** The window model's features at join (window-model.ts MODEL_FEATURES), absent before they were kept. */
  quotedFeatures?: readonly number[] | null;
}

export interface Dist {
  /** Equal-mass quantiles in minutes, lowest first; empty without samples. */
  q: number[];
  n: number;
}

export interface Figures {
  trip: Dist;
  lateness: Dist;
  runOver: Dist;
  /** Joins per hour by priority 0..3 and hour of week; n is the number of joins behind them. */
  rates: { perHour: number[][]; n: number };
  remoteShare: { value: number; n: number };
  meanMinutes: { value: number; n: number };
  /** The window's correction (window.ts): z percentiles per cell; n served customers with a quote behind it. */
  window?: { lo: number[]; hi: number[]; n: number };
  /** The window's learned model (window-learn.ts), learned from the chain's rows only. */
  model?: WindowModel;
}

/** Percentiles of (actual − quote) ÷ spread the window spans: a little wider than 10–90 so held-out days keep 8 of 10. */
export const WINDOW_P_LOW = 0.08;
export const WINDOW_P_HIGH = 0.93;
/** A cell with fewer samples takes its segment's (every band), and a segment with fewer the shop's whole. */
export const MIN_CELL_SAMPLES = 40;

/** QUANTILES equal-mass quantiles (at (i + ½) / QUANTILES) of the samples, interpolated. */
export function quantiles(samples: readonly number[], count = QUANTILES): number[] {
  const xs = samples.filter(Number.isFinite).sort((a, b) => a - b);
  if (!xs.length) return [];
  return Array.from({ length: count }, (_, i) => {
    const pos = ((i + 0.5) / count) * (xs.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(xs.length - 1, lo + 1);
    return Math.round((xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)) * 100) / 100;
  });
}

function dist(samples: number[]): Dist {
  const recent = samples.slice(-MAX_SAMPLES);
  return { q: quantiles(recent), n: recent.length };
}

const remote = (r: HistoryRow): boolean => r.source === 'app' && r.checkedInAt !== r.joinedAt;

/** Linear-interpolated percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The window's correction from served customers who were told a wait and its spread: per cell (arrival kind ×
 * chose a barber × quote band) the WINDOW_P_LOW / WINDOW_P_HIGH percentiles of (actual − quote) ÷ spread, a
 * thin cell falling back to its segment and then to all of them. Undefined without any such customer.
 */
export function windowFigures(rows: readonly HistoryRow[]): Figures['window'] {
  const bands = WINDOW_BANDS.length;
  const cells: number[][] = Array.from({ length: WINDOW_CELLS }, () => []);
  const all: number[] = [];
  for (const r of rows.slice(-MAX_SAMPLES * 4)) {
    if (r.startedAt === null || r.quotedWait == null || r.quotedSpread == null || !(r.quotedSpread > 0)) continue;
    const kind: ArrivalKind = !remote(r) ? 0 : r.expectedAt !== null ? 1 : 2;
    const e = (r.startedAt - r.joinedAt) / MINUTE - r.quotedWait;
    // Each side in its own spread: a wait served early against the spread below, a late one against the one above.
    const below = r.quotedSpreadLow != null && r.quotedSpreadLow > 0 ? r.quotedSpreadLow : r.quotedSpread;
    const z = e < 0 ? e / below : e / r.quotedSpread;
    cells[cellOf(kind, r.chosenBarberId != null, r.quotedWait)].push(z);
    all.push(z);
  }
  if (!all.length) return undefined;
  const sort = (xs: number[]) => xs.sort((a, b) => a - b);
  sort(all);
  const lo: number[] = [];
  const hi: number[] = [];
  for (let seg = 0; seg < WINDOW_CELLS / bands; seg++) {
    const segment = sort(cells.slice(seg * bands, (seg + 1) * bands).flat());
    for (let b = 0; b < bands; b++) {
      const own = sort(cells[seg * bands + b]);
      const xs = own.length >= MIN_CELL_SAMPLES ? own : segment.length >= MIN_CELL_SAMPLES ? segment : all;
      lo.push(r3(Math.min(0, percentile(xs, WINDOW_P_LOW))));
      hi.push(r3(Math.max(0, percentile(xs, WINDOW_P_HIGH))));
    }
  }
  return { lo, hi, n: all.length };
}

/** Served customers told a wait with the model's features, as the model learns them. */
export function modelSamples(rows: readonly HistoryRow[]): ModelSample[] {
  const out: ModelSample[] = [];
  for (const r of rows) {
    const x = r.quotedFeatures;
    if (r.startedAt === null || r.quotedWait == null || !x || x.length !== FEATURE_COUNT) continue;
    const kind: ArrivalKind = !remote(r) ? 0 : r.expectedAt !== null ? 1 : 2;
    out.push({
      x,
      e: (r.startedAt - r.joinedAt) / MINUTE - r.quotedWait,
      cell: cellOf(kind, r.chosenBarberId != null, r.quotedWait),
      group: `${r.shopId ?? 0}:${r.localDay}`,
    });
  }
  return out;
}

/** Joins per hour by priority and hour of week, an hour of week blended with the same hour of every day. */
function joinRates(rows: readonly HistoryRow[]): number[][] {
  const daysOf = Array.from({ length: 7 }, () => new Set<string>());
  const allDays = new Set<string>();
  const count = Array.from({ length: 4 }, () => new Array<number>(HOURS_PER_WEEK).fill(0));
  for (const r of rows) {
    const how = ((Math.floor(r.hourOfWeek) % HOURS_PER_WEEK) + HOURS_PER_WEEK) % HOURS_PER_WEEK;
    const day = `${r.shopId ?? 0}:${r.localDay}`;
    daysOf[Math.floor(how / 24)].add(day);
    allDays.add(day);
    const p = Math.min(3, Math.max(0, Math.floor(r.priority)));
    count[p][how]++;
  }
  return count.map((byHour) => {
    const byHourOfDay = new Array<number>(24).fill(0);
    byHour.forEach((c, how) => {
      byHourOfDay[how % 24] += c;
    });
    return byHour.map((c, how) => {
      const days = daysOf[Math.floor(how / 24)].size;
      const pooled = allDays.size ? byHourOfDay[how % 24] / allDays.size : 0;
      const own = days ? c / days : 0;
      const w = days / (days + WEEKDAY_PRIOR_DAYS);
      return w * own + (1 - w) * pooled;
    });
  });
}

/**
 * Everything a shop (or, given every shop's rows, the chain) learns from its history; `model`: the window's model
 * too (the chain's: every shop uses it).
 */
export function learnFigures(history: readonly HistoryRow[], opts: { model?: boolean } = {}): Figures {
  const rows = [...history].sort((a, b) => a.joinedAt - b.joinedAt);
  const trip: number[] = [];
  const lateness: number[] = [];
  const runOver: number[] = [];
  let members = 0;
  let remoteMembers = 0;
  let listed = 0;
  for (const r of rows) {
    if (remote(r) && r.checkedInAt !== null) {
      if (r.expectedAt === null) trip.push((r.checkedInAt - r.joinedAt) / MINUTE);
      else lateness.push((r.checkedInAt - r.expectedAt) / MINUTE);
    }
    if (r.finishedAt !== null && r.expectedEnd !== null) runOver.push((r.finishedAt - r.expectedEnd) / MINUTE);
    if (r.priority > 0) {
      members++;
      if (remote(r)) remoteMembers++;
    }
    listed += r.listed;
  }
  return {
    trip: dist(trip),
    lateness: dist(lateness),
    runOver: dist(runOver),
    rates: { perHour: joinRates(rows), n: rows.length },
    remoteShare: { value: members ? remoteMembers / members : 0, n: members },
    meanMinutes: { value: rows.length ? listed / rows.length : 0, n: rows.length },
    ...windowOnly(windowFigures(rows)),
    ...modelOnly(opts.model ? learnWindowModel(modelSamples(rows)) : undefined),
  };
}

const modelOnly = (m: WindowModel | undefined) => (m ? { model: m } : {});

const windowOnly = (w: Figures['window']) => (w ? { window: w } : {});

const enough = (f: { n: number } | undefined): boolean => f !== undefined && f.n >= MIN_LEARN_SAMPLES;

/** The constants as Figures (no samples). */
export function defaultFigures(): Figures {
  const d = DEFAULT_LEARNED;
  return {
    trip: { q: [...d.trip], n: 0 },
    lateness: { q: [...d.lateness], n: 0 },
    runOver: { q: [...d.runOver], n: 0 },
    rates: { perHour: d.joinRate.map((r) => new Array<number>(HOURS_PER_WEEK).fill(r)), n: 0 },
    remoteShare: { value: d.remoteShare, n: 0 },
    meanMinutes: { value: d.meanMinutes, n: 0 },
  };
}

/** Each figure from the shop when it has enough samples, else from the chain when it has, else the constants. */
export function resolveFigures(shop: Figures | undefined, chain: Figures | undefined): Figures {
  const d = defaultFigures();
  const take = <K extends keyof Figures>(k: K): Figures[K] =>
    shop && enough(shop[k]) ? shop[k] : chain && enough(chain[k]) ? chain[k] : d[k];
  return {
    trip: take('trip'),
    lateness: take('lateness'),
    runOver: take('runOver'),
    rates: take('rates'),
    remoteShare: take('remoteShare'),
    meanMinutes: take('meanMinutes'),
    // The correction as a whole: the shop's with enough served customers, else the chain's, else none.
    ...windowOnly(shop?.window && enough(shop.window) ? shop.window : chain?.window && enough(chain.window) ? chain.window : undefined),
    // The model: the chain's (learned on every shop's customers), else none.
    ...modelOnly(isModel(chain?.model) ? chain.model : isModel(shop?.model) ? shop.model : undefined),
  };
}

/** What the engine needs at a moment: the join rates of this hour of the week and the next (a wait spans both). */
export function learnedAt(f: Figures, hourOfWeek: number): Learned {
  const h = ((Math.floor(hourOfWeek) % HOURS_PER_WEEK) + HOURS_PER_WEEK) % HOURS_PER_WEEK;
  const next = (h + 1) % HOURS_PER_WEEK;
  return {
    trip: f.trip.q,
    lateness: f.lateness.q,
    runOver: f.runOver.q,
    joinRate: f.rates.perHour.map((byHour) => (byHour[h] + byHour[next]) / 2),
    remoteShare: f.remoteShare.value,
    meanMinutes: f.meanMinutes.value,
    ...(f.window &&
      f.window.lo.length === WINDOW_CELLS &&
      f.window.hi.length === WINDOW_CELLS && { window: { lo: f.window.lo, hi: f.window.hi } }),
    ...(isModel(f.model) && { model: f.model }),
    hour: h % 24,
  };
}

/**
 * The server side of what shops learn: turns the shops' past orders into learn.ts history rows,
 * recomputes the figures of the shops whose figures are older than an hour (off the request path: a timer in
 * server.ts, and the demo seed once), and gives the snapshot loader the figures at a moment. Each shop's
 * figures are stored resolved (shop, else chain, else constants: learn.ts resolveFigures); the window's model is
 * the chain's, stored with every shop's figures.
 */
import type { Queryable } from '../db/db.ts';
import { offsetMs } from '../lib/tz.ts';
import { figuresOf, pastOrders, saveFigures, staleShops, type PastOrderRow } from '../repos/learned.ts';
import { type Figures, type HistoryRow, learnedAt, learnFigures, resolveFigures } from './engine/learn.ts';
import type { Learned } from './engine/types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Figures are recomputed at most this often per shop by default (config.learnEveryMs). */
export const LEARN_EVERY_MS = HOUR;
/** How far back the history reaches. */
export const HISTORY_DAYS = 56;

/** The shop-local day number and hour of the week (Monday 0:00 = 0) of an instant. */
export function localHourOfWeek(ms: number, timezone: string): { localDay: number; hourOfWeek: number } {
  const local = ms + offsetMs(ms, timezone);
  const localDay = Math.floor(local / DAY);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
  const weekday = (((localDay + 3) % 7) + 7) % 7;
  return { localDay, hourOfWeek: weekday * 24 + Math.floor((local - localDay * DAY) / HOUR) };
}

/** A past order as learn.ts reads it. A customer who joined in the shop was there at join. */
export function historyRow(r: PastOrderRow): HistoryRow {
  const at = localHourOfWeek(r.joinedAt, r.timezone);
  return {
    shopId: r.shopId,
    joinedAt: r.joinedAt,
    priority: r.priority,
    source: r.source,
    checkedInAt: r.checkedInAt,
    expectedAt: r.expectedAt,
    listed: r.duration,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    expectedEnd: r.startedAt === null ? null : r.startedAt + Math.round(r.duration * (r.speed ?? 1) * MINUTE),
    localDay: at.localDay,
    hourOfWeek: at.hourOfWeek,
    barberId: r.barberId ?? null,
    chosenBarberId: r.chosenBarberId ?? null,
    quotedWait: r.quotedWait ?? null,
    quotedLow: r.quotedLow ?? null,
    quotedHigh: r.quotedHigh ?? null,
    quotedSpread: r.quotedSpread ?? null,
    quotedSpreadLow: r.quotedSpreadLow ?? null,
    quotedFeatures: r.quotedFeatures ?? null,
  };
}

/** The figures as stored: join rates to a thousandth of a join an hour (the row stays a few kilobytes). */
function compact(f: Figures): Figures {
  return { ...f, rates: { ...f.rates, perHour: f.rates.perHour.map((byHour) => byHour.map((v) => Math.round(v * 1000) / 1000)) } };
}

/**
 * Recomputes the figures of every shop whose figures are missing or older than LEARN_EVERY_MS (all of them with
 * `force`), from the last HISTORY_DAYS of every shop's orders; the chain's figures from all of them. Returns
 * the shops recomputed.
 */
export async function refreshLearned(db: Queryable, now: number, opts: { force?: boolean; everyMs?: number } = {}): Promise<number[]> {
  const stale = await staleShops(db, opts.force ? now + 1 : now - (opts.everyMs ?? LEARN_EVERY_MS));
  if (!stale.length) return [];
  const rows = (await pastOrders(db, now - HISTORY_DAYS * DAY, now)).map(historyRow);
  // The window's model is the chain's, learned on every shop's customers (window-learn.ts).
  const chain = learnFigures(rows, { model: true });
  const byShop = new Map<number, HistoryRow[]>();
  for (const r of rows) {
    const list = byShop.get(r.shopId!);
    if (list) list.push(r);
    else byShop.set(r.shopId!, [r]);
  }
  const out = stale.map((shopId) => {
    const own = byShop.get(shopId) ?? [];
    return { shopId, figures: compact(resolveFigures(learnFigures(own), chain)), samples: own.length };
  });
  await saveFigures(db, out, now);
  return stale;
}

const isNums = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** Stored figures checked for shape (a row from an older or damaged write stands for nothing). */
export function asFigures(v: unknown): Figures | null {
  const f = v as Figures | null;
  if (!f || typeof f !== 'object') return null;
  const dist = (d: unknown) => !!d && typeof d === 'object' && isNums((d as { q: unknown }).q);
  const value = (x: unknown) => !!x && typeof x === 'object' && typeof (x as { value: unknown }).value === 'number';
  if (!dist(f.trip) || !dist(f.lateness) || !dist(f.runOver) || !value(f.remoteShare) || !value(f.meanMinutes)) return null;
  if (!f.rates || !Array.isArray(f.rates.perHour) || f.rates.perHour.length !== 4 || !f.rates.perHour.every(isNums)) return null;
  return f;
}

/** What the engine gets of a shop's figures at `now` (its local hour of the week); undefined without figures. */
export function learnedOf(figures: Figures | null | undefined, now: number, timezone: string): Learned | undefined {
  return figures ? learnedAt(figures, localHourOfWeek(now, timezone).hourOfWeek) : undefined;
}

/** The stored figures of some shops, by shop id. */
export async function loadFigures(q: Queryable, shopIds: number[]): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  for (const r of await figuresOf(q, shopIds)) {
    const f = asFigures(r.figures);
    if (f) out.set(r.shopId, f);
  }
  return out;
}

/** Rechecks every few minutes which shops are due (refreshLearned); returns a stop function that awaits a run in progress. */
export function startLearning(db: Queryable, now: () => number, everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = refreshLearned(db, now(), { everyMs }).catch(onError);
  };
  run();
  const timer = setInterval(run, Math.min(everyMs, 10 * MINUTE));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

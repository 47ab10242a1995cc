/**
 * The chain owner's read (docs/decisions.md, "The chain owner's key"): one row per shop, made from the shop's kept
 * rows and figures by the shop's own functions (the console's floor, the shop's page estimates and figures), and the
 * crowded flags worked out from the rows. GET /operator/chain/ answers it whole; the chain stream (chain-feed.ts)
 * sends it whole once and then the changed rows.
 */
import type { Deps } from '../deps.ts';
import { allShops } from '../repos/operators.ts';
import type { WireOperatorQueue } from '../../shared/wire-operator.ts';
import type { WireChainShop } from '../../shared/wire-chain.ts';
import { iso } from '../lib/time.ts';
import { localDay } from '../lib/tz.ts';
import { queueFromRows, scheduleOf, type ShopQueue } from '../queue/snapshot.ts';
import type { Schedule } from '../queue/engine/types.ts';
import { inOrderOfService } from '../queue/service-order.ts';
import { toWirePob } from '../domain/shops.ts';
import { keepShopRows, keptRows, shopRows } from './kept-rows.ts';
import { ordersJoinedAtShops } from '../repos/order-history.ts';
import { expectedArrivals } from '../operator/queue-view.ts';
import { figuresOf, periodsOf, shopStats } from '../operator/stats.ts';
import type { ShopRow } from '../repos/shops.ts';

/** One shop on the chain's screen: its floor now (operatorQueue, the console's read) and its figures (shopStats). */
export type ChainShop = WireChainShop;
type ChainWait = NonNullable<ChainShop['wait']>;

const EARTH_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;
/** Metres between two points on the earth (haversine). */
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The shortest open barber wait of the console's floor, with its window. */
function waitNow(
  barbers: Pick<WireOperatorQueue['barbers'][number], 'queue_open' | 'wait_time' | 'wait_low' | 'wait_high'>[],
): ChainWait | null {
  let best: ChainWait | null = null;
  for (const b of barbers) {
    if (!b.queue_open || b.wait_time === null) continue;
    if (!best || b.wait_time < best.minutes) best = { minutes: b.wait_time, low: b.wait_low ?? null, high: b.wait_high ?? null };
  }
  return best;
}

/**
 * The wait a new customer of each priority would get now (0 one-time, then the membership levels), with its window:
 * the shop's own answer (toWirePob's service_time_estimates, what its page and the app show). None while the shop
 * takes no one now.
 */
function waitsNow(shop: ShopRow, queue: ShopQueue, s: Schedule): ChainShop['waits'] {
  if (!s.open || s.queueState !== 'open') return [];
  return toWirePob(shop, queue, s).service_time_estimates.flatMap((e) =>
    e.wait_time === null ? [] : [{ priority: e.priority, minutes: e.wait_time, low: e.wait_low ?? null, high: e.wait_high ?? null }],
  );
}

/** One shop's row: the console's floor and the shop's figures, by the shop's own functions. */
export type ChainRow = Omit<ChainShop, 'crowded' | 'nearby_room'>;

/** A shop's crowded flag and the shops nearby with room (CHAIN_FLAG_WAIT_MINUTES, NEARBY_RADIUS_M). */
export type ChainFlags = Pick<ChainShop, 'crowded' | 'nearby_room'>;

/** Where a shop is (its row's place on the map), for the shops near it. */
export type ShopPlace = { id: number; latitude: number; longitude: number };

/**
 * The shop's figures (shopStats, GET …/stats/'s), kept with the shop's rows (live/kept-rows.ts): they move only with
 * the shop's own changes and with its local day, so they are read again when its change is announced, when its day
 * turns, and after KEPT_ROWS_MS at most.
 */
export function keptFigures(deps: Deps, shop: ShopRow, now: number): Promise<ChainShop['figures']> {
  return keptRows(deps).get(`figures:${shop.id}:${localDay(now, shop.timezone).date}`, { shopId: shop.id }, () =>
    shopStats(deps.db, shop, now),
  ) as Promise<ChainShop['figures']>;
}

/**
 * Keeps the rows and figures of every shop of `ids` that has none kept, read together (keepShopRows, then one query
 * for the figures of them all): a read of many shops' rows (the chain's stream) costs a few queries, not a few per
 * shop. Each entry is taken before its query starts, so a change announced meanwhile ends it.
 */
export async function keepChainRows(deps: Deps, ids: readonly number[]): Promise<void> {
  await keepShopRows(deps, ids);
  if (!deps.changes.live || deps.config.keptRowsMs <= 0) return;
  const now = deps.now();
  const cache = keptRows(deps);
  const waiting: {
    id: number;
    periods: ReturnType<typeof periodsOf>;
    resolve: (f: ChainShop['figures']) => void;
    reject: (err: unknown) => void;
  }[] = [];
  for (const id of ids) {
    const shop = (await shopRows(deps, id))?.shop;
    if (!shop) continue;
    const key = `figures:${id}:${localDay(now, shop.timezone).date}`;
    if (cache.peek(key)) continue;
    const periods = periodsOf(shop, now);
    void cache.get<ChainShop['figures']>(
      key,
      { shopId: id },
      () => new Promise<ChainShop['figures']>((resolve, reject) => waiting.push({ id, periods, resolve, reject })),
    );
  }
  if (!waiting.length) return;
  try {
    const from = Math.min(...waiting.map((w) => w.periods.weekStart));
    const to = Math.max(...waiting.map((w) => w.periods.end));
    const rows = await ordersJoinedAtShops(
      deps.db,
      waiting.map((w) => w.id),
      from,
      to,
    );
    const byShop = new Map<number, typeof rows>();
    for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r]);
    for (const w of waiting) {
      const week = (byShop.get(w.id) ?? []).filter((o) => o.joinedAt >= w.periods.weekStart && o.joinedAt < w.periods.end);
      w.resolve(figuresOf(week, w.periods));
    }
  } catch (err) {
    for (const w of waiting) w.reject(err);
  }
}

/**
 * One shop's row now (null: no such shop), from the shop's kept rows (what its page and streams are built from,
 * read once per change of the shop) and its kept figures: no query while they are kept. The floor is the console's
 * (operatorQueue's plan: each barber's shift and wait, the waiting in the order of service and when each is
 * expected), the waits per priority the shop page's (toWirePob).
 */
export async function chainShop(deps: Deps, id: number): Promise<{ row: ChainRow; place: ShopPlace } | null> {
  const kept = await shopRows(deps, id);
  if (!kept) return null;
  const { shop, rows } = kept;
  const now = deps.now();
  const queue = queueFromRows(shop, rows, now);
  const figures = await keptFigures(deps, shop, now);
  const s = scheduleOf(queue);
  const waiting = inOrderOfService(s);
  const arrivals = expectedArrivals(queue.snapshot, waiting, new Map(queue.open.map((o) => [o.id, o])));
  const barbers = queue.snapshot.barbers.map((b) => {
    const q = s.barbers.find((x) => x.id === b.id);
    return {
      on_shift: b.shifts.some((w) => w.start <= now && now < w.end),
      queue_open: q?.queue_open ?? false,
      wait_time: q?.wait_time ?? null,
      wait_low: q?.low ?? null,
      wait_high: q?.high ?? null,
    };
  });
  const hours = queue.snapshot.hours;
  const onWay = waiting.filter((r) => (arrivals.get(r.id)?.at ?? null) !== null).length;
  return {
    place: { id: shop.id, latitude: shop.latitude, longitude: shop.longitude },
    row: {
      id: shop.id,
      name: shop.name,
      open: s.open,
      queue_state: s.queueState,
      closes_at: hours && hours.close > now ? iso(hours.close) : null,
      chairs: shop.chairCount,
      barbers_on_shift: barbers.filter((b) => b.on_shift).length,
      waiting_present: waiting.length - onWay,
      waiting_on_way: onWay,
      in_service: queue.open.filter((o) => o.status === 'in_service').length,
      wait: waitNow(barbers),
      waits: waitsNow(shop, queue, s),
      figures,
    },
  };
}

/**
 * GET /operator/chain/: every shop of the chain, each row made by the shop's own reads (the console's floor and
 * figures); a shop is `crowded` when its wait now is over CHAIN_FLAG_WAIT_MINUTES (or it takes no one while open)
 * and a shop within NEARBY_RADIUS_M of it has an open queue with a wait under that.
 */
export async function chainOverview(deps: Deps): Promise<{ pobs: ChainShop[] }> {
  const rows = new Map<number, ChainRow>();
  const places: ShopPlace[] = [];
  for (const { id } of await allShops(deps.db)) {
    const read = await chainShop(deps, id);
    if (!read) continue;
    rows.set(id, read.row);
    places.push(read.place);
  }
  const flags = flagsOf(deps, nearbyOf(deps, places), rows);
  return { pobs: places.map((p) => ({ ...rows.get(p.id)!, ...flags.get(p.id)! })) };
}

/** The shops within NEARBY_RADIUS_M of each shop, in the order given (worked out once per roster). */
export function nearbyOf(deps: Pick<Deps, 'config'>, places: readonly ShopPlace[]): Map<number, number[]> {
  const out = new Map<number, number[]>(places.map((p) => [p.id, []]));
  for (const a of places)
    for (const b of places) if (a.id !== b.id && metresBetween(a, b) <= deps.config.nearby.radiusMeters) out.get(a.id)!.push(b.id);
  return out;
}

/**
 * The rows' crowded flags: a shop is over CHAIN_FLAG_WAIT_MINUTES (or takes no one while open) while a shop within
 * NEARBY_RADIUS_M (`nearby`, nearbyOf's) has an open queue with a wait under it.
 */
export function flagsOf(deps: Pick<Deps, 'config'>, nearby: Map<number, number[]>, rows: Map<number, ChainRow>): Map<number, ChainFlags> {
  const limit = deps.config.chainFlagWaitMinutes;
  const roomy = (r: ChainRow | undefined) => !!r && r.queue_state === 'open' && r.wait !== null && r.wait.minutes < limit;
  const over = (r: ChainRow) => r.open && (r.wait === null || r.wait.minutes > limit);
  const out = new Map<number, ChainFlags>();
  for (const [id, r] of rows) {
    const room = over(r) ? (nearby.get(id) ?? []).filter((o) => roomy(rows.get(o))) : [];
    out.set(id, { crowded: room.length > 0, nearby_room: room });
  }
  return out;
}

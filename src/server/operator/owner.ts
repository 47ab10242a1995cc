/**
 * The chain owner's browsers (docs/decisions.md, "The chain owner's key"): a pairing code of no shop is made on the
 * server's machine (`npm run owner-key`), a browser trades it for its own key at POST /operator/pairing/ (the same
 * per-address limit as a console), and the key reads every shop and changes shifts but serves no customer
 * (operator/keys.ts mayAct / mayPlan). Each browser is named, listed and revocable; its open streams end at once.
 * Every change made with an owner's key is logged with the browser's name.
 */
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/http-error.ts';
import { ownerDevices, revokeOwnerDevice, type OperatorPrincipal } from '../repos/operators.ts';
import { allShops } from '../repos/operators.ts';
import type { WireChainShop, WireDevice, WireOperatorQueue } from '../../shared/wire-order.ts';
import { iso } from '../lib/time.ts';
import { queueVersion } from '../repos/orders.ts';
import { queueOf } from '../queue/order-read.ts';
import { operatorQueue } from './queue-view.ts';
import { wireDevice } from './devices.ts';
import { shopStats } from './stats.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';

export async function listOwnerDevices(deps: Pick<Deps, 'db'>): Promise<WireDevice[]> {
  return (await ownerDevices(deps.db)).map(wireDevice);
}

/** Revokes one of the owner's browsers: its key stops working, its open streams end on every process. */
export async function removeOwnerDevice(deps: Pick<Deps, 'db' | 'now' | 'changes'>, deviceId: number | null): Promise<void> {
  if (deviceId === null || !(await revokeOwnerDevice(deps.db, deviceId, deps.now()))) throw notFound('Device not found');
  await deps.changes.announceRevoked(deviceId);
}

/**
 * A change made with an owner's key, in the log with the browser's name and id: `action` says what, `detail` on
 * what (the shop, the barber, the device …). A shop's own keys and consoles are not logged here.
 */
export function logOwnerChange(deps: Pick<Deps, 'log'>, who: OperatorPrincipal, action: string, detail: Record<string, unknown>): void {
  if (who.role !== 'owner') return;
  deps.log.info({ owner: who.name, owner_device: who.deviceId, action, ...detail }, `owner change: ${action} by ${who.name}`);
}

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
function waitNow(floor: WireOperatorQueue): ChainWait | null {
  let best: ChainWait | null = null;
  for (const b of floor.barbers) {
    if (!b.queue_open || b.wait_time === null) continue;
    if (!best || b.wait_time < best.minutes) best = { minutes: b.wait_time, low: b.wait_low ?? null, high: b.wait_high ?? null };
  }
  return best;
}

/** One shop's row: the console's floor read and the shop's figures, by the shop's own functions. */
type ChainRow = Omit<ChainShop, 'crowded' | 'nearby_room'>;

export async function chainShop(deps: Deps, shop: ShopRow): Promise<ChainRow> {
  const now = deps.now();
  const [floor, figures, queue] = await Promise.all([
    operatorQueue(deps, shop.id),
    shopStats(deps.db, shop, now),
    queueOf(deps.db, shop, now),
  ]);
  const waiting = floor.orders.filter((o) => o.status === 'waiting');
  const hours = queue.snapshot.hours;
  return {
    id: shop.id,
    name: shop.name,
    open: floor.pob.open,
    queue_state: floor.pob.queue_state,
    closes_at: hours && hours.close > now ? iso(hours.close) : null,
    chairs: shop.chairCount,
    barbers_on_shift: floor.barbers.filter((b) => b.on_shift).length,
    waiting_present: waiting.filter((o) => o.expected_at === null).length,
    waiting_on_way: waiting.filter((o) => o.expected_at !== null).length,
    in_service: floor.orders.length - waiting.length,
    wait: waitNow(floor),
    figures,
  };
}

/**
 * GET /operator/chain/: every shop of the chain, each row made by the shop's own reads (the console's floor and
 * figures); a shop is `crowded` when its wait now is over CHAIN_FLAG_WAIT_MINUTES (or it takes no one while open)
 * and a shop within NEARBY_RADIUS_M of it has an open queue with a wait under that.
 */
export async function chainOverview(deps: Deps): Promise<{ pobs: ChainShop[] }> {
  const shops: ShopRow[] = [];
  for (const s of await allShops(deps.db)) {
    const shop = await getShop(deps.db, s.id);
    if (shop) shops.push(shop);
  }
  const rows: ChainRow[] = [];
  for (const shop of shops) rows.push(await chainShop(deps, shop));
  const limit = deps.config.chainFlagWaitMinutes;
  const roomy = (r: ChainRow) => r.queue_state === 'open' && r.wait !== null && r.wait.minutes < limit;
  const over = (r: ChainRow) => r.open && (r.wait === null || r.wait.minutes > limit);
  return {
    pobs: rows.map((r, i) => {
      const nearby = over(r)
        ? rows
            .filter((o, j) => j !== i && roomy(o) && metresBetween(shops[i], shops[j]) <= deps.config.nearby.radiusMeters)
            .map((o) => o.id)
        : [];
      return { ...r, crowded: nearby.length > 0, nearby_room: nearby };
    }),
  };
}

/** The chain stream's version: the sum of every shop's queue version (it moves with any shop's change). */
export async function chainVersion(deps: Pick<Deps, 'db'>): Promise<number> {
  return queueVersion(
    deps.db,
    (await allShops(deps.db)).map((s) => s.id),
  );
}

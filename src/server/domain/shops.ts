/**
 * Shops as the API shows them (WirePob, WirePobDetail): database rows plus the queue engine's answer on each
 * shop's snapshot. The wire mapping is pure; listPobs and getPob do the reading.
 */
import type { WireExtraService, WireOpenTime, WirePob, WirePobDetail, WireQueue } from '../../shared/wire.ts';
import type { Queryable } from '../db/db.ts';
import type { Language } from '../../shared/locales.ts';
import { extrasOf, getShop, listShops, noticesOf, serviceGroupsOf, servicesOf, type ShopRow } from '../repos/shops.ts';
import { schedule } from '../queue/engine/schedule.ts';
import { loadQueues, type ShopQueue } from '../queue/snapshot.ts';
import type { Schedule } from '../queue/engine/types.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../../shared/barber-image.ts';

export interface PobScope {
  country: string;
  /** Test shops too (development mode). */
  includeTest: boolean;
  now: number;
  /** The catalogue's language (?lang=, else Finnish): menu texts and notices come in it. */
  lang: Language;
}

function openTimes(queue: ShopQueue): WireOpenTime[] {
  return queue.hours.map((h) => ({ weekday: h.weekday, open: h.opens, close: h.closes }));
}

export function toWirePob(shop: ShopRow, queue: ShopQueue, s: Schedule): WirePob {
  // The app's shop state reads the queue value first (none is 'unknown', a dash): a queue that is not
  // open (closed for the day, or full) carries 0 where the engine has no wait, so that clients read its state.
  // They never show a wait for it.
  const waitOf = (w: number | null) => (w === null && s.queueState !== 'open' ? 0 : w);
  const pob: WirePob = {
    id: shop.id,
    name: shop.name,
    city: shop.city,
    address: shop.address,
    country: shop.country,
    open: s.open,
    open_times: openTimes(queue),
    closing_soon: s.closingSoon,
    location: { latitude: shop.latitude, longitude: shop.longitude },
    service_time_estimates: s.estimates.map((e) => ({
      priority: e.priority,
      wait_time: waitOf(e.wait_time),
      wait_low: e.low,
      wait_high: e.high,
    })),
    queue_state: s.queueState,
    queue_info: { queue_employees: queue.onShiftNow, queue_length: queue.waiting },
    chair_count: shop.chairCount,
  };
  // Only test shops carry the flag, so ordinary answers have exactly the documented fields.
  if (shop.isTest) pob.is_test = true;
  return pob;
}

/** One entry per barber on shift today who has not left yet, in the engine's barber order. */
export function toWireQueues(queue: ShopQueue, s: Schedule): WireQueue[] {
  const now = queue.snapshot.now;
  const out: WireQueue[] = [];
  for (const q of s.barbers) {
    const shifts = queue.shifts.filter((x) => x.barberId === q.id);
    if (!shifts.length || shifts.every((x) => x.end <= now)) continue;
    const b = shifts[0];
    out.push({
      barber: { id: b.barberId, name: displayName(b), image: barberImage(b) },
      wait_time: q.wait_time,
      wait_low: q.low,
      wait_high: q.high,
      // One rule for the list, the page and the join: no barber's queue is open while the shop takes no orders
      // (closed or full; docs/decisions.md, "Order of service"), whatever his own plan says.
      queue_open: q.queue_open && s.queueState === 'open',
      waits: q.byPriority.map((e) => ({ priority: e.priority, wait_time: e.wait_time, wait_low: e.low, wait_high: e.high })),
    });
  }
  return out;
}

export async function listPobs(q: Queryable, scope: PobScope): Promise<WirePob[]> {
  const shops = await listShops(q, { country: scope.country, includeTest: scope.includeTest });
  const queues = await loadQueues(q, shops, scope.now);
  return shops.map((shop) => {
    const queue = queues.get(shop.id)!;
    return toWirePob(shop, queue, schedule(queue.snapshot));
  });
}

/** A shop's menu and notices in one language, as read. */
export interface Menu {
  groups: Awaited<ReturnType<typeof serviceGroupsOf>>;
  services: Awaited<ReturnType<typeof servicesOf>>;
  extras: Awaited<ReturnType<typeof extrasOf>>;
  notices: Awaited<ReturnType<typeof noticesOf>>;
}

export async function menuOf(q: Queryable, id: number, lang: Language): Promise<Menu> {
  const [groups, services, extras, notices] = await Promise.all([
    serviceGroupsOf(q, id, lang),
    servicesOf(q, id, lang),
    extrasOf(q, id, lang),
    noticesOf(q, id, lang),
  ]);
  return { groups, services, extras, notices };
}

/** Whether the scope shows the shop (its country's, and a test shop only in development). */
export const inScope = (shop: ShopRow, scope: Pick<PobScope, 'country' | 'includeTest'>): boolean =>
  shop.country === scope.country && (!shop.isTest || scope.includeTest);

/** A shop of the scope's country, or null (unknown, another country's, or a test shop outside development). */
export async function getPob(q: Queryable, id: number, scope: PobScope): Promise<WirePobDetail | null> {
  const shop = await getShop(q, id);
  if (!shop || !inScope(shop, scope)) return null;
  const [queues, menu] = await Promise.all([loadQueues(q, [shop], scope.now), menuOf(q, id, scope.lang)]);
  return pobFrom(shop, queues.get(shop.id)!, menu);
}

/** The detail from what was read (pure). */
export function pobFrom(shop: ShopRow, queue: ShopQueue, { groups, services, extras, notices }: Menu): WirePobDetail {
  const s = schedule(queue.snapshot);
  // Every service gets a key, an empty list when it has no extras, so the client never checks for undefined.
  const extraServices: Record<string, WireExtraService[]> = Object.fromEntries(services.map((x) => [String(x.id), []]));
  for (const e of extras) {
    extraServices[String(e.serviceId)]?.push({
      id: e.id,
      service_id: e.serviceId,
      title: e.title,
      order: e.order,
      description: e.description,
      long_description: e.longDescription,
      price: e.price,
      duration: e.duration,
      catalogue_key: e.catalogueKey,
    });
  }
  return {
    ...toWirePob(shop, queue, s),
    image: shop.image ?? false,
    floor: shop.floor,
    notices,
    service_groups: groups.map((g) => ({ id: g.id, title: g.title, order: g.order, description: g.description, parent_id: g.parentId })),
    services: services.map((x) => ({
      id: x.id,
      group_id: x.groupId,
      title: x.title,
      order: x.order,
      description: x.description,
      long_description: x.longDescription,
      price: x.price,
      duration: x.duration,
      multiple: x.multiple,
      catalogue_key: x.catalogueKey,
    })),
    extra_services: extraServices,
    shortest_queue: s.shortest,
    queues: toWireQueues(queue, s),
  };
}

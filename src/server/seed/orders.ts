/**
 * Walk-in orders at the seeding instant: barbers in the middle of a service and customers waiting, shaped by
 * each shop's planned load so the demo's waits differ (0, a few minutes, about half an hour, over an hour).
 * Only shops open at that moment get orders: a queue in a closed shop would be nonsense.
 */
import { localDay, zonedTime } from '../lib/tz.ts';
import { FIRST, LAST, type SeedBarber } from './barbers.ts';
import type { Rng } from '../demo/random.ts';
import type { OrderRow } from '../repos/orders.ts';
import type { Menu, SeedService } from './services.ts';
import { weekOf, type SeedShift } from './shifts.ts';
import { SHOPS, TIMEZONES, type Load, type SeedShop } from './shops.ts';

const MINUTE = 60_000;

/** A live order of the demo queue: a walk-in (named), not yet finished. */
export interface SeedOrder
  extends Pick<
    OrderRow,
    'id' | 'shopId' | 'chosenBarberId' | 'barberId' | 'priority' | 'duration' | 'price' | 'checkedIn' | 'joinedAt' | 'startedAt'
  > {
  walkInName: string;
  status: 'active' | 'in_service';
}

export interface SeedOrderItem {
  orderId: number;
  serviceId: number;
  extraIds: number[];
  title: string;
  price: number;
  duration: number;
}

/** Per load: minutes left of each service in progress, and how many wait per barber on the floor. */
const PLAN: Record<Load, { busyShare: number; left: [number, number]; waitingPerBarber: [number, number]; durations: [number, number] }> = {
  idle: { busyShare: 0, left: [0, 0], waitingPerBarber: [0, 0], durations: [15, 60] },
  light: { busyShare: 1, left: [3, 9], waitingPerBarber: [0, 0], durations: [15, 60] },
  busy: { busyShare: 1, left: [2, 8], waitingPerBarber: [1, 1], durations: [20, 30] },
  packed: { busyShare: 1, left: [10, 25], waitingPerBarber: [3, 4], durations: [30, 60] },
  steady: { busyShare: 0.6, left: [1, 25], waitingPerBarber: [0, 1], durations: [15, 60] },
};

/** Opening instant if the shop is open at `now`, else null. */
function openedAt(shop: SeedShop, now: number): number | null {
  const tz = TIMEZONES[shop.country];
  const today = localDay(now, tz);
  const hours = weekOf(shop, now)[today.weekday - 1];
  if (!hours) return null;
  const open = zonedTime(today.date, hours[0], tz);
  return open <= now && now < zonedTime(today.date, hours[1], tz) ? open : null;
}

interface Draft extends Omit<SeedOrder, 'id'> {
  item: Omit<SeedOrderItem, 'orderId'>;
}

function pickService(r: Rng, menu: Menu, [min, max]: [number, number], withExtra: boolean): Omit<SeedOrderItem, 'orderId'> {
  const fitting = menu.services.filter((s) => s.duration >= min && s.duration <= max);
  const s: SeedService = r.pick(fitting.length ? fitting : menu.services);
  const extras = withExtra ? menu.extras.filter((e) => e.serviceId === s.id) : [];
  const extra = extras.length && r.chance(0.4) ? r.pick(extras) : null;
  return {
    serviceId: s.id,
    extraIds: extra ? [extra.id] : [],
    title: s.title,
    price: s.price + (extra?.price ?? 0),
    duration: s.duration + (extra?.duration ?? 0),
  };
}

function shopOrders(shop: SeedShop, now: number, open: number, onFloor: SeedBarber[], menu: Menu, r: Rng): Draft[] {
  const plan = PLAN[shop.load];
  const name = () => `${r.pick(FIRST[shop.country])} ${r.pick(LAST[shop.country]).charAt(0)}.`;
  const sinceOpen = (now - open) / MINUTE;
  const drafts: Draft[] = [];
  for (const b of onFloor) {
    if (!r.chance(plan.busyShare)) continue;
    const item = pickService(r, menu, [30, 60], false);
    const left = r.int(plan.left[0], plan.left[1]);
    // Started so that it ends `left` minutes from now at this barber's speed, but not before opening.
    const elapsed = Math.max(1, Math.min(item.duration * b.speed - left, sinceOpen));
    const startedAt = now - Math.round(elapsed * MINUTE);
    const joinedAt = Math.max(open, startedAt - r.int(0, 20) * MINUTE);
    drafts.push({
      shopId: shop.id,
      walkInName: name(),
      chosenBarberId: r.chance(0.3) ? b.id : null,
      barberId: b.id,
      status: 'in_service',
      priority: 0,
      duration: item.duration,
      price: item.price,
      checkedIn: true,
      joinedAt,
      startedAt,
      item,
    });
  }
  const waiting = onFloor.length * r.int(plan.waitingPerBarber[0], plan.waitingPerBarber[1]) + (shop.load === 'packed' ? 1 : 0);
  for (let i = 0; i < waiting; i++) {
    const item = pickService(r, menu, plan.durations, shop.load === 'packed' || shop.load === 'steady');
    drafts.push({
      shopId: shop.id,
      walkInName: name(),
      chosenBarberId: onFloor.length && r.chance(0.2) ? r.pick(onFloor).id : null,
      barberId: null,
      status: 'active',
      priority: r.chance(0.3) ? r.int(1, 3) : 0,
      duration: item.duration,
      price: item.price,
      checkedIn: r.chance(0.4),
      joinedAt: Math.min(now, Math.max(open, now - r.int(2, 55) * MINUTE)),
      startedAt: null,
      item,
    });
  }
  return drafts;
}

export function buildOrders(
  now: number,
  barbers: SeedBarber[],
  shifts: SeedShift[],
  menus: Map<number, Menu>,
  r: Rng,
): { orders: SeedOrder[]; items: SeedOrderItem[] } {
  const byId = new Map(barbers.map((b) => [b.id, b]));
  const drafts: Draft[] = [];
  for (const shop of SHOPS) {
    const open = openedAt(shop, now);
    if (open === null) continue;
    const ids = new Set(shifts.filter((s) => s.shopId === shop.id && s.start <= now && now < s.end).map((s) => s.barberId));
    const onFloor = [...ids].sort((a, b) => a - b).map((id) => byId.get(id)!);
    drafts.push(...shopOrders(shop, now, open, onFloor, menus.get(shop.id)!, r));
  }
  // Ids in join order, as the queue would have handed them out.
  drafts.sort((a, b) => a.joinedAt - b.joinedAt || a.shopId - b.shopId);
  const orders: SeedOrder[] = [];
  const items: SeedOrderItem[] = [];
  drafts.forEach(({ item, ...o }, i) => {
    orders.push({ ...o, id: i + 1 });
    items.push({ ...item, orderId: i + 1 });
  });
  return { orders, items };
}

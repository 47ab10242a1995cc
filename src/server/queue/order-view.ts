/**
 * An order as the customer's app reads it (WireOrder, SPEC.md §3): its items as sold, the shop, the barber,
 * and for a waiting order the engine's current wait and the customers ahead, on a fresh snapshot.
 */
import type { Queryable } from '../db/db.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../domain/barber-image.ts';
import { barberLooks, itemsOf, type ItemRow, type OrderRow } from '../repos/orders.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';
import type { WireOrder, WireOrderService, WireOrderStatus } from '../../shared/wire-order.ts';
import { schedule } from './schedule.ts';
import { loadQueues, type ShopQueue } from './snapshot.ts';

export async function queueOf(q: Queryable, shop: ShopRow, now: number): Promise<ShopQueue> {
  return (await loadQueues(q, [shop], now)).get(shop.id)!;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** Waiting and in service are both 'active' on the wire (SPEC.md §3 lists no other open status). */
export function wireStatus(status: OrderRow['status']): WireOrderStatus {
  return status === 'in_service' ? 'active' : status;
}

export function wireServices(items: ItemRow[]): WireOrderService[] {
  return items.map((i) => ({
    id: i.serviceId,
    amount: 1,
    title: i.title,
    description: i.description,
    order: i.order,
    price: i.price,
    duration: i.duration,
    group_id: i.groupId,
    group_name: i.groupName,
    extra_services: [...i.extras].sort((a, b) => a.order - b.order).map((e) => ({ id: e.id, amount: 1, title: e.title, description: e.description, order: e.order, price: e.price, duration: e.duration })),
  }));
}

/** Current wait and customers ahead: from the engine while waiting, 0 in service, nothing once ended. */
export function waitOf(order: Pick<OrderRow, 'id' | 'status'>, queue: ShopQueue | null): { queue: number | null; ahead: number } {
  if (order.status === 'in_service') return { queue: 0, ahead: 0 };
  if (order.status !== 'active' || !queue) return { queue: null, ahead: 0 };
  const row = schedule(queue.snapshot).orders.find((o) => o.id === order.id);
  return { queue: row?.wait ?? null, ahead: row?.position ?? 0 };
}

export async function orderView(q: Queryable, order: OrderRow, now: number): Promise<WireOrder> {
  const shop = (await getShop(q, order.shopId))!;
  const barberId = order.barberId ?? order.chosenBarberId;
  const [items, looks, queue] = await Promise.all([
    itemsOf(q, [order.id]),
    barberLooks(q, barberId === null ? [] : [barberId]),
    order.status === 'active' ? queueOf(q, shop, now) : Promise.resolve(null),
  ]);
  const look = barberId === null ? undefined : looks.get(barberId);
  return {
    id: order.id,
    customer_id: order.customerId ?? 0,
    pob_id: order.shopId,
    pob: { id: shop.id, name: shop.name, address: shop.address, city: shop.city, location: { latitude: shop.latitude, longitude: shop.longitude } },
    status: wireStatus(order.status),
    in_service: order.status === 'in_service',
    customer_at_pob: order.checkedIn,
    ...waitOf(order, queue),
    quoted_wait: order.quotedWait,
    date: iso(order.joinedAt)!,
    started_at: iso(order.startedAt),
    finished_at: iso(order.finishedAt),
    barber: look ? { id: look.id, name: displayName(look), image: barberImage(look) } : null,
    chosen_barber_id: order.chosenBarberId,
    services: wireServices(items),
    price: order.price,
    duration: order.duration,
  };
}

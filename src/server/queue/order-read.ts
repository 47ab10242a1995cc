/**
 * An order as the customer's app reads it (WireOrder): its items as sold, the shop, the barber,
 * and for a waiting order the engine's current wait and the customers ahead, on a fresh snapshot.
 */
import type { Queryable } from '../db/db.ts';
import { itemsOf, type ItemRow, type OrderRow } from '../repos/orders.ts';
import { barberLooks, type BarberLookRow } from '../repos/order-people.ts';
import { itemsInLanguage } from '../repos/item-texts.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { wireOrder } from './order-wire.ts';
import { readyAt } from './engine/floor.ts';
import { loadQueues, scheduleOf, type ShopQueue } from './snapshot.ts';

const MINUTE = 60_000;

export async function queueOf(q: Queryable, shop: ShopRow, now: number): Promise<ShopQueue> {
  return (await loadQueues(q, [shop], now)).get(shop.id)!;
}

/**
 * Current wait, customers ahead and when the shop expects him: from the engine while waiting, 0 in service,
 * nothing once ended.
 */
export function waitOf(order: Pick<OrderRow, 'id' | 'status'>, queue: ShopQueue | null): OrderWait {
  if (order.status === 'in_service') return { queue: 0, low: 0, high: 0, ahead: 0, arriveAt: null, held: false };
  if (order.status !== 'active' || !queue) return { queue: null, low: null, high: null, ahead: 0, arriveAt: null, held: false };
  const row = scheduleOf(queue).orders.find((o) => o.id === order.id);
  const { snapshot } = queue;
  const planned = snapshot.orders.find((o) => o.id === order.id);
  const at = planned ? readyAt(planned, snapshot.now, snapshot.learned) : -Infinity;
  return {
    queue: row?.wait ?? null,
    low: row?.low ?? null,
    high: row?.high ?? null,
    ahead: row?.position ?? 0,
    arriveAt: Number.isFinite(at) ? at : null,
    // Planned to start the moment he is expected: the barber would wait for him.
    held: Number.isFinite(at) && row?.start != null && Math.abs(row.start - at) < MINUTE,
  };
}

/** An order's current wait, its likely window, and the customers ahead. */
export interface OrderWait {
  queue: number | null;
  low: number | null;
  high: number | null;
  ahead: number;
  /**
   * When the engine expects him at the shop (epoch ms): the arrival he gave, else his learned trip from the
   * join; null when he is there or planned as present.
   */
  arriveAt: number | null;
  /** His turn is held for his arrival: planned to start when he is expected. */
  held: boolean;
}

/** What an order's view is made of; a join hands over what its transaction computed (orders.ts joinQueue). */
export interface OrderViewParts {
  order: OrderRow;
  shop: ShopRow;
  items: ItemRow[];
  /** The barber serving or chosen, if any. */
  look: BarberLookRow | undefined;
  /** The shop's queue with the order in it, while the order waits; null otherwise. */
  queue: ShopQueue | null;
}

/** An order's own rows: its items in the reader's language and its barber's looks. */
export async function orderRows(q: Queryable, order: OrderRow, lang: Language | null): Promise<Pick<OrderViewParts, 'items' | 'look'>> {
  const barberId = order.barberId ?? order.chosenBarberId;
  const [items, looks] = await Promise.all([
    itemsOf(q, [order.id]).then((items) => itemsInLanguage(q, items, lang)),
    barberLooks(q, barberId === null ? [] : [barberId]),
  ]);
  return { items, look: barberId === null ? undefined : looks.get(barberId) };
}

/** `lang`: the language of the services' names (null: as sold). */
export async function orderView(q: Queryable, order: OrderRow, now: number, lang: Language | null = null): Promise<WireOrder> {
  const shop = (await getShop(q, order.shopId))!;
  const [own, queue] = await Promise.all([
    orderRows(q, order, lang),
    order.status === 'active' ? queueOf(q, shop, now) : Promise.resolve(null),
  ]);
  return viewOf({ order, shop, ...own, queue });
}

/** The customer's order from parts already loaded (a join hands over what its transaction computed). */
export function viewOf({ order, shop, items, look, queue }: OrderViewParts): WireOrder {
  return wireOrder(order, { shop, items, look, wait: waitOf(order, queue) });
}

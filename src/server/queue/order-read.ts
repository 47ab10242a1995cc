/**
 * An order as the customer's app reads it (WireOrder): its items as sold, the shop, the barber,
 * and for a waiting order the engine's current wait and the customers ahead, on a fresh snapshot.
 */
import type { Queryable } from '../db/db.ts';
import { itemsOf, type ItemRow } from '../repos/order-items.ts';
import type { OrderRow } from '../repos/orders.ts';
import { barberLooks, type BarberLookRow } from '../repos/order-people.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { wireOrder } from './order-wire.ts';
import { partyRows } from '../repos/parties.ts';
import { type PartyMember, partyWire } from './party-wire.ts';
import { readyAt } from './engine/floor.ts';
import { arrivalPlan } from './engine/leave.ts';
import { inOrderOfService } from './service-order.ts';
import { loadQueues, scheduleOf, type ShopQueue } from './snapshot.ts';

const MINUTE = 60_000;

export async function queueOf(q: Queryable, shop: ShopRow, now: number): Promise<ShopQueue> {
  return (await loadQueues(q, [shop], now)).get(shop.id)!;
}

/**
 * Current wait, customers ahead and when the shop expects him: from the engine while waiting, 0 in service,
 * nothing once ended.
 */
export function waitOf(
  order: Pick<OrderRow, 'id' | 'status' | 'checkedIn' | 'source' | 'joinedAt' | 'expectedAt'>,
  queue: ShopQueue | null,
): OrderWait {
  if (order.status === 'in_service') return { queue: 0, low: 0, high: 0, ahead: 0, arriveAt: null, held: false, leaveBy: null };
  if (order.status !== 'active' || !queue)
    return { queue: null, low: null, high: null, ahead: 0, arriveAt: null, held: false, leaveBy: null };
  const row = inOrderOfService(scheduleOf(queue)).find((o) => o.id === order.id);
  const { snapshot } = queue;
  const planned = snapshot.orders.find((o) => o.id === order.id);
  const at = planned ? readyAt(planned, snapshot.now, snapshot.learned) : -Infinity;
  const leave = row ? arrivalPlan(order, row, snapshot.now, snapshot.learned) : null;
  return {
    leaveBy: leave?.leaveBy ?? null,
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
  /** When he should leave to arrive as his window's low end comes (engine/leave.ts); null at the shop or without one. */
  leaveBy: number | null;
}

/** What an order's view is made of; a join hands over what its transaction computed (orders.ts joinQueue). */
export interface OrderViewParts {
  order: OrderRow;
  shop: ShopRow;
  items: ItemRow[];
  /** The barber serving or chosen, if any. */
  look: BarberLookRow | undefined;
  /** The shop's queue with the order in it, while anyone of the party waits or is in service; null otherwise. */
  queue: ShopQueue | null;
  /** The customer's first name (his party's person 0) and his companions; absent: a party of one without a name. */
  name?: string;
  companions?: PartyMember[];
}

/** Whether anyone of the order's party is still waiting or in service: the queue is then read for the view. */
export function partyOpen(order: OrderRow, companions: readonly PartyMember[] = []): boolean {
  return [order, ...companions.map((c) => c.order)].some((o) => o.status === 'active' || o.status === 'in_service');
}

/** An order's own rows: its items in the reader's language, its barber's looks, and its party's people (`read`: already read). */
export async function orderRows(
  q: Queryable,
  order: OrderRow,
  lang: Language | null,
  read?: { name: string; companions: OrderRow[] },
): Promise<Pick<OrderViewParts, 'items' | 'look' | 'name' | 'companions'>> {
  const barberId = order.barberId ?? order.chosenBarberId;
  const [items, looks, party] = await Promise.all([
    itemsOf(q, [order.id], lang),
    barberLooks(q, barberId === null ? [] : [barberId]),
    read ?? partyRows(q, order.id),
  ]);
  const companions: PartyMember[] = [];
  if (party.companions.length) {
    const theirs = party.companions.flatMap((c) => c.barberId ?? c.chosenBarberId ?? []);
    const [rows, more] = await Promise.all([
      itemsOf(
        q,
        party.companions.map((c) => c.id),
        lang,
      ),
      barberLooks(q, [...new Set(theirs)]),
    ]);
    for (const c of party.companions) {
      const id = c.barberId ?? c.chosenBarberId;
      companions.push({
        order: c,
        name: c.walkInName ?? '',
        items: rows.filter((i) => i.orderId === c.id),
        look: id === null ? undefined : more.get(id),
      });
    }
  }
  return { items, look: barberId === null ? undefined : looks.get(barberId), name: party.name, companions };
}

/** `lang`: the language of the services' names (null: as sold). */
export async function orderView(q: Queryable, order: OrderRow, now: number, lang: Language | null = null): Promise<WireOrder> {
  const shop = (await getShop(q, order.shopId))!;
  const own = await orderRows(q, order, lang);
  const queue = partyOpen(order, own.companions) ? await queueOf(q, shop, now) : null;
  return viewOf({ order, shop, ...own, queue });
}

/** The customer's order from parts already loaded (a join hands over what its transaction computed). */
export function viewOf({ order, shop, items, look, queue, name, companions }: OrderViewParts): WireOrder {
  const members: PartyMember[] = [{ order, name: name ?? '', items, look }, ...(companions ?? [])];
  const party = partyWire(members, queue, (o) => waitOf(o, queue));
  return wireOrder(order, { shop, items, look, wait: waitOf(order, queue), party });
}

/**
 * The demo's orders written to the database: the live queue at the seeding instant and the finished orders of the
 * days before it (seed/index.ts builds both, seed/orders.ts and seed/history.ts make them).
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';
import { refreshLearned } from '../queue/learned-figures.ts';
import type { SeedPastOrder } from './history.ts';
import type { SeedOrder, SeedOrderItem } from './orders.ts';
import { bumpSequence, insertRows } from './insert.ts';

export async function writeQueue(q: Queryable, demo: { orders: SeedOrder[]; items: SeedOrderItem[] }): Promise<void> {
  await insertRows(
    q,
    'orders',
    [
      'id',
      'shop_id',
      'walk_in_name',
      'chosen_barber_id',
      'barber_id',
      'status',
      'priority',
      'duration',
      'price',
      'customer_at_pob',
      'joined_at',
      'started_at',
      'source',
      'checked_in_at',
    ],
    demo.orders.map((o) => [
      o.id,
      o.shopId,
      o.walkInName,
      o.chosenBarberId,
      o.barberId,
      o.status,
      o.priority,
      o.duration,
      o.price,
      o.checkedIn,
      iso(o.joinedAt),
      iso(o.startedAt),
      o.walkInName === null ? 'app' : 'desk',
      o.checkedIn ? iso(o.startedAt ?? o.joinedAt) : null,
    ]),
  );
  await insertRows(
    q,
    'order_items',
    ['order_id', 'service_id', 'extra_service_ids', 'title', 'price', 'duration'],
    demo.items.map((i) => [i.orderId, i.serviceId, i.extraIds, i.title, i.price, i.duration]),
  );
}

export async function writeHistory(q: Queryable, demo: { orders: SeedOrder[]; history: SeedPastOrder[] }, now: number): Promise<void> {
  // The past after the live queue's ids, so those stay as they were; then what the shops learn from it.
  await insertRows(
    q,
    'orders',
    [
      'id',
      'shop_id',
      'walk_in_name',
      'barber_id',
      'status',
      'priority',
      'duration',
      'price',
      'customer_at_pob',
      'joined_at',
      'started_at',
      'finished_at',
      'source',
      'checked_in_at',
      'expected_at',
      'quoted_wait',
      'quoted_low',
      'quoted_high',
    ],
    demo.history.map((o, i) => [
      demo.orders.length + i + 1,
      o.shopId,
      'Past customer',
      o.barberId,
      o.status,
      o.priority,
      o.duration,
      o.price,
      o.checkedInAt !== null,
      iso(o.joinedAt),
      iso(o.startedAt),
      iso(o.finishedAt),
      o.source,
      iso(o.checkedInAt),
      iso(o.expectedAt),
      o.quotedWait,
      o.quotedLow,
      o.quotedHigh,
    ]),
  );
  await bumpSequence(q, 'orders');
  await refreshLearned(q, now, { force: true });
}

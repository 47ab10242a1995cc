/**
 * An order's items: the services and extras as sold (order_items and their extras), written with the order or
 * replacing its items, and read in the reader's language. SQL only; every function takes a Queryable so it runs
 * inside a transaction.
 */
import type { Language } from '../../shared/locales.ts';
import type { Queryable } from '../db/db.ts';
import { inLanguage } from './texts.ts';

export interface ItemExtra {
  id: number;
  title: string;
  description: string;
  order: number;
  price: number;
  duration: number;
}

/** An order item: the service as sold (title, price and minutes of the service alone) and its extras. */
export interface ItemRow {
  orderId: number;
  serviceId: number;
  title: string;
  description: string;
  order: number;
  groupId: number;
  groupName: string;
  price: number;
  duration: number;
  extras: ItemExtra[];
}

export interface NewItem {
  serviceId: number;
  title: string;
  price: number;
  duration: number;
  extras: { id: number; title: string; price: number; duration: number }[];
}

/** An order's services and extras as sold (order_items and their extras). */
export async function insertItems(q: Queryable, id: number, items: NewItem[]): Promise<void> {
  for (const item of items) {
    // order_items keeps the seed's convention: price and minutes of the service with its extras.
    const extrasPrice = item.extras.reduce((a, e) => a + e.price, 0);
    const extrasMinutes = item.extras.reduce((a, e) => a + e.duration, 0);
    const { rows: made } = await q.query<{ id: number }>(
      'INSERT INTO order_items (order_id, service_id, extra_service_ids, title, price, duration) ' +
        'VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [id, item.serviceId, item.extras.map((e) => e.id), item.title, item.price + extrasPrice, item.duration + extrasMinutes],
    );
    for (const [i, e] of item.extras.entries()) {
      await q.query(
        'INSERT INTO order_item_extras (order_item_id, position, extra_service_id, title, price, duration) VALUES ($1, $2, $3, $4, $5, $6)',
        [made[0].id, i, e.id, e.title, e.price, e.duration],
      );
    }
  }
}

interface RawItem extends Omit<ItemRow, 'extras' | 'price' | 'duration'> {
  total: number;
  minutes: number;
  sold: ItemExtra[] | null;
  extraIds: number[];
}

/** A name as sold (`sold`) in the reader's language $2: the catalogue row's translation, else its Finnish one. */
const soldIn = (alias: string, sold: string): string =>
  `coalesce(${alias}.texts->$2::text->>'title', CASE WHEN $2::text IS NOT NULL THEN ${alias}.texts->'fi'->>'title' END, ${sold})`;

/**
 * Items of some orders, in order. Extras come as sold; an item written without them (the demo seed) falls
 * back to the catalogue's extras of its ids. `lang`: the names in that language (the catalogue's translation, else
 * the Finnish one, else the name as sold; repos/item-texts.ts), in the same statement; null: as sold.
 */
export async function itemsOf(q: Queryable, orderIds: number[], lang: Language | null = null): Promise<ItemRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await q.query<RawItem>(
    `SELECT i.order_id AS "orderId", i.service_id AS "serviceId", ${soldIn('s', 'i.title')} AS title,
       ${inLanguage('s', 'description')} AS description, s.sort_order AS "order",
       s.group_id AS "groupId", ${inLanguage('g', 'title')} AS "groupName", i.price AS total, i.duration AS minutes,
       i.extra_service_ids AS "extraIds",
       (SELECT json_agg(json_build_object('id', x.extra_service_id, 'title', ${soldIn('e', 'x.title')},
                 'description', ${inLanguage('e', 'description')}, 'order', e.sort_order, 'price', x.price, 'duration', x.duration)
                 ORDER BY x.position)
          FROM order_item_extras x JOIN extra_services e ON e.id = x.extra_service_id WHERE x.order_item_id = i.id) AS sold
     FROM order_items i JOIN services s ON s.id = i.service_id JOIN service_groups g ON g.id = s.group_id
     WHERE i.order_id = ANY($1::int[]) ORDER BY i.order_id, i.id`,
    [orderIds, lang],
  );
  const missing = [...new Set(rows.filter((r) => !r.sold && r.extraIds.length).flatMap((r) => r.extraIds))];
  const catalogue = new Map<number, ItemExtra>();
  if (missing.length) {
    const { rows: found } = await q.query<ItemExtra>(
      `SELECT e.id, ${inLanguage('e', 'title')} AS title, ${inLanguage('e', 'description')} AS description, e.sort_order AS "order",
         e.price, e.duration FROM extra_services e WHERE e.id = ANY($1::int[])`,
      [missing, lang],
    );
    for (const e of found) catalogue.set(e.id, e);
  }
  return rows.map(({ total, minutes, sold, extraIds, ...r }) => {
    const extras = sold ?? extraIds.flatMap((id) => catalogue.get(id) ?? []);
    const price = total - extras.reduce((a, e) => a + e.price, 0);
    const duration = minutes - extras.reduce((a, e) => a + e.duration, 0);
    return { ...r, price, duration, extras };
  });
}

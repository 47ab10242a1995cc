/**
 * The queue's orders: rows, items with their extras as sold, status changes, the per-shop lock and version
 * (barber speeds and a period's orders are in order-history.ts). SQL only; every function takes a Queryable so it runs inside a transaction.
 * Times come back as epoch milliseconds. Status changes are conditional on the expected status, so a change
 * that lost a race changes nothing and says so.
 */
import type { Language } from '../../shared/locales.ts';
import type { Queryable } from '../db/db.ts';
import { inLanguage } from './texts.ts';
import { iso } from '../lib/time.ts';

export type OrderStatus = 'active' | 'in_service' | 'serviced' | 'cancelled' | 'no-show';

export interface OrderRow {
  id: number;
  shopId: number;
  customerId: number | null;
  walkInName: string | null;
  chosenBarberId: number | null;
  barberId: number | null;
  status: OrderStatus;
  priority: number;
  duration: number;
  price: number;
  checkedIn: boolean;
  joinedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  quotedWait: number | null;
  /** The window told at join beside quotedWait (minutes); null on orders from before it was kept. */
  quotedLow: number | null;
  quotedHigh: number | null;
  /** 'app': joined from the customer's phone; 'desk': a walk-in the shop added. */
  source: 'app' | 'desk';
  /** When the customer was first seen at the shop (check-in, or the start of service). */
  checkedInAt: number | null;
  /** When the customer said he would be at the shop (eta_minutes at join or "Running late?"). */
  expectedAt: number | null;
  /** A companion's order: his customer's order (null otherwise), and his number in the party (0 the customer). */
  partyOf: number | null;
  person: number;
  /** Stepped out: when he said he would be back; null otherwise. How many more step-outs the order has. */
  steppedOutUntil: number | null;
  stepOutsLeft: number;
}

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

export interface NewOrder {
  shopId: number;
  customerId: number | null;
  walkInName: string | null;
  chosenBarberId: number | null;
  priority: number;
  duration: number;
  price: number;
  checkedIn: boolean;
  joinedAt: number;
  quotedWait: number | null;
  /** The window told at join, and the engine's spread behind it (window.ts). */
  quotedLow: number | null;
  quotedHigh: number | null;
  quotedSpread: number | null;
  quotedSpreadLow: number | null;
  /** What the window's model read at join (window-model.ts MODEL_FEATURES); absent or null: nothing kept. */
  quotedFeatures?: readonly number[] | null;
  /** 'app': joined from the customer's phone; 'desk': a walk-in the shop added. */
  source: 'app' | 'desk';
  /** The expected arrival the customer gave (eta_minutes), or null. */
  expectedAt: number | null;
  /** The order this one moved from (queue/move.ts); absent or null otherwise. */
  movedFrom?: number | null;
  /** A companion's: his customer's order and his number (docs/decisions.md, "Parties and stepping out"). */
  partyOf?: number | null;
  person?: number;
  stepOutsLeft?: number;
}

export interface NewItem {
  serviceId: number;
  title: string;
  price: number;
  duration: number;
  extras: { id: number; title: string; price: number; duration: number }[];
}

export const ORDER_COLUMNS = `id, shop_id AS "shopId", customer_id AS "customerId", walk_in_name AS "walkInName",
  chosen_barber_id AS "chosenBarberId", barber_id AS "barberId", status, priority, duration, price,
  customer_at_pob AS "checkedIn", joined_at AS "joinedAt", started_at AS "startedAt", finished_at AS "finishedAt",
  quoted_wait AS "quotedWait", quoted_low AS "quotedLow", quoted_high AS "quotedHigh", source,
  checked_in_at AS "checkedInAt", expected_at AS "expectedAt", party_of AS "partyOf", person,
  stepped_out_until AS "steppedOutUntil", step_outs_left AS "stepOutsLeft"`;

/** A number that grows with every queue change of the listed shops: a cache key every process agrees on. */
export async function queueVersion(q: Queryable, shopIds: number[]): Promise<number> {
  const { rows } = await q.query<{ v: number }>(
    'SELECT coalesce(sum(queue_version), 0)::bigint AS v FROM shops WHERE id = ANY($1::int[])',
    [shopIds],
  );
  return Number(rows[0].v);
}

export async function orderById(q: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Open orders (waiting or in service) of some shops, with what the views need beside the engine's rows. */
export async function openOrdersOf(q: Queryable, shopIds: number[]): Promise<OrderRow[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE shop_id = ANY($1::int[]) AND status IN ('active', 'in_service') ORDER BY joined_at, id`,
    [shopIds],
  );
  return rows;
}

/** What a join checks of the customer before placing the order, in one statement. */
export interface JoinGate {
  /** The customer's open order (waiting or in service), if any. */
  openId: number | null;
  /** Orders the customer joined after `since`. */
  recent: number;
  /** When the `limit`-th most recent of them joined (its leaving the window frees a join); null when fewer. */
  freedAt: number | null;
  /** The earlier join under the same Idempotency-Key within its lifetime: its body's hash and its answer. */
  replay: { bodyHash: string; answer: string } | null;
  /** The customer's first name (his party's person 0). */
  firstname: string;
  /** The customer's profile language, as stored (null: none). */
  language: string | null;
}

/**
 * The customer's open order, recent joins (the join limit counts the orders themselves: nothing else to keep) and
 * an earlier join under the same Idempotency-Key kept since `keptSince`, in one statement.
 */
export async function joinGate(
  q: Queryable,
  g: { customerId: number; since: number; limit: number; key: string | null; keptSince: number },
): Promise<JoinGate> {
  const { rows } = await q.query<
    Omit<JoinGate, 'replay' | 'firstname'> & { bodyHash: string | null; answer: string | null; firstname: string | null }
  >(
    `SELECT (SELECT firstname FROM customers WHERE id = $1) AS firstname, (SELECT language FROM customers WHERE id = $1) AS language,
       (SELECT id FROM orders WHERE customer_id = $1 AND status IN ('active', 'in_service') ORDER BY id DESC LIMIT 1) AS "openId",
       (SELECT count(*)::int FROM orders WHERE customer_id = $1 AND joined_at > $2) AS recent,
       (SELECT joined_at FROM orders WHERE customer_id = $1 AND joined_at > $2 ORDER BY joined_at DESC OFFSET $3 LIMIT 1) AS "freedAt",
       k.body_hash AS "bodyHash", k.answer
     FROM (SELECT 1) AS one
     LEFT JOIN idempotency_keys k ON k.customer_id = $1 AND k.key = $4 AND k.created_at > $5`,
    [g.customerId, iso(g.since), Math.max(g.limit - 1, 0), g.key, iso(g.keptSince)],
  );
  const r = rows[0];
  const replay = r.bodyHash !== null && r.answer !== null ? { bodyHash: r.bodyHash, answer: r.answer } : null;
  return {
    openId: r.openId,
    recent: Number(r.recent),
    freedAt: r.freedAt === null ? null : Number(r.freedAt),
    replay,
    firstname: r.firstname?.trim() ?? '',
    language: r.language,
  };
}

/**
 * Keeps a join's answer under its Idempotency-Key, and drops the customer's keys older than `keptSince` in the
 * same statement (a key past its lifetime is taken over by the new join).
 */
export async function keepIdempotentAnswer(
  q: Queryable,
  k: { customerId: number; key: string; bodyHash: string; answer: string; now: number; keptSince: number },
): Promise<void> {
  await q.query(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE customer_id = $1 AND key <> $2 AND created_at <= $6)
     INSERT INTO idempotency_keys (customer_id, key, body_hash, answer, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, key) DO UPDATE SET body_hash = $3, answer = $4, created_at = $5 WHERE idempotency_keys.created_at <= $6`,
    [k.customerId, k.key, k.bodyHash, k.answer, iso(k.now), iso(k.keptSince)],
  );
}

export async function insertOrder(q: Queryable, o: NewOrder, items: NewItem[]): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO orders (shop_id, customer_id, walk_in_name, chosen_barber_id, status, priority, duration, price, customer_at_pob,
       joined_at, quoted_wait, source, checked_in_at, expected_at, quoted_low, quoted_high, quoted_spread, quoted_spread_low, moved_from,
       party_of, person, step_outs_left, quoted_features)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, $10, $11, CASE WHEN $8 THEN $9::timestamptz END, $12, $13, $14, $15, $16, $17,
       $18, $19, $20, $21)
     RETURNING id`,
    [
      o.shopId,
      o.customerId,
      o.walkInName,
      o.chosenBarberId,
      o.priority,
      o.duration,
      o.price,
      o.checkedIn,
      iso(o.joinedAt),
      o.quotedWait,
      o.source,
      iso(o.expectedAt),
      o.quotedLow,
      o.quotedHigh,
      o.quotedSpread,
      o.quotedSpreadLow,
      o.movedFrom ?? null,
      o.partyOf ?? null,
      o.person ?? 0,
      o.stepOutsLeft ?? 0,
      o.quotedFeatures ? [...o.quotedFeatures] : null,
    ],
  );
  const id = rows[0].id;
  await insertItems(q, id, items);
  return id;
}

/** An order's services and extras as sold (order_items and their extras). */
async function insertItems(q: Queryable, id: number, items: NewItem[]): Promise<void> {
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

/**
 * The desk changes a waiting order (operator/desk.ts): its services and extras replaced by `items` (repriced, the
 * listed minutes and price with them) and its chosen barber. Null when it is no longer waiting.
 */
export async function changeWaitingOrder(
  q: Queryable,
  id: number,
  c: { items: NewItem[] | null; duration: number; price: number; chosenBarberId: number | null },
): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE orders SET duration = $2, price = $3, chosen_barber_id = $4 WHERE id = $1 AND status = 'active' RETURNING ${ORDER_COLUMNS}`,
    [id, c.duration, c.price, c.chosenBarberId],
  );
  if (!rows[0]) return null;
  if (c.items) {
    await q.query('DELETE FROM order_items WHERE order_id = $1', [id]);
    await insertItems(q, id, c.items);
  }
  return rows[0];
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

export async function checkInOrder(q: Queryable, id: number, now: number): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE orders SET customer_at_pob = true, checked_in_at = coalesce(checked_in_at, $2), stepped_out_until = NULL
     WHERE id = $1 AND status = 'active' RETURNING ${ORDER_COLUMNS}`,
    [id, iso(now)],
  );
  return rows[0] ?? null;
}

/** A new expected arrival of a waiting order not checked in ("Running late?"); false when it no longer is one. */
export async function setExpectedAt(q: Queryable, id: number, at: number): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE orders SET expected_at = $2 WHERE id = $1 AND status = 'active' AND NOT customer_at_pob RETURNING id`,
    [id, iso(at)],
  );
  return rows.length > 0;
}

/** Ends a waiting order: cancelled by the customer or no-show by the shop. */
export async function endWaitingOrder(q: Queryable, id: number, status: 'cancelled' | 'no-show', now: number): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE orders SET status = $2, finished_at = $3 WHERE id = $1 AND status = 'active' RETURNING ${ORDER_COLUMNS}`,
    [id, status, iso(now)],
  );
  return rows[0] ?? null;
}

/** Starts a waiting order with a barber; the unique index refuses a barber who is already serving. */
export async function startOrder(q: Queryable, id: number, barberId: number, now: number): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE orders SET status = 'in_service', barber_id = $2, started_at = $3, customer_at_pob = true,
       checked_in_at = coalesce(checked_in_at, $3), stepped_out_until = NULL
     WHERE id = $1 AND status = 'active' RETURNING ${ORDER_COLUMNS}`,
    [id, barberId, iso(now)],
  );
  return rows[0] ?? null;
}

export async function finishOrder(q: Queryable, id: number, now: number): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE orders SET status = 'serviced', finished_at = $2 WHERE id = $1 AND status = 'in_service' RETURNING ${ORDER_COLUMNS}`,
    [id, iso(now)],
  );
  return rows[0] ?? null;
}

export async function setQueueFull(q: Queryable, shopId: number, full: boolean): Promise<void> {
  await q.query('UPDATE shops SET queue_full = $2 WHERE id = $1', [shopId, full]);
}

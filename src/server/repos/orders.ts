/**
 * The queue's orders: rows (written with their items), status changes, the per-shop lock and version (the items
 * themselves are in order-items.ts, the join's checks in join-gate.ts, barber speeds and a period's orders in
 * order-history.ts). SQL only; every function takes a Queryable so it runs inside a transaction.
 * Times come back as epoch milliseconds. Status changes are conditional on the expected status, so a change
 * that lost a race changes nothing and says so.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';
import { insertItems, type NewItem } from './order-items.ts';

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

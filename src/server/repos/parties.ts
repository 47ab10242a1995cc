/**
 * A party's orders and stepping out (docs/decisions.md, "Parties and stepping out"): the companions' rows linked to
 * their customer's order, and the changes that act on the whole party at once. SQL only; every function takes a
 * Queryable so it runs inside the shop's transaction.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';
import { ORDER_COLUMNS, type OrderRow } from './orders.ts';

/** The companions of some customers' orders, by person. */
export async function companionsOf(q: Queryable, orderIds: number[]): Promise<OrderRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE party_of = ANY($1::int[]) ORDER BY party_of, person`,
    [orderIds],
  );
  return rows;
}

/** Checks in every waiting person of the party (and brings a stepped-out party back); answers how many. */
export async function checkInParty(q: Queryable, orderId: number, now: number): Promise<number> {
  const { rows } = await q.query(
    `UPDATE orders SET customer_at_pob = true, checked_in_at = coalesce(checked_in_at, $2), stepped_out_until = NULL
     WHERE (id = $1 OR party_of = $1) AND status = 'active' RETURNING id`,
    [orderId, iso(now)],
  );
  return rows.length;
}

/** Ends every waiting person of the party (the customer leaves with everyone); those in service stay. */
export async function cancelParty(q: Queryable, orderId: number, now: number): Promise<number> {
  const { rows } = await q.query(
    `UPDATE orders SET status = 'cancelled', finished_at = $2 WHERE (id = $1 OR party_of = $1) AND status = 'active' RETURNING id`,
    [orderId, iso(now)],
  );
  return rows.length;
}

/**
 * The whole party steps out until `until`: its pins are lifted (the guard pins again by its rule once he is
 * back), the customer's order spends one step-out, and an earlier step-out's reminder claim is cleared.
 */
export async function stepOutParty(q: Queryable, orderId: number, until: number): Promise<void> {
  await q.query(
    `UPDATE orders SET stepped_out_until = $2, pinned_at = NULL,
       step_outs_left = CASE WHEN id = $1 THEN greatest(step_outs_left - 1, 0) ELSE step_outs_left END
     WHERE (id = $1 OR party_of = $1) AND status = 'active'`,
    [orderId, iso(until)],
  );
  await q.query(`DELETE FROM order_notifications WHERE order_id = $1 AND kind = 'back'`, [orderId]);
}

/** An order's people as its view reads them, in one statement: the customer's first name and his companions' rows. */
export async function partyRows(q: Queryable, orderId: number): Promise<{ name: string; companions: OrderRow[] }> {
  const { rows } = await q.query<OrderRow & { customerName: string | null }>(
    `SELECT ${ORDER_COLUMNS}, (SELECT c.firstname FROM customers c WHERE c.id = orders.customer_id) AS "customerName"
     FROM orders WHERE id = $1 OR party_of = $1 ORDER BY person`,
    [orderId],
  );
  const head = rows.find((r) => r.id === orderId);
  const companions = rows.filter((r) => r.id !== orderId).map(({ customerName: _, ...r }) => r);
  return { name: head?.customerName?.trim() ?? '', companions };
}

/**
 * An order with its shop's queue version, its customer's first name and its companions, in one statement (the kept
 * order read, live/order-cache.ts); null for no such order.
 */
export async function orderWithParty(
  q: Queryable,
  id: number,
): Promise<{ order: OrderRow; queueVersion: number; name: string; companions: OrderRow[] } | null> {
  const { rows } = await q.query<OrderRow & { customerName: string | null; queueVersion: number }>(
    `SELECT ${ORDER_COLUMNS}, (SELECT c.firstname FROM customers c WHERE c.id = orders.customer_id) AS "customerName",
       (SELECT queue_version FROM shops WHERE shops.id = orders.shop_id) AS "queueVersion"
     FROM orders WHERE id = $1 OR party_of = $1 ORDER BY person`,
    [id],
  );
  const head = rows.find((r) => r.id === id);
  if (!head) return null;
  const { customerName, queueVersion, ...order } = head;
  const companions = rows.filter((r) => r.id !== id).map(({ customerName: _, queueVersion: _v, ...r }) => r);
  return { order, queueVersion: Number(queueVersion), name: customerName?.trim() ?? '', companions };
}

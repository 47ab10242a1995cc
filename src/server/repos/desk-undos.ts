/**
 * What a whole party's check-in or no-show at the desk changed (docs/decisions.md, "Orders changed at the desk"),
 * kept so the desk can undo it for a short while. SQL only; every function runs in the shop's transaction.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';

export type DeskAction = 'check-in' | 'no-show';

/** A person of the party as he was before the action. */
export interface PersonBefore {
  id: number;
  checkedIn: boolean;
  checkedInAt: number | null;
  steppedOutUntil: number | null;
}

export interface DeskUndo {
  id: number;
  action: DeskAction;
  people: PersonBefore[];
  madeAt: number;
  undoneAt: number | null;
}

export async function saveUndo(
  q: Queryable,
  u: { shopId: number; orderId: number; action: DeskAction; people: PersonBefore[]; now: number },
): Promise<void> {
  await q.query('INSERT INTO desk_undos (shop_id, order_id, action, people, made_at) VALUES ($1, $2, $3, $4, $5)', [
    u.shopId,
    u.orderId,
    u.action,
    JSON.stringify(u.people),
    iso(u.now),
  ]);
}

/** The party's last action at the desk, or null. */
export async function lastUndo(q: Queryable, orderId: number): Promise<DeskUndo | null> {
  const { rows } = await q.query<DeskUndo>(
    `SELECT id, action, people, made_at AS "madeAt", undone_at AS "undoneAt" FROM desk_undos
     WHERE order_id = $1 ORDER BY made_at DESC, id DESC LIMIT 1`,
    [orderId],
  );
  const u = rows[0];
  if (!u) return null;
  return { ...u, people: typeof u.people === 'string' ? JSON.parse(u.people) : u.people };
}

export async function markUndone(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('UPDATE desk_undos SET undone_at = $2 WHERE id = $1', [id, iso(now)]);
}

/** A check-in undone: the person as he was, if he still waits (one started meanwhile stays in the chair). */
export async function uncheckIn(q: Queryable, p: PersonBefore): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE orders SET customer_at_pob = $2, checked_in_at = $3, stepped_out_until = $4
     WHERE id = $1 AND status = 'active' RETURNING id`,
    [p.id, p.checkedIn, iso(p.checkedInAt), iso(p.steppedOutUntil)],
  );
  return rows.length > 0;
}

/** A no-show undone: waiting again as before, if the action's no-show is still what he is. */
export async function unNoShow(q: Queryable, p: PersonBefore, madeAt: number): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE orders SET status = 'active', finished_at = NULL WHERE id = $1 AND status = 'no-show' AND finished_at = $2 RETURNING id`,
    [p.id, iso(madeAt)],
  );
  return rows.length > 0;
}

/** The party's receipt written by the action itself (its last waiting people ended then), taken back. */
export async function dropReceiptOf(q: Queryable, orderId: number, madeAt: number): Promise<void> {
  await q.query('DELETE FROM receipts WHERE order_id = $1 AND created_at = $2', [orderId, iso(madeAt)]);
}

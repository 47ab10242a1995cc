/** Per-shop operator keys: only a SHA-256 of each key is stored (operator_keys); a shop may hold several. */
import type { Queryable } from '../db/db.ts';

/** Adds a key to the shop, keeping its others; false when there is no such shop. */
export async function addOperatorKeyHash(q: Queryable, shopId: number, hash: string): Promise<boolean> {
  const { rows } = await q.query('INSERT INTO operator_keys (hash, shop_id) SELECT $2, id FROM shops WHERE id = $1 RETURNING shop_id', [shopId, hash]);
  return rows.length > 0;
}

/** The shop a key hash belongs to, or null. */
export async function shopOfKeyHash(q: Queryable, hash: string): Promise<number | null> {
  const { rows } = await q.query<{ shop_id: number }>('SELECT shop_id FROM operator_keys WHERE hash = $1', [hash]);
  return rows[0]?.shop_id ?? null;
}

export async function allShops(q: Queryable): Promise<{ id: number; name: string; country: string }[]> {
  const { rows } = await q.query<{ id: number; name: string; country: string }>('SELECT id, name, country FROM shops ORDER BY id');
  return rows;
}

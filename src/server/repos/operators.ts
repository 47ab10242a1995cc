/** Per-shop operator keys: only a SHA-256 of each key is stored (shops.operator_key_hash). */
import type { Queryable } from '../db/db.ts';

export async function setOperatorKeyHash(q: Queryable, shopId: number, hash: string): Promise<boolean> {
  const { rows } = await q.query('UPDATE shops SET operator_key_hash = $2 WHERE id = $1 RETURNING id', [shopId, hash]);
  return rows.length > 0;
}

/** The shop a key hash belongs to, or null. */
export async function shopOfKeyHash(q: Queryable, hash: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM shops WHERE operator_key_hash = $1', [hash]);
  return rows[0]?.id ?? null;
}

export async function operatorKeyHash(q: Queryable, shopId: number): Promise<string | null> {
  const { rows } = await q.query<{ hash: string | null }>('SELECT operator_key_hash AS hash FROM shops WHERE id = $1', [shopId]);
  return rows[0]?.hash ?? null;
}

export async function allShops(q: Queryable): Promise<{ id: number; name: string; country: string }[]> {
  const { rows } = await q.query<{ id: number; name: string; country: string }>('SELECT id, name, country FROM shops ORDER BY id');
  return rows;
}

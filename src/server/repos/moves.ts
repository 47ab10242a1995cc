/**
 * What moving an order to another shop of the chain reads (queue/move.ts): the catalogue keys of the services and
 * extras it holds, and the order a move made from it. SQL only.
 */
import type { Queryable } from '../db/db.ts';

/** The catalogue keys of some services and extras: 's<id>' and 'e<id>' → key (items without a key are left out). */
export async function catalogueKeysOf(q: Queryable, serviceIds: number[], extraIds: number[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ item: string; key: string }>(
    `SELECT 's' || id AS item, catalogue_key AS key FROM services WHERE id = ANY($1::int[]) AND catalogue_key IS NOT NULL
     UNION ALL
     SELECT 'e' || id, catalogue_key FROM extra_services WHERE id = ANY($2::int[]) AND catalogue_key IS NOT NULL`,
    [serviceIds, extraIds],
  );
  return new Map(rows.map((r) => [r.item, r.key]));
}

/** The order a move made from this one, with its shop; null when it never moved. */
export async function movedTo(q: Queryable, orderId: number): Promise<{ id: number; shopId: number } | null> {
  const { rows } = await q.query<{ id: number; shopId: number }>(
    'SELECT id, shop_id AS "shopId" FROM orders WHERE moved_from = $1 ORDER BY id LIMIT 1',
    [orderId],
  );
  return rows[0] ?? null;
}

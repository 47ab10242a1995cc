/** Multi-row INSERTs in chunks: the seed writes a few thousand rows, one round trip per chunk instead of per row. */
import type { Queryable } from '../db/db.ts';

// Postgres allows 65535 bind parameters per statement; stay well below it.
const MAX_PARAMS = 20_000;

export async function insertRows(q: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let at = 0; at < rows.length; at += per) {
    const chunk = rows.slice(at, at + per);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`);
    await q.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** After explicit ids, the serial must continue past them. */
export async function bumpSequence(q: Queryable, table: string): Promise<void> {
  await q.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM ${table}`);
}

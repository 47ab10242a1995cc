/** The shops' queue versions (every queue change bumps its shop's in its own transaction). */
import type { Queryable } from '../db/db.ts';

/** A shop's queue version (-1: no such shop); the kept answers and the streams carry it (event id). */
export async function shopVersion(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = $1', [id]);
  return Number(rows[0]?.v ?? -1);
}

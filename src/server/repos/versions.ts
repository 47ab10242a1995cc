/** The shops' queue versions (every queue change bumps its shop's in its own transaction): the pob cache's keys. */
import type { Queryable } from '../db/db.ts';

/** The sum of the queue versions of a country's shops: grows with every queue change among them. */
export async function countryVersion(q: Queryable, country: string): Promise<number> {
  const { rows } = await q.query<{ v: number }>('SELECT coalesce(sum(queue_version), 0)::bigint AS v FROM shops WHERE country = $1', [country]);
  return Number(rows[0].v);
}

export async function shopVersion(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = $1', [id]);
  return Number(rows[0]?.v ?? -1);
}

/**
 * A short cache for the shop list and shop detail (DESIGN.md §5). An answer is reused while the shops'
 * queue version in the database is unchanged (every queue change bumps it in its own transaction, so all
 * processes agree) and for at most `ttlMs`, because waits also move with the clock alone.
 */
import type { Queryable } from '../db/db.ts';

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
}

export interface PobCache {
  get<T>(key: string, version: number, now: number, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function pobCache(ttlMs = 5_000, maxEntries = 200): PobCache {
  const entries = new Map<string, Entry<unknown>>();
  return {
    get<T>(key: string, version: number, now: number, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      // |now − at|: a test clock may move backwards; an answer from "the future" is not reused either.
      if (hit && hit.version === version && Math.abs(now - hit.at) < ttlMs) return hit.value;
      const value = compute();
      // Concurrent requests share the one computation; a failed one is not kept.
      entries.set(key, { version, at: now, value });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The sum of the queue versions of a country's shops: grows with every queue change among them. */
export async function countryVersion(q: Queryable, country: string): Promise<number> {
  const { rows } = await q.query<{ v: number }>('SELECT coalesce(sum(queue_version), 0)::bigint AS v FROM shops WHERE country = $1', [country]);
  return Number(rows[0].v);
}

export async function shopVersion(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = $1', [id]);
  return Number(rows[0]?.v ?? -1);
}

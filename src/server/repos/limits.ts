/**
 * Rate-limit counters in the database, so a limit holds across every server process sharing it.
 *
 * A window W is kept as BUCKETS small buckets of W/BUCKETS. A hit adds 1 to the current bucket and counts
 * every bucket that overlaps the last W (the current one and the BUCKETS before it). Any stretch of length
 * W lies inside that span, so "at most N per W" is never exceeded — unlike one fixed window, which lets 2N
 * through around its edge — and a blocked key is free again at most W + W/BUCKETS after its last allowed hit.
 */
import type { Queryable } from '../db/db.ts';

const BUCKETS = 5;

export interface HitResult {
  /** Hits in the span, this one included. */
  count: number;
  /** Epoch ms of each bucket in the span with its count, oldest first (to tell when the key is free again). */
  buckets: { start: number; count: number }[];
}

const bucketOf = (now: number, windowMs: number) => {
  const size = Math.max(1, Math.floor(windowMs / BUCKETS));
  return { size, start: Math.floor(now / size) * size };
};

/**
 * Counts one hit for `key`. The increment is a single INSERT … ON CONFLICT DO UPDATE … RETURNING, atomic
 * under concurrency; the older buckets are read in the same statement.
 */
export async function hit(q: Queryable, key: string, now: number, windowMs: number): Promise<HitResult> {
  const { size, start } = bucketOf(now, windowMs);
  const spanFrom = start - BUCKETS * size;
  const { rows } = await q.query<{ start: number; count: number }>(
    `WITH bump AS (
       INSERT INTO rate_limits (key, bucket, count, expires_at) VALUES ($1, $2, 1, $4)
       ON CONFLICT (key, bucket) DO UPDATE SET count = rate_limits.count + 1
       RETURNING bucket, count
     )
     SELECT (extract(epoch FROM bucket) * 1000)::bigint AS start, count FROM bump
     UNION ALL
     SELECT (extract(epoch FROM bucket) * 1000)::bigint, count FROM rate_limits WHERE key = $1 AND bucket >= $3 AND bucket < $2`,
    [key, new Date(start).toISOString(), new Date(spanFrom).toISOString(), new Date(start + size + windowMs).toISOString()],
  );
  const buckets = rows.map((r) => ({ start: Number(r.start), count: Number(r.count) })).sort((a, b) => a.start - b.start);
  return { count: buckets.reduce((sum, b) => sum + b.count, 0), buckets };
}

/**
 * When a key that has had `result` may be hit again and stay within `limit`: the moment enough of its
 * oldest buckets have left the span. 0 when it may be hit now.
 */
export function retryAt(result: HitResult, limit: number, windowMs: number): number {
  const size = Math.max(1, Math.floor(windowMs / BUCKETS));
  let remaining = result.count;
  for (const b of result.buckets) {
    if (remaining + 1 <= limit) break;
    remaining -= b.count;
    // A bucket stops counting once no part of it lies within the last W.
    if (remaining + 1 <= limit) return b.start + size + windowMs;
  }
  return remaining + 1 <= limit ? 0 : Number.POSITIVE_INFINITY;
}

/** Forgets a key (a successful login clears its phone's failures). */
export async function clear(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** Forgets every key that starts with `prefix` (LIKE's wildcards in it are taken literally). */
export async function clearPrefix(q: Queryable, prefix: string): Promise<void> {
  await q.query(`DELETE FROM rate_limits WHERE key LIKE $1 ESCAPE '\\'`, [`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
}

/** Removes buckets that no longer count for any window. */
export async function prune(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE expires_at < $1', [new Date(now).toISOString()]);
}

/**
 * What a join checks of the customer before placing his order (his open order, his recent joins, an earlier join
 * under the same Idempotency-Key), and the join's answer kept under its key. SQL only; every function takes a
 * Queryable so it runs inside a transaction.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';

/** What a join checks of the customer before placing the order, in one statement. */
export interface JoinGate {
  /** The customer's open order (waiting or in service), if any. */
  openId: number | null;
  /** Orders the customer joined after `since`. */
  recent: number;
  /** When the `limit`-th most recent of them joined (its leaving the window frees a join); null when fewer. */
  freedAt: number | null;
  /** The earlier join under the same Idempotency-Key within its lifetime: its body's hash and its answer. */
  replay: { bodyHash: string; answer: string } | null;
  /** The customer's first name (his party's person 0). */
  firstname: string;
  /** The customer's profile language, as stored (null: none). */
  language: string | null;
}

/**
 * The customer's open order, recent joins (the join limit counts the orders themselves: nothing else to keep) and
 * an earlier join under the same Idempotency-Key kept since `keptSince`, in one statement.
 */
export async function joinGate(
  q: Queryable,
  g: { customerId: number; since: number; limit: number; key: string | null; keptSince: number },
): Promise<JoinGate> {
  const { rows } = await q.query<
    Omit<JoinGate, 'replay' | 'firstname'> & { bodyHash: string | null; answer: string | null; firstname: string | null }
  >(
    `SELECT (SELECT firstname FROM customers WHERE id = $1) AS firstname, (SELECT language FROM customers WHERE id = $1) AS language,
       (SELECT id FROM orders WHERE customer_id = $1 AND status IN ('active', 'in_service') ORDER BY id DESC LIMIT 1) AS "openId",
       (SELECT count(*)::int FROM orders WHERE customer_id = $1 AND joined_at > $2) AS recent,
       (SELECT joined_at FROM orders WHERE customer_id = $1 AND joined_at > $2 ORDER BY joined_at DESC OFFSET $3 LIMIT 1) AS "freedAt",
       k.body_hash AS "bodyHash", k.answer
     FROM (SELECT 1) AS one
     LEFT JOIN idempotency_keys k ON k.customer_id = $1 AND k.key = $4 AND k.created_at > $5`,
    [g.customerId, iso(g.since), Math.max(g.limit - 1, 0), g.key, iso(g.keptSince)],
  );
  const r = rows[0];
  const replay = r.bodyHash !== null && r.answer !== null ? { bodyHash: r.bodyHash, answer: r.answer } : null;
  return {
    openId: r.openId,
    recent: Number(r.recent),
    freedAt: r.freedAt === null ? null : Number(r.freedAt),
    replay,
    firstname: r.firstname?.trim() ?? '',
    language: r.language,
  };
}

/**
 * Keeps a join's answer under its Idempotency-Key, and drops the customer's keys older than `keptSince` in the
 * same statement (a key past its lifetime is taken over by the new join).
 */
export async function keepIdempotentAnswer(
  q: Queryable,
  k: { customerId: number; key: string; bodyHash: string; answer: string; now: number; keptSince: number },
): Promise<void> {
  await q.query(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE customer_id = $1 AND key <> $2 AND created_at <= $6)
     INSERT INTO idempotency_keys (customer_id, key, body_hash, answer, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, key) DO UPDATE SET body_hash = $3, answer = $4, created_at = $5 WHERE idempotency_keys.created_at <= $6`,
    [k.customerId, k.key, k.bodyHash, k.answer, iso(k.now), iso(k.keptSince)],
  );
}

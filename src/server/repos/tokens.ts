/** Server secrets and refresh-token records. Tokens are stored only as hashes; the caller hashes them. */
import type { Queryable } from '../db/db.ts';

/** Returns the secret `name`, creating it with `fresh` if none exists; every process gets the same value. */
export async function secretOrCreate(q: Queryable, name: string, fresh: string): Promise<string> {
  await q.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
  const { rows } = await q.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return rows[0].value;
}

export async function insertRefreshToken(q: Queryable, customerId: number, tokenHash: string, now: number, ttlMs: number): Promise<void> {
  await q.query('INSERT INTO refresh_tokens (customer_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    customerId,
    tokenHash,
    new Date(now).toISOString(),
    new Date(now + ttlMs).toISOString(),
  ]);
}

export interface RefreshRecord {
  id: number;
  customer_id: number;
  expired: boolean;
  revoked_reason: string | null;
  revoked: boolean;
}

export async function refreshTokenByHash(q: Queryable, tokenHash: string, now: number): Promise<RefreshRecord | null> {
  const { rows } = await q.query<RefreshRecord>(
    `SELECT id, customer_id, expires_at <= $2 AS expired, revoked_at IS NOT NULL AS revoked, revoked_reason
       FROM refresh_tokens WHERE token_hash = $1`,
    [tokenHash, new Date(now).toISOString()],
  );
  return rows[0] ?? null;
}

/**
 * Revokes one live token; true when this call revoked it. Conditional on `revoked_at IS NULL`, so of two
 * concurrent rotations of the same token only one wins.
 */
export async function revokeRefreshToken(q: Queryable, id: number, reason: string, now: number): Promise<boolean> {
  const { rows } = await q.query(
    'UPDATE refresh_tokens SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id, new Date(now).toISOString(), reason],
  );
  return rows.length > 0;
}

/** Revokes every live refresh token of a customer (password change, recovery, detected reuse). */
export async function revokeAllRefreshTokens(q: Queryable, customerId: number, reason: string, now: number): Promise<number> {
  const { rows } = await q.query(
    'UPDATE refresh_tokens SET revoked_at = $2, revoked_reason = $3 WHERE customer_id = $1 AND revoked_at IS NULL RETURNING id',
    [customerId, new Date(now).toISOString(), reason],
  );
  return rows.length;
}

/** Drops records that can no longer be used or audited usefully (expired more than a week ago). */
export async function pruneRefreshTokens(q: Queryable, now: number): Promise<void> {
  await q.query(`DELETE FROM refresh_tokens WHERE expires_at < $1`, [new Date(now - 7 * 24 * 3_600_000).toISOString()]);
}

/** The bonus programme: a balance per customer, benefits redeemed with a code, and the teaser's sign-ups. */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';
import type { WireBenefit } from '../../shared/wire-account.ts';

// Benefit validity is a calendar day in Finland, as on the printed terms.
const TODAY = `(($2::timestamptz) AT TIME ZONE 'Europe/Helsinki')::date`;

const COLUMNS = `id, title, value, redeem_code, redeemable, (extract(epoch FROM issued_at) * 1000)::bigint AS issued_at,
  (extract(epoch FROM redeemed_at) * 1000)::bigint AS redeemed_at,
  (redeemable AND redeemed_at IS NULL AND (valid_until IS NULL OR valid_until >= ${TODAY})) AS is_redeemable`;

interface Row {
  id: number;
  title: string;
  value: string;
  redeem_code: string;
  redeemable: boolean;
  issued_at: number;
  redeemed_at: number | null;
  is_redeemable: boolean;
}

function wire(r: Row): WireBenefit {
  return {
    id: r.id,
    title: r.title,
    value: r.value,
    isRedeemable: r.is_redeemable,
    // The code is what the barber accepts: shown once the customer has redeemed the benefit.
    redeemCode: r.redeemed_at === null ? null : r.redeem_code,
    dateIssued: iso(r.issued_at),
    dateRedeemed: iso(r.redeemed_at),
  };
}

/** Redeemable first, then by dateIssued ascending. */
export async function listBenefits(q: Queryable, customerId: number, now: number): Promise<WireBenefit[]> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM benefits WHERE customer_id = $1`, [customerId, new Date(now).toISOString()]);
  return rows
    .map(wire)
    .sort((a, b) => Number(b.isRedeemable) - Number(a.isRedeemable) || a.dateIssued.localeCompare(b.dateIssued) || a.id - b.id);
}

export type RedeemOutcome = { benefit: WireBenefit } | { refused: 'not-found' | 'redeemed' | 'not-redeemable' };

/** Redeems a benefit of the customer once; the conditional UPDATE makes a double tap redeem it only once. */
export async function redeemBenefit(q: Queryable, customerId: number, benefitId: number, now: number): Promise<RedeemOutcome> {
  const at = new Date(now).toISOString();
  const { rows } = await q.query<{ id: number }>(
    `UPDATE benefits SET redeemed_at = $2
      WHERE id = $3 AND customer_id = $1 AND redeemable AND redeemed_at IS NULL AND (valid_until IS NULL OR valid_until >= ${TODAY})
      RETURNING id`,
    [customerId, at, benefitId],
  );
  const { rows: after } = await q.query<Row>(`SELECT ${COLUMNS} FROM benefits WHERE customer_id = $1 AND id = $3`, [
    customerId,
    at,
    benefitId,
  ]);
  const row = after[0];
  if (!row) return { refused: 'not-found' };
  if (rows.length) return { benefit: wire(row) };
  return { refused: row.redeemed_at !== null ? 'redeemed' : 'not-redeemable' };
}

export interface NewBenefit {
  customerId: number;
  title: string;
  value: string;
  redeemCode: string;
  redeemable?: boolean;
  issuedAt: number;
  validUntil?: string | null; // YYYY-MM-DD
  redeemedAt?: number | null;
}

export async function insertBenefit(q: Queryable, b: NewBenefit): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO benefits (customer_id, title, value, redeem_code, redeemable, issued_at, valid_until, redeemed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      b.customerId,
      b.title,
      b.value,
      b.redeemCode,
      b.redeemable ?? true,
      new Date(b.issuedAt).toISOString(),
      b.validUntil ?? null,
      iso(b.redeemedAt ?? null),
    ],
  );
  return rows[0].id;
}

export async function bonusAccount(q: Queryable, customerId: number): Promise<{ amount: number; expirationDate: string | null } | null> {
  const { rows } = await q.query<{ amount: number; expires_on: string | null }>(
    `SELECT amount, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM bonus_accounts WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0] ? { amount: rows[0].amount, expirationDate: rows[0].expires_on } : null;
}

export async function upsertBonusAccount(q: Queryable, customerId: number, amount: number, expiresOn: string | null): Promise<void> {
  await q.query(
    `INSERT INTO bonus_accounts (customer_id, amount, expires_on) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET amount = $2, expires_on = $3`,
    [customerId, amount, expiresOn],
  );
}

/** Records a teaser sign-up; signing up again with the same address updates the permission. */
export async function upsertTeaserSignup(
  q: Queryable,
  s: { email: string; locale: string; customerId: number | null; allowEmail: boolean; now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO bonus_teaser_signups (email, locale, customer_id, allow_email, created_at) VALUES (lower($1), $2, $3, $4, $5)
     ON CONFLICT (email, locale) DO UPDATE SET allow_email = $4, customer_id = coalesce($3, bonus_teaser_signups.customer_id)`,
    [s.email, s.locale, s.customerId, s.allowEmail, new Date(s.now).toISOString()],
  );
}

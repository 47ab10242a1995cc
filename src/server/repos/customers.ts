/** Customers and their memberships. SQL only; every function takes a Queryable so it runs in a transaction too. */
import type { Queryable } from '../db/db.ts';
import type { MembershipType, WireProfile } from '../../shared/wire-account.ts';

/** A stored customer: the profile the customer reads, less what comes from other tables, plus the password hash. */
export interface CustomerRow extends Omit<WireProfile, 'active_order_id' | 'membership' | 'bonus'> {
  password_hash: string;
}

const COLUMNS = `id, phone, password_hash, firstname, lastname, email, city, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  sex, street_address, post_code, tutorial_seen, allow_email, allow_sms, phone_proven_at IS NOT NULL AS phone_proven, app_language, language,
  fcm_token, alert_lead_minutes`;

export interface NewCustomer {
  phone: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  email: string | null;
  allowEmail: boolean;
  allowSms: boolean;
  language: string | null;
  appLanguage: string | null;
  /** When the phone was proven by a code sent to it; null: not proven (docs/decisions.md, "A phone is proven before it is texted"). */
  phoneProvenAt?: number | null;
}

/** Inserts a customer; null when the phone already has an account (the unique index decides, not a pre-check). */
export async function insertCustomer(q: Queryable, c: NewCustomer, now: number): Promise<number | null> {
  const at = new Date(now).toISOString();
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO customers (phone, password_hash, firstname, lastname, email, allow_email, allow_sms, language, app_language,
       terms_accepted_at, created_at, password_changed_at, phone_proven_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10, $11)
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [
      c.phone,
      c.passwordHash,
      c.firstname,
      c.lastname,
      c.email,
      c.allowEmail,
      c.allowSms,
      c.language,
      c.appLanguage,
      at,
      c.phoneProvenAt == null ? null : new Date(c.phoneProvenAt).toISOString(),
    ],
  );
  return rows[0]?.id ?? null;
}

export async function customerById(q: Queryable, id: number): Promise<CustomerRow | null> {
  const { rows } = await q.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function customerByPhone(q: Queryable, phone: string): Promise<CustomerRow | null> {
  const { rows } = await q.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE phone = $1`, [phone]);
  return rows[0] ?? null;
}

/** The customer's stored language; undefined when there is no such customer (null: none stored). */
export async function customerLanguage(q: Queryable, id: number): Promise<string | null | undefined> {
  const { rows } = await q.query<{ language: string | null }>('SELECT language FROM customers WHERE id = $1', [id]);
  return rows[0]?.language;
}

export async function customerExists(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM customers WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function setPasswordHash(q: Queryable, id: number, hash: string, now: number): Promise<void> {
  await q.query('UPDATE customers SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [id, hash, new Date(now).toISOString()]);
}

/**
 * Moves the account to a new phone, proven by the code the change sent to it; false when another account holds the
 * number. The NOT EXISTS answers the usual case; a registration racing it still meets the unique index, whose
 * violation rolls back the caller.
 */
export async function setPhone(q: Queryable, id: number, phone: string, now: number): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE customers SET phone = $2, phone_proven_at = $3
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM customers WHERE phone = $2 AND id <> $1) RETURNING id`,
    [id, phone, new Date(now).toISOString()],
  );
  return rows.length > 0;
}

/**
 * Marks the account's phone proven (its owner typed a code sent to it), if the account still has that phone; a
 * phone proven earlier keeps its first proof. False when the account's phone is another by now.
 */
export async function provePhone(q: Queryable, id: number, phone: string, now: number): Promise<boolean> {
  const { rows } = await q.query(
    'UPDATE customers SET phone_proven_at = COALESCE(phone_proven_at, $3) WHERE id = $1 AND phone = $2 RETURNING id',
    [id, phone, new Date(now).toISOString()],
  );
  return rows.length > 0;
}

/** Only a re-hash with stronger parameters: the password itself did not change, so sessions stay. */
export async function upgradePasswordHash(q: Queryable, id: number, oldHash: string, newHash: string): Promise<void> {
  await q.query('UPDATE customers SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [id, oldHash, newHash]);
}

/** Columns a profile PATCH may set (WireProfilePatch); the route checks the values. */
export const PATCHABLE = [
  'fcm_token',
  'allow_email',
  'allow_sms',
  'email',
  'language',
  'app_language',
  'tutorial_seen',
  'firstname',
  'lastname',
  'city',
  'alert_lead_minutes',
] as const;
export type PatchableColumn = (typeof PATCHABLE)[number];

export async function updateCustomer(q: Queryable, id: number, patch: Partial<Record<PatchableColumn, unknown>>): Promise<void> {
  // Column names come from the fixed PATCHABLE list only, never from the request.
  const cols = PATCHABLE.filter((c) => c in patch);
  if (!cols.length) return;
  const sets = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await q.query(`UPDATE customers SET ${sets} WHERE id = $1`, [id, ...cols.map((c) => patch[c])]);
}

export interface MembershipRow {
  type: MembershipType;
  begin_date: string;
  end_date: string | null;
  credits: number;
  wp_prem_credits: number;
  wp_prod_credits: number;
}

// Membership dates are calendar days in Finland, where the chain keeps its books.
const TODAY = `(($2::timestamptz) AT TIME ZONE 'Europe/Helsinki')::date`;

/** The membership in force on the day of `now` (begun, not ended), or null. */
export async function activeMembership(q: Queryable, customerId: number, now: number): Promise<MembershipRow | null> {
  const { rows } = await q.query<MembershipRow>(
    `SELECT type, to_char(begin_date, 'YYYY-MM-DD') AS begin_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
            credits, wp_prem_credits, wp_prod_credits
       FROM memberships
      WHERE customer_id = $1 AND begin_date <= ${TODAY} AND (end_date IS NULL OR end_date >= ${TODAY})`,
    [customerId, new Date(now).toISOString()],
  );
  return rows[0] ?? null;
}

export async function upsertMembership(q: Queryable, customerId: number, m: MembershipRow): Promise<void> {
  await q.query(
    `INSERT INTO memberships (customer_id, type, begin_date, end_date, credits, wp_prem_credits, wp_prod_credits)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (customer_id) DO UPDATE SET type = $2, begin_date = $3, end_date = $4, credits = $5,
       wp_prem_credits = $6, wp_prod_credits = $7`,
    [customerId, m.type, m.begin_date, m.end_date, m.credits, m.wp_prem_credits, m.wp_prod_credits],
  );
}

/** The customer's open order (active or in service) from the queue's orders table, or null. */
export async function openOrderId(q: Queryable, customerId: number): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM orders WHERE customer_id = $1 AND status IN ('active', 'in_service') ORDER BY id DESC LIMIT 1`,
    [customerId],
  );
  return rows[0]?.id ?? null;
}

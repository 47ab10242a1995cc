/**
 * Codes sent by SMS: stored as keyed hashes, valid for a while, single use, with a try counter. Each code has a
 * purpose ('recovery': set a new password; 'phone': confirm a new number; 'proof': prove the account's own number),
 * and every query names it, so a code sent for one purpose can never be spent on another.
 */
import type { Queryable } from '../db/db.ts';

export type CodePurpose = 'recovery' | 'phone' | 'proof';

/**
 * Stores a new code for the phone; earlier unused codes of the phone for the same purpose stop working (only the
 * latest SMS counts). A phone-change code is also bound to the customer who asked (`customer_id`).
 */
export async function insertCode(
  q: Queryable,
  c: { purpose: CodePurpose; customerId: number; phone: string; codeHash: string; now: number; validMs: number },
): Promise<void> {
  await q.query('DELETE FROM sms_codes WHERE purpose = $1 AND phone = $2 AND used_at IS NULL', [c.purpose, c.phone]);
  await q.query('INSERT INTO sms_codes (purpose, customer_id, phone, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    c.purpose,
    c.customerId,
    c.phone,
    c.codeHash,
    new Date(c.now).toISOString(),
    new Date(c.now + c.validMs).toISOString(),
  ]);
}

export interface CodeAttempt {
  id: number;
  customer_id: number;
  code_hash: string;
  tries: number;
}

/**
 * Counts one try against the phone's live code and returns it, or null when there is none left to try
 * (none sent, expired, used, or out of tries). The increment and the cap are one statement, so parallel
 * guesses cannot exceed `maxTries` between them.
 */
export async function takeTry(
  q: Queryable,
  purpose: CodePurpose,
  phone: string,
  now: number,
  maxTries: number,
  customerId: number | null = null,
): Promise<CodeAttempt | null> {
  // customerId null: any customer's code of that phone (recovery, where the phone names the account).
  const { rows } = await q.query<CodeAttempt>(
    `UPDATE sms_codes SET tries = tries + 1
      WHERE id = (SELECT id FROM sms_codes WHERE purpose = $4 AND phone = $1 AND used_at IS NULL AND expires_at > $2
                     AND ($5::integer IS NULL OR customer_id = $5)
                   ORDER BY created_at DESC, id DESC LIMIT 1)
        AND tries < $3
      RETURNING id, customer_id, code_hash, tries`,
    [phone, new Date(now).toISOString(), maxTries, purpose, customerId],
  );
  return rows[0] ?? null;
}

/** Marks the code used; true for exactly one caller, so a code cannot be spent twice. */
export async function markUsed(q: Queryable, id: number, now: number): Promise<boolean> {
  const { rows } = await q.query('UPDATE sms_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
    id,
    new Date(now).toISOString(),
  ]);
  return rows.length > 0;
}

/** Removes codes that expired more than a day ago. */
export async function pruneCodes(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM sms_codes WHERE expires_at < $1', [new Date(now - 24 * 3_600_000).toISOString()]);
}

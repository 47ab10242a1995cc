/**
 * Customers for the benches that join: `n` rows written straight into the database (no password hash), each with
 * an access token signed with the bench's JWT_SECRET, as a logged-in phone holds one.
 */
import type { Db } from '../../../src/server/db/db.ts';
import { loadKeys, signAccessToken } from '../../../src/server/auth/tokens.ts';
import { insertCustomer } from '../../../src/server/repos/customers.ts';

export async function benchCustomers(
  db: Db,
  opts: { n: number; secret: string; phonePrefix: string; now: number; ttlMs: number },
): Promise<{ id: number; token: string }[]> {
  const keys = await loadKeys(db, { jwtSecret: opts.secret });
  const out: { id: number; token: string }[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < opts.n; i++) {
      const id = await insertCustomer(
        tx,
        {
          phone: `${opts.phonePrefix}${String(i).padStart(7, '0')}`,
          passwordHash: 'x',
          firstname: 'Bench',
          lastname: `Customer${i}`,
          email: null,
          allowEmail: false,
          allowSms: false,
          language: 'fi',
          appLanguage: null,
        },
        opts.now,
      );
      out.push({ id: id!, token: await signAccessToken(keys, id!, opts.now, opts.ttlMs) });
    }
  });
  return out;
}

/** Shared by the queue's server tests: customers made straight in the database, and JSON requests. */
import type { Harness } from './harness.ts';
import { insertCustomer, upsertMembership } from '../../src/server/repos/customers.ts';
import { issueSession } from '../../src/server/auth/session.ts';
import { issueOperatorKey } from '../../src/server/operator/keys.ts';
import type { MembershipType } from '../../src/shared/wire-account.ts';

export interface TestCustomer {
  id: number;
  token: string;
}

let phones = 0;

/** A customer with a session; optionally a membership, a push token, SMS permission, a phone not proven (proven by default). */
export async function customer(
  h: Harness,
  opts: { membership?: MembershipType; fcmToken?: string; allowSms?: boolean; language?: string; phoneProven?: boolean } = {},
): Promise<TestCustomer> {
  phones++;
  const phone = `+3584${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
  const id = await insertCustomer(
    h.db,
    {
      phone,
      passwordHash: 'x',
      firstname: 'Test',
      lastname: `Customer${phones}`,
      email: null,
      allowEmail: false,
      allowSms: opts.allowSms ?? false,
      language: opts.language ?? 'en',
      appLanguage: null,
      phoneProvenAt: opts.phoneProven === false ? null : h.clock.now(),
    },
    h.clock.now(),
  );
  if (id === null) throw new Error('phone taken');
  if (opts.membership)
    await upsertMembership(h.db, id, {
      type: opts.membership,
      begin_date: '2025-01-01',
      end_date: null,
      credits: 0,
      wp_prem_credits: 0,
      wp_prod_credits: 0,
    });
  if (opts.fcmToken) await h.db.query('UPDATE customers SET fcm_token = $2 WHERE id = $1', [id, opts.fcmToken]);
  const session = await issueSession(h.deps, id);
  return { id, token: session.access_token };
}

/** A new access token at the harness's now (tokens last 15 minutes; some tests move the clock further). */
export async function relogin(h: Harness, c: TestCustomer): Promise<void> {
  c.token = (await issueSession(h.deps, c.id)).access_token;
}

// biome-ignore lint/suspicious/noExplicitAny: by default a test reads any answer's fields; a test that wants types passes T.
export interface Answer<T = any> {
  status: number;
  /** The answer, or on a 4xx/5xx the error body. */
  body: T & { error?: string; field?: string };
}

// biome-ignore lint/suspicious/noExplicitAny: same default as Answer: untyped answers for tests that do not pass T.
export async function call<T = any>(
  h: Harness,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await h.app.inject({ method: method as 'GET', url, headers, payload: opts.body as object | undefined });
  return { status: res.statusCode, body: res.body ? res.json() : (undefined as never) };
}

/** A menu item of a shop from its detail: a service (with extras when asked) as the client would send it. */
export async function menu(h: Harness, shopId: number) {
  const detail = (await call(h, 'GET', `/api/fi/pobs/${shopId}/?lang=en`)).body;
  return detail as {
    services: { id: number; title: string; price: number; duration: number; group_id: number; multiple: boolean }[];
    extra_services: Record<string, { id: number; title: string; price: number; duration: number }[]>;
    queues: { barber: { id: number }; wait_time: number | null }[];
  };
}

export function item(
  service: { id: number; title: string; price: number; duration: number; group_id: number },
  extras: { id: number; title: string }[] = [],
) {
  return {
    amount: 1,
    service_id: service.id,
    service_info: { duration: service.duration, group_id: service.group_id, id: service.id, price: service.price, title: service.title },
    extra_services: extras.map((e) => ({ amount: 1, service_id: e.id, title: e.title })),
  };
}

export async function operatorKey(h: Harness, shopId: number): Promise<string> {
  return (await issueOperatorKey(h.db, shopId))!;
}

/** Local Helsinki wall-clock time on the harness day (Tuesday 2026-11-24, UTC+2). */
export const helsinki = (hhmm: string) => Date.parse(`2026-11-24T${hhmm}:00+02:00`);

/** Shared steps of the account suites: a fast-hashing harness, registering, logging in, authorised calls. */
import type { Config } from '../../src/server/config.ts';
import { harness, type Harness } from './harness.ts';

/** scrypt at 2^10 keeps the suites fast; one test checks that the default config is the OWASP cost. */
export const FAST: Partial<Config> = { scrypt: { logN: 10, r: 8, p: 1 }, development: true };

export const PASSWORD = 'Kahvi-Kuppi42';

export function accountsHarness(config: Partial<Config> = {}, seed?: NonNullable<Parameters<typeof harness>[0]>['seed']): Promise<Harness> {
  return harness({ config: { ...FAST, ...config }, seed });
}

let n = 0;
/** A phone number no other test of the process uses. */
export const freshPhone = () => `+35850${String(1_000_000 + process.pid * 10 + n++).slice(-7)}`;

export interface Inject {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  url: string;
  body?: unknown;
  token?: string | null;
  ip?: string;
}

/** app.inject with JSON in and out; `json` is the parsed body. */
export async function call(h: Harness, o: Inject) {
  const res = await h.app.inject({
    method: o.method ?? 'GET',
    url: o.url,
    payload: o.body === undefined ? undefined : (o.body as object),
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    remoteAddress: o.ip ?? '127.0.0.1',
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer bodies field by field; a wrong field fails the assertion that reads it.
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, headers: res.headers };
}

export function registration(phone: string, extra: Record<string, unknown> = {}) {
  return {
    countryCode: 'FI',
    phone,
    password: PASSWORD,
    firstname: 'Matti',
    lastname: 'Meikäläinen',
    email: 'matti@example.fi',
    terms_accepted: true,
    ...extra,
  };
}

export interface Session {
  id: number;
  phone: string;
  access: string;
  refresh: string;
}

/** Registers a new customer and logs in; each call uses its own client address so limits do not interfere. */
export async function newCustomer(h: Harness, extra: Record<string, unknown> = {}): Promise<Session> {
  const phone = freshPhone();
  const ip = `10.9.${n % 250}.${(n * 7) % 250}`;
  const reg = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(phone, extra), ip });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.json)}`);
  return login(h, phone, (extra.password as string) ?? PASSWORD, ip);
}

export async function login(h: Harness, phone: string, password: string, ip = '127.0.0.2'): Promise<Session> {
  const res = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone, password }, ip });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { id: res.json.customer_id, phone, access: res.json.access_token, refresh: res.json.refresh_token };
}

/** The latest code the development outbox holds for a phone. */
export async function codeFor(h: Harness, phone: string): Promise<string | null> {
  const res = await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(phone)}` });
  const text: string | undefined = res.json?.[0]?.text;
  return text ? /\b(\d{6})\b/.exec(text)![1] : null;
}

/** Proves a customer's phone as the app does: a code by SMS (the development outbox), then the code back. */
export async function provePhone(h: Harness, phone: string, ip = '10.8.8.8'): Promise<void> {
  const asked = await call(h, { method: 'POST', url: '/api/fi/auth/phone-code/', body: { countryCode: 'FI', phone }, ip });
  if (asked.status !== 200) throw new Error(`phone code failed: ${asked.status} ${JSON.stringify(asked.json)}`);
  const proved = await call(h, {
    method: 'POST',
    url: '/api/fi/auth/phone-proof/',
    body: { countryCode: 'FI', phone, token: await codeFor(h, phone) },
    ip,
  });
  if (proved.status !== 200) throw new Error(`phone proof failed: ${proved.status} ${JSON.stringify(proved.json)}`);
}

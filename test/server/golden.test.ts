/**
 * Golden answers: every route of the API on the seeded demo (the chain plus the demo accounts, as seedIfEmpty
 * writes them) with a frozen clock, one request after another, each answer (status and body) compared with its
 * file in test/server/goldens/. Both engines must match the same files. This pins today's behaviour while the
 * code underneath is restructured; a golden changes only where an issue names the change.
 *
 * Re-record with `UPDATE_GOLDENS=1 npx tsx test/server/golden.test.ts` (PGlite), then run it on PostgreSQL
 * without the variable to see both engines agree. Masked, because they are random by design:
 *  - access and refresh tokens in answers and request bodies (`access_token`, `refresh_token`, `refresh`; the JWT
 *    secret is generated per database, refresh tokens are random);
 *  - the six-digit recovery code: in the SMS outbox's `text` and the reset request's `token` (random).
 * Everything else is deterministic: the seed's PRNG and ids, and the clock (Tuesday 2026-11-24, 12:00 Helsinki).
 * The optional windows beside the waits (WINDOW_KEYS) are left out of the comparison, so the files keep the
 * spec's fields as they were; their own tests are test/server/queue/windows.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { harness, type Harness } from './harness.ts';
import { FAST } from './accounts-helpers.ts';
import { helsinki, operatorKey } from './queue-helpers.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { seedAccounts } from '../../src/server/seed/accounts.ts';
import type { Db } from '../../src/server/db/db.ts';

const DIR = join(import.meta.dirname, 'goldens');
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const IP = '10.77.0.1';

type Json = unknown;
interface Answer {
  status: number;
  body: Json;
}

/** The demo as seedIfEmpty writes it, with the demo passwords hashed at the fast test cost. */
const seed = async (db: Db, now: number) => {
  await seedDemo(db, now);
  await db.transaction((tx) => seedAccounts(tx, now, { scrypt: FAST.scrypt }));
};

/** Optional fields beside the spec's waits: not part of the golden answers (see the header). */
const WINDOW_KEYS = new Set([
  'wait_low',
  'wait_high',
  'queue_low',
  'queue_high',
  'quoted_low',
  'quoted_high',
  'in_window_share',
  'past_window_share',
  'mean_window_minutes',
]);

/** Replaces random values by a placeholder and leaves out the windows (see the header). */
function mask(v: Json, key = ''): Json {
  if (typeof v === 'string') {
    if (/^(access_token|refresh_token|refresh|token)$/.test(key)) return '<token>';
    if (key === 'text') return v.replace(/\b\d{6}\b/g, '<code>');
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => mask(x, key));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (WINDOW_KEYS.has(k) ? [] : [[k, mask(x, k)]])));
  return v;
}

let h: Harness;
const seen = new Set<string>();
const mismatches: string[] = [];

/** One request; its masked answer is compared with (or, when updating, written to) goldens/<name>.json. */
async function rec(
  name: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer & { raw: Json }> {
  if (seen.has(name)) throw new Error(`golden ${name} recorded twice`);
  seen.add(name);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await h.app.inject({ method, url, headers, payload: opts.body as object | undefined, remoteAddress: IP });
  const raw: Json = res.body ? res.json() : null;
  const got = {
    request: { method, url, ...(opts.body === undefined ? {} : { body: mask(opts.body) }) },
    status: res.statusCode,
    body: mask(raw),
  };
  const file = join(DIR, `${name}.json`);
  const text = `${JSON.stringify(got, null, 1)}\n`;
  if (UPDATE) writeFileSync(file, text);
  else if (!existsSync(file)) mismatches.push(`${name}: no golden file`);
  else {
    const want = JSON.parse(readFileSync(file, 'utf8'));
    try {
      assert.equal(JSON.parse(text), want);
    } catch (err) {
      mismatches.push(`${name}: ${(err as Error).message}\n${(err as { details?: string }).details ?? ''}`);
    }
  }
  return { status: res.statusCode, body: got.body, raw };
}

test.before(async () => {
  h = await harness({ seed, config: { ...FAST } });
  if (UPDATE) {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
  }
});
test.after(() => h.close());

const SILVER = '+358401000001';
const GOLD = '+358401000002';
const NONE = '+358401000004';
const DEMO_PASSWORD = 'Demo1234';

async function login(name: string, phone: string) {
  const r = await rec(name, 'POST', '/api/fi/login/', { body: { phone, password: DEMO_PASSWORD } });
  const raw = r.raw as { customer_id: number; access_token: string; refresh_token: string };
  return { id: raw.customer_id, access: raw.access_token, refresh: raw.refresh_token };
}

test('every route on the seeded demo answers as its golden', async () => {
  // Runtime configuration and locale detection.
  await rec('config', 'GET', '/config.json');
  await rec('locate', 'GET', '/locate/', { headers: { 'accept-language': 'sv-SE,sv;q=0.9' } });
  await rec('locate-api-none', 'GET', '/api/fi/locate/');

  // Shops and barbers, every served locale.
  for (const seg of ['fi', 'ee', 'no', 'dk', 'se']) {
    const list = await rec(`pobs-${seg}`, 'GET', `/api/${seg}/pobs/`);
    const first = (list.raw as { id: number }[])[0].id;
    await rec(`pob-${seg}-${first}`, 'GET', `/api/${seg}/pobs/${first}/`);
    await rec(`employees-${seg}`, 'GET', `/api/${seg}/employees/`);
  }
  await rec('pobs-fi-dev', 'GET', '/api/fi/pobs/?dev=1');
  await rec('pob-fi-1', 'GET', '/api/fi/pobs/1/');
  await rec('pob-fi-4-full', 'GET', '/api/fi/pobs/4/');
  const barbers = (await rec('employees-fi-dev', 'GET', '/api/fi/employees/?dev=1')).raw as { id: number }[];
  await rec('employee-fi', 'GET', `/api/fi/employees/${barbers[0].id}/`);
  await rec('error-404-employee', 'GET', '/api/fi/employees/99999/');
  await rec('error-404-pob', 'GET', '/api/fi/pobs/99999/');
  await rec('error-400-pob-bad-id', 'GET', '/api/fi/pobs/abc/');
  await rec('error-404-locale', 'GET', '/api/xx/pobs/');
  await rec('error-404-route', 'GET', '/api/fi/nothing-here/');

  // Accounts.
  const reg = {
    countryCode: 'FI',
    phone: '0501234567',
    password: 'Kahvi-Kuppi42',
    firstname: 'Matti',
    lastname: 'Meikäläinen',
    email: 'matti@example.fi',
    terms_accepted: true,
  };
  await rec('register', 'POST', '/api/fi/register/', { body: reg });
  await rec('error-register-taken', 'POST', '/api/fi/register/', { body: reg });
  await rec('error-400-register-missing-phone', 'POST', '/api/fi/register/', { body: { ...reg, phone: undefined } });
  await rec('error-400-register-weak', 'POST', '/api/fi/register/', { body: { ...reg, phone: '0501234568', password: 'password' } });
  await rec('error-400-register-terms', 'POST', '/api/fi/register/', { body: { ...reg, phone: '0501234569', terms_accepted: false } });
  await rec('error-401-login', 'POST', '/api/fi/login/', { body: { phone: SILVER, password: 'Wrong-One1' } });
  await rec('error-400-login-missing', 'POST', '/api/fi/login/', { body: { phone: SILVER } });
  const silver = await login('login-silver', SILVER);
  const gold = await login('login-gold', GOLD);
  const refreshed = await rec('refresh', 'POST', '/api/fi/refresh/', { token: silver.refresh });
  silver.access = (refreshed.raw as { access_token: string }).access_token;
  await rec('error-401-refresh', 'POST', '/api/fi/refresh/', { token: 'not-a-token' });

  // The customer's own resources; guards.
  const me = `/api/fi/customers/${silver.id}`;
  const profile = await rec('customer', 'GET', `${me}/`, { token: silver.access });
  await rec('error-401-customer', 'GET', `${me}/`);
  await rec('error-401-customer-bad-token', 'GET', `${me}/`, { token: 'x.y.z' });
  await rec('error-403-customer', 'GET', `/api/fi/customers/${gold.id}/`, { token: silver.access });
  await rec('customer-patch', 'PATCH', `${me}/`, { token: silver.access, body: { city: 'Espoo', tutorial_seen: true, language: 'en' } });
  await rec('error-400-customer-patch-unknown', 'PATCH', `${me}/`, { token: silver.access, body: { phone: '+358401111111' } });
  await rec('error-400-customer-patch-email', 'PATCH', `${me}/`, { token: silver.access, body: { email: 'not-an-address' } });
  await rec('receipts', 'GET', `${me}/receipts/`, { token: silver.access });
  const messages = (await rec('messages', 'GET', `${me}/messages/`, { token: silver.access })).raw as { id: number }[];
  await rec('messages-en', 'GET', `${me}/messages/?lang=en`, { token: silver.access });
  await rec('messages-ee', 'GET', `/api/ee/customers/${silver.id}/messages/`, { token: silver.access });
  await rec('message-patch', 'PATCH', `${me}/messages/${messages[0].id}/`, { token: silver.access, body: { read: true } });
  await rec('error-404-message', 'PATCH', `${me}/messages/99999/`, { token: silver.access, body: { read: true } });
  await rec('error-400-message-read', 'PATCH', `${me}/messages/${messages[0].id}/`, { token: silver.access, body: { read: 'yes' } });
  const benefits = (profile.raw as { bonus: { benefits: { id: number; isRedeemable: boolean }[] } }).bonus.benefits;
  const redeemable = benefits.find((b) => b.isRedeemable)!.id;
  await rec('benefit-redeem', 'POST', `${me}/benefits/${redeemable}/redeem/`, { token: silver.access });
  await rec('error-409-benefit-redeemed', 'POST', `${me}/benefits/${redeemable}/redeem/`, { token: silver.access });
  await rec('error-404-benefit', 'POST', `${me}/benefits/99999/redeem/`, { token: silver.access });

  // The bonus teaser.
  await rec('bonus-teaser', 'POST', '/api/fi/bonus-teaser/', { body: { email: 'teaser@example.fi', allow_email: true } });
  await rec('error-400-teaser-missing', 'POST', '/api/fi/bonus-teaser/', { body: { allow_email: true } });
  await rec('error-400-teaser-email', 'POST', '/api/fi/bonus-teaser/', { body: { email: 'nope', allow_email: true } });
  await rec('error-404-teaser-locale', 'POST', '/api/ee/bonus-teaser/', { body: { email: 'teaser@example.fi', allow_email: true } });

  // Orders: join an idle shop, then a busy one.
  const kallio = (await rec('pob-fi-2', 'GET', '/api/fi/pobs/2/')).raw as {
    services: { id: number; title: string; price: number; duration: number; group_id: number }[];
    extra_services: Record<string, { id: number; title: string }[]>;
  };
  const cut = kallio.services.find((s) => s.title === 'Hiustenleikkaus')!;
  const item = (s: typeof cut, extras: { id: number; title: string }[] = []) => ({
    amount: 1,
    service_id: s.id,
    service_info: { duration: s.duration, group_id: s.group_id, id: s.id, price: s.price, title: s.title },
    extra_services: extras.map((e) => ({ amount: 1, service_id: e.id, title: e.title })),
  });
  const orders = `${me}/orders/`;
  const joined = (
    await rec('order-join', 'POST', orders, {
      token: silver.access,
      body: { pob_id: 2, items: [item(cut, kallio.extra_services[cut.id].slice(0, 1))] },
    })
  ).raw as { id: number };
  await rec('error-409-one-open-order', 'POST', orders, { token: silver.access, body: { pob_id: 2, items: [item(cut)] } });
  await rec('error-400-order-missing-pob', 'POST', orders, { token: silver.access, body: { items: [item(cut)] } });
  await rec('error-400-order-items', 'POST', orders, { token: silver.access, body: { pob_id: 2, items: [] } });
  await rec('error-400-order-amount', 'POST', orders, { token: silver.access, body: { pob_id: 2, items: [{ ...item(cut), amount: 2 }] } });
  await rec('order-get', 'GET', `${orders}${joined.id}/`, { token: silver.access });
  await rec('customer-with-order', 'GET', `${me}/`, { token: silver.access });
  await rec('error-404-order', 'GET', `${orders}99999/`, { token: silver.access });
  await rec('error-403-order', 'GET', `/api/fi/customers/${gold.id}/orders/${joined.id}/`, { token: silver.access });
  await rec('order-check-in', 'PATCH', `${orders}${joined.id}/`, { token: silver.access, body: { customer_at_pob: true } });
  await rec('error-400-order-patch-string', 'PATCH', `${orders}${joined.id}/`, { token: silver.access, body: { cancel: 'true' } });
  await rec('error-400-order-patch-unknown', 'PATCH', `${orders}${joined.id}/`, { token: silver.access, body: { cancel: true, x: 1 } });
  await rec('error-400-order-patch-empty', 'PATCH', `${orders}${joined.id}/`, { token: silver.access, body: {} });
  const kamppi = (await rec('pob-fi-1-before-join', 'GET', '/api/fi/pobs/1/')).raw as typeof kallio;
  const goldOrders = `/api/fi/customers/${gold.id}/orders/`;
  const goldOrder = (
    await rec('order-join-busy', 'POST', goldOrders, { token: gold.access, body: { pob_id: '1', items: [item(kamppi.services[0])] } })
  ).raw as { id: number };
  await rec('order-cancel', 'PATCH', `${goldOrders}${goldOrder.id}/`, { token: gold.access, body: { cancel: true } });
  await rec('order-cancel-again', 'PATCH', `${goldOrders}${goldOrder.id}/`, { token: gold.access, body: { cancel: true } });
  await rec('error-409-order-check-in-cancelled', 'PATCH', `${goldOrders}${goldOrder.id}/`, {
    token: gold.access,
    body: { customer_at_pob: true },
  });
  await rec('error-409-full', 'POST', goldOrders, {
    token: gold.access,
    body: { pob_id: 4, items: [item(((await rec('pob-fi-4', 'GET', '/api/fi/pobs/4/')).raw as typeof kallio).services[0])] },
  });

  // The operator side of shop 1 (Kamppi).
  const key1 = await operatorKey(h, 1);
  const key2 = await operatorKey(h, 2);
  const op = (name: string, method: 'GET' | 'POST' | 'PATCH', path: string, key: string | undefined, body?: unknown) =>
    rec(name, method, `/api/fi/operator/${path}`, { token: key, body });
  const queue = (await op('operator-queue', 'GET', 'pobs/1/queue/', key1)).raw as {
    orders: { id: number; status: string; barber_id: number | null }[];
  };
  await op('error-401-operator', 'GET', 'pobs/1/queue/', undefined);
  await op('error-401-operator-bad-key', 'GET', 'pobs/1/queue/', 'nope');
  await op('error-403-operator', 'GET', 'pobs/1/queue/', key2);
  const walkIn = (
    await op('operator-walk-in', 'POST', 'pobs/1/walk-ins/', key1, {
      name: 'Pekka V.',
      services: [kamppi.services[0].id],
      customer_at_pob: false,
    })
  ).raw as { id: number };
  await op('error-400-operator-walk-in', 'POST', 'pobs/1/walk-ins/', key1, { services: [kamppi.services[0].id] });
  await op('operator-full-on', 'PATCH', 'pobs/1/', key1, { full: true });
  await op('operator-full-off', 'PATCH', 'pobs/1/', key1, { full: false });
  await op('error-400-operator-full', 'PATCH', 'pobs/1/', key1, { full: 'yes' });
  await op('operator-check-in', 'POST', `orders/${walkIn.id}/check-in/`, key1);
  await op('operator-queue-after-walk-in', 'GET', 'pobs/1/queue/', key1);
  const serving = queue.orders.filter((o) => o.status === 'in_service');
  const waiting = queue.orders.filter((o) => o.status === 'waiting');
  await op('error-400-operator-start', 'POST', `orders/${walkIn.id}/start/`, key1, {});
  await op('error-409-operator-barber-busy', 'POST', `orders/${walkIn.id}/start/`, key1, { barber_id: serving[1].barber_id });
  await op('error-409-operator-finish-waiting', 'POST', `orders/${walkIn.id}/finish/`, key1);
  await op('operator-finish', 'POST', `orders/${serving[0].id}/finish/`, key1);
  await op('operator-start', 'POST', `orders/${walkIn.id}/start/`, key1, { barber_id: serving[0].barber_id });
  await op('operator-finish-walk-in', 'POST', `orders/${walkIn.id}/finish/`, key1);
  await op('operator-no-show', 'POST', `orders/${waiting[waiting.length - 1].id}/no-show/`, key1);
  await op('error-404-operator-order', 'POST', 'orders/99999999/start/', key1, { barber_id: 1 });
  await op('error-403-operator-order', 'POST', `orders/${walkIn.id}/finish/`, key2);
  await op('operator-queue-end', 'GET', 'pobs/1/queue/', key1);

  // Recovery and passwords.
  await rec('reset-token', 'POST', '/api/fi/auth/reset-token/', { body: { phone: NONE } });
  await rec('error-400-reset-token-missing', 'POST', '/api/fi/auth/reset-token/', { body: {} });
  const outbox = await rec('dev-sms-outbox', 'GET', `/dev/sms-outbox?to=${encodeURIComponent(NONE)}`);
  const code = /\b(\d{6})\b/.exec((outbox.raw as { text: string }[])[0].text)![1];
  await rec('error-400-reset-code', 'POST', '/api/fi/auth/reset/', { body: { phone: NONE, token: '000000', password: 'Uusi-Salainen7' } });
  await rec('error-400-reset-weak', 'POST', '/api/fi/auth/reset/', { body: { phone: NONE, token: code, password: 'weakpass' } });
  await rec('reset', 'POST', '/api/fi/auth/reset/', { body: { phone: NONE, token: code, password: 'Uusi-Salainen7' } });
  await rec('password', 'POST', '/api/fi/password/', {
    token: gold.access,
    body: { old_password: DEMO_PASSWORD, new_password: 'Uusi-Salainen8' },
  });
  await rec('error-400-password-old', 'POST', '/api/fi/password/', {
    token: gold.access,
    body: { old_password: 'Wrong-One1', new_password: 'Uusi-Salainen9' },
  });
  await rec('error-401-password', 'POST', '/api/fi/password/', { body: { old_password: DEMO_PASSWORD, new_password: 'Uusi-Salainen9' } });
  await rec('logout', 'POST', '/api/fi/logout/', { token: silver.access, body: { refresh: silver.refresh } });
  await rec('error-401-refresh-after-logout', 'POST', '/api/fi/refresh/', { token: silver.refresh });
  await rec('error-400-logout', 'POST', '/api/fi/logout/', {});

  // The timeslot: Kauppakatu (11) closes at 18; at 17:40 a haircut no longer fits, and at 18:30 it is closed.
  h.clock.set(helsinki('17:40'));
  const late = await login('login-late', SILVER);
  const lateOrders = `/api/fi/customers/${late.id}/orders/`;
  await rec('order-cancel-before-late', 'PATCH', `${lateOrders}${joined.id}/`, { token: late.access, body: { cancel: true } });
  const k11 = (await rec('pob-fi-11-late', 'GET', '/api/fi/pobs/11/')).raw as typeof kallio;
  await rec('error-409-timeslot', 'POST', lateOrders, {
    token: late.access,
    body: { pob_id: 11, items: [item(k11.services.find((s) => s.title === 'Hiustenleikkaus')!)] },
  });
  h.clock.set(helsinki('18:30'));
  const later = await login('login-later', SILVER);
  await rec('error-409-closed', 'POST', lateOrders, { token: later.access, body: { pob_id: 11, items: [item(k11.services[0])] } });

  if (!UPDATE) {
    const stale = readdirSync(DIR).filter((f) => !seen.has(f.replace(/\.json$/, '')));
    if (stale.length) mismatches.push(`golden files no request made: ${stale.join(', ')}`);
  }
  assert.equal(mismatches, [], mismatches.join('\n\n'));
});

test.run();

/**
 * Text with a control character (a NUL above all, which PostgreSQL cannot store) is a 400
 * naming the field on every route, before any password hash or rate limit is spent, and nothing is stored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { assertTextFields } from '../../../src/server/input/text.ts';
import type { HttpError } from '../../../src/server/lib/http-error.ts';
import { accountsHarness, call, freshPhone, newCustomer, registration } from '../accounts-helpers.ts';
import { customer, item, menu, operatorKey } from '../queue-helpers.ts';
import type { Harness } from '../harness.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness({}, seedDemo);
});
test.after(async () => h.close());

const count = async (table: string) => (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

test('register: a NUL or another control character in a name or the e-mail is a 400 naming the field', async () => {
  const before = await count('customers');
  for (const [field, value] of [
    ['firstname', 'Ma\u0000tti'],
    ['lastname', 'Meikä\u0007läinen'],
    ['email', 'matti\u0000@example.fi'],
    ['email', 'matti@example.fi\u009b'],
    ['phone', '+35850\u00001234567'],
    ['password', 'Kahvi-Kuppi42\u0000'],
  ] as const) {
    const res = await call(h, {
      method: 'POST',
      url: '/api/fi/register/',
      body: registration(freshPhone(), { [field]: value }),
      ip: '10.77.0.1',
    });
    assert.is(res.status, 400, `${field}: ${JSON.stringify(res.json)}`);
    assert.equal(res.json, { error: `Invalid ${field}`, field });
  }
  assert.is(await count('customers'), before, 'nothing stored');
});

test('register: refused control characters spend no limit (25 of them, then a registration from that address)', async () => {
  // registerAddress allows 20 an hour from one address.
  for (let i = 0; i < 25; i++) {
    const res = await call(h, {
      method: 'POST',
      url: '/api/fi/register/',
      body: registration(freshPhone(), { firstname: 'A\u0000' }),
      ip: '10.77.0.2',
    });
    assert.is(res.status, 400);
  }
  const ok = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(freshPhone()), ip: '10.77.0.2' });
  assert.is(ok.status, 201, JSON.stringify(ok.json));
});

test('login and recovery: a control character in the phone or password is a 400, not a 500', async () => {
  for (const [url, body, field] of [
    ['/api/fi/login/', { phone: '+358501234567\u0000', password: 'x' }, 'phone'],
    ['/api/fi/login/', { phone: '+358501234567', password: 'x\u0000' }, 'password'],
    ['/api/fi/auth/reset-token/', { phone: '+35850\u00001234567' }, 'phone'],
    ['/api/fi/auth/reset/', { phone: '+358501234567', token: '12\u00003456', password: 'Kahvi-Kuppi42' }, 'token'],
    ['/api/fi/refresh/', { refresh: 'a\u0000b' }, 'refresh'],
  ] as const) {
    const res = await call(h, { method: 'POST', url, body, ip: '10.77.0.3' });
    assert.equal([res.status, res.json], [400, { error: `Invalid ${field}`, field }], url);
  }
});

test('profile PATCH: a NUL in any text field is a 400 naming it and changes nothing', async () => {
  const me = await newCustomer(h);
  for (const field of ['firstname', 'lastname', 'email', 'city', 'fcm_token', 'language', 'app_language']) {
    const res = await call(h, { method: 'PATCH', url: `/api/fi/customers/${me.id}/`, body: { [field]: 'x\u0000y' }, token: me.access });
    assert.equal([res.status, res.json], [400, { error: `Invalid ${field}`, field }], field);
  }
  const profile = await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access });
  assert.is(profile.json.firstname, 'Matti');
});

test('bonus teaser: a NUL in the e-mail is a 400 and nothing is stored', async () => {
  const res = await call(h, {
    method: 'POST',
    url: '/api/fi/bonus-teaser/',
    body: { email: 'a\u0000@example.fi', allow_email: true },
    ip: '10.77.0.4',
  });
  assert.equal([res.status, res.json], [400, { error: 'Invalid email', field: 'email' }]);
  assert.is(await count('bonus_teaser_signups'), 0);
});

test('operator walk-in: a NUL in the name is a 400 and nothing joins the queue', async () => {
  const key = await operatorKey(h, 2);
  const m = await menu(h, 2);
  const before = await count('orders');
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/fi/operator/pobs/2/walk-ins/',
    headers: { authorization: `Bearer ${key}` },
    payload: { name: 'Pek\u0000ka', services: [m.services[0].id] },
  });
  assert.equal([res.statusCode, res.json()], [400, { error: 'Invalid name', field: 'name' }]);
  assert.is(await count('orders'), before);
});

test('query strings too: a control character in ?lang= is a 400 naming it', async () => {
  const c = await customer(h);
  const res = await h.app.inject({
    url: `/api/fi/customers/${c.id}/messages/?lang=f%00i`,
    headers: { authorization: `Bearer ${c.token}` },
  });
  assert.equal([res.statusCode, res.json()], [400, { error: 'Invalid lang', field: 'lang' }]);
});

test('an order item carries the client copy of the menu, whose texts are not checked', async () => {
  const c = await customer(h);
  const m = await menu(h, 2);
  const it = item(m.services[0]);
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers: { authorization: `Bearer ${c.token}` },
    payload: { pob_id: 2, items: [{ ...it, service_info: { ...it.service_info, description: 'line one\nline two' } }] },
  });
  assert.is(res.statusCode, 201, res.body);
});

test('the multiline helper: \\n and \\t allowed in the named fields only, other controls never', () => {
  const refused = (body: unknown, lines: string[] = []) => {
    try {
      assertTextFields(body, lines);
      return null;
    } catch (err) {
      return (err as HttpError).field ?? '?';
    }
  };
  assert.is(refused({ message: 'a\nb\tc', stack: 'at x\n  at y' }, ['message', 'stack']), null);
  assert.is(refused({ message: 'a\nb' }), 'message');
  assert.is(refused({ message: 'a\rb' }, ['message']), 'message');
  assert.is(refused({ stack: 'a\u0000b' }, ['message', 'stack']), 'stack');
  assert.is(refused({ other: 'a\nb' }, ['message']), 'other');
  assert.is(refused({ tags: ['ok', 'b\u0001'] }), 'tags');
  assert.is(refused({ name: 'Émilie Ødegård 😀' }), null);
});

test.run();

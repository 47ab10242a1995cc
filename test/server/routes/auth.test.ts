/** Passwords, registration, login, refresh, logout and the password change. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jwtVerify } from 'jose';
import { buildApp } from '../../../src/server/app.ts';
import { buildDeps } from '../../../src/server/build-deps.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { hashPassword, needsRehash, OWASP_SCRYPT, paramsOf, verifyPassword } from '../../../src/server/auth/passwords.ts';
import { commonPasswordCount } from '../../../src/server/auth/common-passwords.ts';
import { passwordProblem, toInternationalPhone } from '../../../src/server/auth/rules.ts';
import { validateRegistration } from '../../../src/shared/account-rules.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, freshPhone, login, newCustomer, PASSWORD, registration } from '../accounts-helpers.ts';

let h: Harness;
// 2^11 rather than the helpers' 2^10, so a login can be seen re-hashing a cheaper stored hash.
test.before(async () => {
  h = await accountsHarness({ scrypt: { logN: 11, r: 8, p: 1 } });
});
test.after(async () => h.close());

const count = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers')).rows[0].n;

test('the default configuration hashes with the OWASP scrypt parameters (N=2^17, r=8, p=1)', async () => {
  const config = loadConfig({});
  assert.equal(config.scrypt, { logN: 17, r: 8, p: 1 });
  assert.equal(OWASP_SCRYPT, { logN: 17, r: 8, p: 1 });
  const hash = await hashPassword('Kahvi-Kuppi42');
  assert.ok(hash.startsWith('$scrypt$ln=17,r=8,p=1$'), hash);
  assert.ok(await verifyPassword('Kahvi-Kuppi42', hash));
});

test('passwords: per-user salt, parameters stored, wrong and malformed never verify', async () => {
  const low = { logN: 10, r: 8, p: 1 };
  const a = await hashPassword('Kahvi-Kuppi42', low);
  const b = await hashPassword('Kahvi-Kuppi42', low);
  assert.is.not(a, b);
  assert.equal(paramsOf(a), low);
  assert.ok(await verifyPassword('Kahvi-Kuppi42', a));
  assert.not.ok(await verifyPassword('Kahvi-Kuppi43', a));
  assert.not.ok(await verifyPassword('Kahvi-Kuppi42', 'plain-text'));
  assert.ok(needsRehash(a, OWASP_SCRYPT));
  assert.not.ok(needsRehash(a, low));
});

test('rules: phones in international form, weak, common and long passwords refused', () => {
  const phones: Array<[string, string | null, string | null]> = [
    ['040 123 4567', 'FI', '+358401234567'],
    ['040-123 4567', null, '+358401234567'],
    ['+358 40 123 4567', null, '+358401234567'],
    ['+358 040 123 4567', null, '+358401234567'],
    ['00358401234567', null, '+358401234567'],
    ['5123 4567', 'EE', '+37251234567'],
    ['5123 4567', '+372', '+37251234567'],
    ['1234', 'FI', null],
    ['040 abc', 'FI', null],
    ['+0401234567', null, null],
  ];
  for (const [raw, country, want] of phones) assert.is(toInternationalPhone(raw, country), want, `${raw} ${country}`);
  assert.is(passwordProblem('Kahvi-Kuppi42'), null);
  for (const weak of ['abcdefg1', 'Abcdefgh', 'Ab1', 'Password1', 'PASSWORD1x'.toLowerCase(), 'Qwerty123', 'Salasana2024', 'Welcome1']) {
    assert.is(passwordProblem(weak), 'Password too weak', weak);
  }
  assert.is(passwordProblem(`Aa1${'x'.repeat(126)}`), 'Password too long');
  assert.is(passwordProblem(`Aa1${'x'.repeat(125)}`), null);
  assert.ok(commonPasswordCount() >= 300, `list has ${commonPasswordCount()}`);
});

test('register: 201, phone stored in international form, allow_email off and allow_sms on by default', async () => {
  const res = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration('040 765 4321', { countryCode: 'FI' }) });
  assert.is(res.status, 201);
  assert.type(res.json.customer_id, 'number');
  const s = await login(h, '+358 40 765 4321', PASSWORD);
  const profile = (await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).json;
  assert.is(profile.phone, '+358407654321');
  assert.is(profile.allow_email, false);
  assert.is(profile.allow_sms, true);
  assert.is(profile.language, 'fi');
});

test('register: the form refuses exactly what the server refuses, on the field the server names (one set of rules)', async () => {
  const cases: Array<[string, Record<string, unknown>, string | null]> = [
    ['valid', {}, null],
    ['common password meeting the composition rule', { password: 'Salasana1' }, 'password'],
    ['lowercase only', { password: 'abcdefgh' }, 'password'],
    ['password of 128', { password: `Aa1${'x'.repeat(125)}` }, null],
    ['password of 129', { password: `Aa1${'x'.repeat(126)}` }, 'password'],
    ['first name of 100', { firstname: 'a'.repeat(100) }, null],
    ['first name of 255', { firstname: 'a'.repeat(255) }, 'firstname'],
    ['last name of 101', { lastname: 'b'.repeat(101) }, 'lastname'],
    ['email of 255', { email: `${'m'.repeat(244)}@example.fi` }, 'email'],
  ];
  for (const [i, [name, extra, field]] of cases.entries()) {
    const body = registration(freshPhone(), extra);
    const form = validateRegistration({ ...body, allow_email: false, allow_sms: true });
    assert.equal(Object.keys(form), field ? [field] : [], `${name}: the form`);
    const res = await call(h, { method: 'POST', url: '/api/fi/register/', body, ip: `10.9.0.${i + 1}` });
    assert.is(res.status, field ? 400 : 201, `${name}: the server`);
    if (field) assert.is(res.json.field, field, `${name}: the server's field`);
  }
});

test('register: an existing phone, however typed, is a 409', async () => {
  const phone = freshPhone();
  assert.is((await call(h, { method: 'POST', url: '/api/fi/register', body: registration(phone) })).status, 201);
  const again = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(`0${phone.slice(4)}`) });
  assert.is(again.status, 409);
  assert.equal(again.json, { error: 'An account with this phone number already exists', field: 'phone' });
});

test('register: every refusal has its text and field, and creates nothing', async () => {
  const phone = freshPhone();
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ phone: undefined }, 'Missing phone parameter', 'phone'],
    [{ phone: '12ab' }, 'Invalid phone number', 'phone'],
    [{ phone: 401234567 }, 'Invalid phone number', 'phone'],
    [{ password: '' }, 'Missing password parameter', 'password'],
    [{ password: 'abcdefgh' }, 'Password too weak', 'password'],
    [{ password: 'Password1' }, 'Password too weak', 'password'],
    [{ password: `Aa1${'x'.repeat(200)}` }, 'Password too long', 'password'],
    [{ firstname: ' ' }, 'Missing firstname parameter', 'firstname'],
    [{ lastname: undefined }, 'Missing lastname parameter', 'lastname'],
    [{ firstname: 'x'.repeat(101) }, 'Invalid firstname', 'firstname'],
    [{ email: undefined }, 'Missing email parameter', 'email'],
    [{ email: 'matti@example' }, 'Invalid email address', 'email'],
    [{ terms_accepted: false }, 'You must agree to the terms of use', 'terms'],
    [{ allow_email: 'yes' }, 'Invalid allow_email', 'allow_email'],
    [{ language: 'xx' }, 'Invalid language', 'language'],
  ];
  const before = await count();
  for (const [patch, error, field] of cases) {
    const res = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(phone, patch) });
    assert.is(res.status, 400, error);
    assert.equal(res.json, { error, field });
  }
  const notObject = await call(h, { method: 'POST', url: '/api/fi/register/', body: [1, 2] });
  assert.is(notObject.status, 400);
  assert.is(await count(), before);
});

test('login: answers customer_id, access_token and refresh_token; wrong or unknown are the same 401', async () => {
  const s = await newCustomer(h);
  assert.type(s.id, 'number');
  assert.match(s.access, /^ey/);
  assert.match(s.refresh, /^rt_/);
  const wrong = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: s.phone, password: 'Wrong-Pass1' }, ip: '10.1.0.1' });
  const unknown = await call(h, {
    method: 'POST',
    url: '/api/fi/login/',
    body: { phone: freshPhone(), password: PASSWORD },
    ip: '10.1.0.1',
  });
  assert.is(wrong.status, 401);
  assert.equal(wrong.json, { error: 'Wrong phone number or password' });
  assert.equal(unknown.json, wrong.json);
  assert.is(unknown.status, 401);
});

test('login: missing and invalid fields', async () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ password: PASSWORD }, 'Missing phone parameter', 'phone'],
    [{ phone: '+358401234567' }, 'Missing password parameter', 'password'],
    [{ phone: 'abc', password: PASSWORD }, 'Invalid phone number', 'phone'],
  ];
  for (const [body, error, field] of cases) {
    const res = await call(h, { method: 'POST', url: '/api/fi/login/', body });
    assert.is(res.status, 400);
    assert.equal(res.json, { error, field });
  }
});

test('login re-hashes a password stored with cheaper parameters', async () => {
  const s = await newCustomer(h);
  await h.db.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [s.id, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 })]);
  await login(h, s.phone, PASSWORD);
  const stored = (await h.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [s.id])).rows[0]
    .password_hash;
  assert.equal(paramsOf(stored), { logN: 11, r: 8, p: 1 });
  await login(h, s.phone, PASSWORD);
});

test('refresh: the refresh token as bearer or body answers {customer_id, access_token}', async () => {
  const s = await newCustomer(h);
  for (const o of [{ token: s.refresh }, { body: { refresh: s.refresh } }]) {
    const res = await call(h, { method: 'POST', url: '/api/fi/refresh/', ...o });
    assert.is(res.status, 200);
    assert.equal(Object.keys(res.json).sort(), ['access_token', 'customer_id']);
    assert.is(res.json.customer_id, s.id);
    assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: res.json.access_token })).status, 200);
  }
  for (const token of [s.access, 'rt_garbage', 'garbage']) {
    const res = await call(h, { method: 'POST', url: '/api/fi/refresh/', token });
    assert.is(res.status, 401);
    assert.equal(res.json, { error: 'Invalid refresh token' });
  }
  assert.equal((await call(h, { method: 'POST', url: '/api/fi/refresh' })).json, { error: 'Missing refresh token' });
});

test('refresh: a refresh token lasts 30 days', async () => {
  const s = await newCustomer(h);
  h.clock.advance(30 * 24 * 60 - 1);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 200);
  h.clock.advance(2);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 401);
});

test('refresh with rotate: a new refresh token, the old one revoked, and its reuse ends every session', async () => {
  const s = await newCustomer(h);
  const other = await login(h, s.phone, PASSWORD);
  const rotated = await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh, body: { rotate: true } });
  assert.is(rotated.status, 200);
  assert.match(rotated.json.refresh_token, /^rt_/);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 401);
  // The old token came back: it was copied, so the new one and the other device's are revoked too.
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: rotated.json.refresh_token })).status, 401);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: other.refresh })).status, 401);
});

test('logout revokes the refresh token; the access token lapses on its own', async () => {
  const s = await newCustomer(h);
  const other = await login(h, s.phone, PASSWORD);
  const out = await call(h, { method: 'POST', url: '/api/fi/logout/', body: { refresh: s.refresh }, token: s.access });
  assert.is(out.status, 200);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 401);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: other.refresh })).status, 200);
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).status, 200);
  // Idempotent, and `all` ends every session of the customer.
  assert.is((await call(h, { method: 'POST', url: '/api/fi/logout', token: s.refresh })).status, 200);
  const third = await login(h, s.phone, PASSWORD);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/logout/', body: { refresh: third.refresh, all: true } })).status, 200);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: other.refresh })).status, 401);
  assert.equal((await call(h, { method: 'POST', url: '/api/fi/logout/' })).json, { error: 'Missing refresh parameter', field: 'refresh' });
});

test('password change: revokes every refresh token and answers a new session for this device', async () => {
  const s = await newCustomer(h);
  const other = await login(h, s.phone, PASSWORD);
  const res = await call(h, {
    method: 'POST',
    url: '/api/fi/password/',
    token: s.access,
    body: { old_password: PASSWORD, new_password: 'Uusi-Salainen7' },
  });
  assert.is(res.status, 200);
  assert.is(res.json.customer_id, s.id);
  for (const old of [s.refresh, other.refresh])
    assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: old })).status, 401);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: res.json.refresh_token })).status, 200);
  // The access token used stays valid until it expires (documented in auth/session.ts).
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).status, 200);
  await login(h, s.phone, 'Uusi-Salainen7');
  assert.is((await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: s.phone, password: PASSWORD } })).status, 401);
});

test('password change: refusals with the text the client shows, and nothing changes', async () => {
  const s = await newCustomer(h);
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ new_password: 'Uusi-Salainen7' }, 'Missing old_password parameter', 'old_password'],
    [{ old_password: 'Wrong-Pass1', new_password: 'Uusi-Salainen7' }, 'Current password is incorrect', 'old_password'],
    [{ old_password: PASSWORD }, 'Missing new_password parameter', 'new_password'],
    [{ old_password: PASSWORD, new_password: 'short1A' }, 'Password too weak', 'new_password'],
    [{ old_password: PASSWORD, new_password: 'Qwerty123' }, 'Password too weak', 'new_password'],
  ];
  for (const [body, error, field] of cases) {
    const res = await call(h, { method: 'POST', url: '/api/fi/password/', token: s.access, body });
    assert.is(res.status, 400, error);
    assert.equal(res.json, { error, field });
  }
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 200);
  await login(h, s.phone, PASSWORD);
  for (const token of [undefined, 'garbage', s.refresh]) {
    const res = await call(h, {
      method: 'POST',
      url: '/api/fi/password/',
      token,
      body: { old_password: PASSWORD, new_password: 'Uusi-Salainen7' },
    });
    assert.is(res.status, 401);
  }
});

test('every account path answers with and without the trailing slash, in every locale', async () => {
  const s = await newCustomer(h);
  for (const url of [
    `/api/no/customers/${s.id}`,
    `/api/se/customers/${s.id}/`,
    `/api/fi/customers/${s.id}/receipts`,
    `/api/dk/customers/${s.id}/messages`,
  ]) {
    assert.is((await call(h, { url, token: s.access })).status, 200, url);
  }
  assert.is((await call(h, { method: 'POST', url: '/api/no/refresh', token: s.refresh })).status, 200);
  assert.is((await call(h, { method: 'POST', url: '/api/xx/login/', body: {} })).status, 404);
});

test('without JWT_SECRET the signing key is generated once into the database and shared by every instance', async () => {
  const s = await newCustomer(h);
  const second = await buildApp(await buildDeps({ config: h.config, db: h.db, now: h.clock.now }));
  try {
    assert.is((await call({ ...h, app: second }, { url: `/api/fi/customers/${s.id}/`, token: s.access })).status, 200);
  } finally {
    await second.close();
  }
  assert.is((await h.db.query('SELECT 1 FROM server_secrets WHERE name = $1', ['jwt'])).rows.length, 1);
});

test('with JWT_SECRET the access token is signed with it', async () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const other = await accountsHarness({ jwtSecret: secret });
  try {
    const s = await newCustomer(other);
    const { payload } = await jwtVerify(s.access, new TextEncoder().encode(secret), { currentDate: new Date(other.clock.now()) });
    assert.equal([payload.sub, payload.typ, (payload.exp! - payload.iat!) / 60], [String(s.id), 'access', 15]);
  } finally {
    await other.close();
  }
});

test.run();

/** Change phone: password, a code by SMS to the new number, then the switch; what a customer notices. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, codeFor, freshPhone, login, newCustomer, PASSWORD, provePhone, type Session } from '../accounts-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness();
});
test.after(async () => h.close());

const ask = (s: Session, body: unknown, ip = '10.1.0.1') =>
  call(h, { method: 'POST', url: `/api/fi/customers/${s.id}/phone/`, body, token: s.access, ip });
const confirm = (s: Session, body: unknown, ip = '10.1.0.1') =>
  call(h, { method: 'POST', url: `/api/fi/customers/${s.id}/phone/confirm/`, body, token: s.access, ip });
const phoneOf = async (id: number) =>
  (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [id])).rows[0].phone;
const outbox = async (phone: string) =>
  (await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(phone)}` })).json as { text: string }[];

test('the new number gets a code; with it the phone changes, the old (proven) number is told, other devices log out, login works with the new number only', async () => {
  const me = await newCustomer(h, { language: 'en' });
  await provePhone(h, me.phone);
  const otherDevice = await login(h, me.phone, PASSWORD, '10.1.0.9');
  const next = freshPhone();

  const asked = await ask(me, { phone: next, password: PASSWORD });
  assert.is(asked.status, 200, JSON.stringify(asked.json));
  const code = await codeFor(h, next);
  assert.ok(code, 'a code went to the new number');
  assert.match((await outbox(next))[0].text, /changing your phone number/);
  assert.is(await phoneOf(me.id), me.phone, 'nothing changes before the code is given');

  const done = await confirm(me, { phone: next, token: code });
  assert.is(done.status, 200, JSON.stringify(done.json));
  assert.is(done.json.customer_id, me.id);
  assert.type(done.json.refresh_token, 'string');
  assert.is(await phoneOf(me.id), next);
  const profile = await call(h, { url: `/api/fi/customers/${me.id}/`, token: done.json.access_token });
  assert.is(profile.json.phone, next);

  const told = await outbox(me.phone);
  assert.match(told[0].text, new RegExp(`changed to one ending in ${next.slice(-3)}`));

  // The other device's refresh token (and the old one of this device) no longer works; the new pair does.
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: otherDevice.refresh } })).status, 401);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: me.refresh } })).status, 401);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: done.json.refresh_token } })).status, 200);

  const old = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: me.phone, password: PASSWORD }, ip: '10.1.0.3' });
  assert.is(old.status, 401);
  await login(h, next, PASSWORD, '10.1.0.3');

  // The code is single use.
  assert.is((await confirm(me, { phone: next, token: code })).status, 400);
});

test('a wrong password is refused and sends nothing', async () => {
  const me = await newCustomer(h);
  const next = freshPhone();
  const res = await ask(me, { phone: next, password: 'Wrong-Pass1' });
  assert.is(res.status, 400);
  assert.equal(res.json.error, 'Current password is incorrect');
  assert.is(await codeFor(h, next), null);
  assert.is((await ask(me, { phone: next })).json.error, 'Missing password parameter');
  assert.is((await ask(me, { password: PASSWORD })).json.error, 'Missing phone parameter');
});

test('a number that has an account is refused without saying whose; the own number too', async () => {
  const me = await newCustomer(h);
  const other = await newCustomer(h, { firstname: 'Liisa' });
  const res = await ask(me, { phone: other.phone, password: PASSWORD });
  assert.is(res.status, 409);
  assert.equal(res.json, { error: 'An account with this phone number already exists', field: 'phone' });
  assert.not.match(JSON.stringify(res.json), /Liisa|\d{4,}/);
  assert.is(await codeFor(h, other.phone), null, 'no code to the holder of the number');
  assert.is((await ask(me, { phone: me.phone, password: PASSWORD })).status, 400);
});

test('the number registered by someone else between code and confirmation: refused, nothing changes', async () => {
  const me = await newCustomer(h);
  const next = freshPhone();
  await ask(me, { phone: next, password: PASSWORD });
  const code = await codeFor(h, next);
  const reg = await call(h, {
    method: 'POST',
    url: '/api/fi/register/',
    ip: '10.1.7.7',
    body: { countryCode: 'FI', phone: next, password: PASSWORD, firstname: 'A', lastname: 'B', email: 'a@b.fi', terms_accepted: true },
  });
  assert.is(reg.status, 201);
  const res = await confirm(me, { phone: next, token: code });
  assert.is(res.status, 409);
  assert.is(await phoneOf(me.id), me.phone);
});

test('5 wrong codes burn the code; a recovery code never changes a phone, nor a phone code a password', async () => {
  const me = await newCustomer(h);
  const next = freshPhone();
  await ask(me, { phone: next, password: PASSWORD });
  const code = (await codeFor(h, next))!;
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) assert.is((await confirm(me, { phone: next, token: wrong })).json.error, 'Invalid or expired code');
  assert.is((await confirm(me, { phone: next, token: code })).status, 400, 'out of tries');
  assert.is(await phoneOf(me.id), me.phone);

  // A recovery code for my own number, given as a phone code for my own number: not a phone code.
  const me2 = await newCustomer(h);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: me2.phone }, ip: '10.1.0.5' })).status, 200);
  const recovery = (await codeFor(h, me2.phone))!;
  const third = freshPhone();
  await ask(me2, { phone: third, password: PASSWORD }, '10.1.0.6');
  const phoneCode = (await codeFor(h, third))!;
  assert.is((await confirm(me2, { phone: me2.phone, token: recovery }, '10.1.0.6')).status, 400);
  // …and the phone code does not reset a password.
  const reset = await call(h, {
    method: 'POST',
    url: '/api/fi/auth/reset/',
    body: { phone: third, token: phoneCode, password: 'Other-Pass9' },
    ip: '10.1.0.6',
  });
  assert.is(reset.status, 400);
  assert.is((await confirm(me2, { phone: third, token: phoneCode }, '10.1.0.6')).status, 200);
});

test('another customer cannot confirm my code, and the code expires after an hour', async () => {
  const me = await newCustomer(h);
  const thief = await newCustomer(h);
  const next = freshPhone();
  await ask(me, { phone: next, password: PASSWORD }, '10.1.0.8');
  const code = (await codeFor(h, next))!;
  assert.is((await confirm(thief, { phone: next, token: code }, '10.1.0.8')).status, 400);
  h.clock.advance(61);
  const fresh = await login(h, me.phone, PASSWORD, '10.1.0.8');
  assert.is((await confirm(fresh, { phone: next, token: code }, '10.1.0.8')).status, 400);
  assert.is(await phoneOf(me.id), me.phone);
});

test.run();

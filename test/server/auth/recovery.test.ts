/** Password recovery by SMS code. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, codeFor, freshPhone, login, newCustomer, PASSWORD } from '../accounts-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness();
});
test.after(async () => h.close());

const NEW = 'Uusi-Salainen7';
let ipN = 0;
// Each test from its own address, so the per-address limits (tested in limits.test.ts) stay out of the way.
const ip = () => `10.20.${Math.floor(ipN / 200)}.${ipN++ % 200}`;
const requestCode = (phone: string, address = ip()) =>
  call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone }, ip: address });
const reset = (body: Record<string, unknown>, address = ip()) => call(h, { method: 'POST', url: '/api/fi/auth/reset/', body, ip: address });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a code request answers the same for a known and an unknown phone; only the known one gets an SMS', async () => {
  const s = await newCustomer(h);
  const unknown = freshPhone();
  const a = await requestCode(s.phone);
  const b = await requestCode(unknown);
  assert.equal([a.status, a.json], [b.status, b.json]);
  assert.equal(a.json, { ok: true });
  assert.match((await codeFor(h, s.phone)) ?? '', /^\d{6}$/);
  assert.is(await codeFor(h, unknown), null);
  const sms = (await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(s.phone)}` })).json[0];
  assert.match(sms.text, /^Vahvistuskoodisi on \d{6}\./, "in the customer's language");
  // Also under the API prefix, for clients that only know their API base.
  assert.is((await call(h, { url: `/api/fi/dev/sms-outbox?to=${encodeURIComponent(s.phone)}` })).json[0].text, sms.text);
});

test('a code request: missing and invalid phone texts', async () => {
  assert.equal((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: {} })).json, {
    error: 'Missing phone parameter',
    field: 'phone',
  });
  assert.equal((await requestCode('abc')).json, { error: 'Invalid phone number', field: 'phone' });
});

test('reset with the code sets the password, revokes every refresh token, and the code is single use', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  const res = await reset({ phone: s.phone, token: code, password: NEW });
  assert.equal([res.status, res.json], [200, { ok: true }]);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: s.refresh })).status, 401);
  await login(h, s.phone, NEW);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: s.phone, password: PASSWORD } })).status, 401);
  const again = await reset({ phone: s.phone, token: code, password: 'Kolmas-Salasana9' });
  assert.equal([again.status, again.json], [400, { error: 'Invalid or expired code', field: 'token' }]);
  await login(h, s.phone, NEW);
});

test("reset: every refusal text, and bad input spends none of the code's tries", async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ token: code, password: NEW }, 'Missing phone parameter', 'phone'],
    [{ phone: '12ab', token: code, password: NEW }, 'Invalid phone number', 'phone'],
    [{ phone: s.phone, password: NEW }, 'Missing token parameter', 'token'],
    [{ phone: s.phone, token: code }, 'Missing password parameter', 'password'],
    [{ phone: s.phone, token: code, password: 'weakpass' }, 'Password too weak', 'password'],
    [{ phone: s.phone, token: code, password: 'Password1' }, 'Password too weak', 'password'],
    [{ phone: s.phone, token: 'abc', password: NEW }, 'Invalid or expired code', 'token'],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [body, error, field] of cases) {
      const res = await reset(body);
      assert.is(res.status, 400, error);
      assert.equal(res.json, { error, field });
    }
  }
  // Fourteen refusals, none of them a guess: the code still works.
  assert.is((await reset({ phone: s.phone, token: code, password: NEW })).status, 200);
});

test('reset for a phone without an account answers like a wrong code', async () => {
  const res = await reset({ phone: freshPhone(), token: '123456', password: NEW });
  assert.equal([res.status, res.json], [400, { error: 'Invalid or expired code', field: 'token' }]);
});

test('a code is valid for one hour', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  h.clock.advance(59);
  assert.is((await reset({ phone: s.phone, token: wrongCode(code), password: NEW })).status, 400);
  const t = await newCustomer(h);
  await requestCode(t.phone);
  const late = (await codeFor(h, t.phone))!;
  h.clock.advance(60);
  assert.equal((await reset({ phone: t.phone, token: late, password: NEW })).json, { error: 'Invalid or expired code', field: 'token' });
  // The first code, 59 minutes old a moment ago, is now past its hour too.
  assert.is((await reset({ phone: s.phone, token: code, password: NEW })).status, 400);
});

test('a code within its hour works at 59 minutes', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  h.clock.advance(59);
  assert.is((await reset({ phone: s.phone, token: code, password: NEW })).status, 200);
});

test('five wrong tries end a code: the right one is refused after them', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  for (let i = 0; i < 5; i++) assert.is((await reset({ phone: s.phone, token: wrongCode(code), password: NEW })).status, 400);
  assert.equal((await reset({ phone: s.phone, token: code, password: NEW })).json, { error: 'Invalid or expired code', field: 'token' });
  await login(h, s.phone, PASSWORD);
  // Four wrong tries leave the fifth for the right code.
  await requestCode(s.phone);
  const next = (await codeFor(h, s.phone))!;
  for (let i = 0; i < 4; i++) await reset({ phone: s.phone, token: wrongCode(next), password: NEW });
  assert.is((await reset({ phone: s.phone, token: next, password: NEW })).status, 200);
});

test('parallel guesses cannot exceed the five tries', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  await Promise.all(Array.from({ length: 12 }, () => reset({ phone: s.phone, token: wrongCode(code), password: NEW })));
  const tries = (await h.db.query<{ tries: number }>('SELECT tries FROM sms_codes WHERE phone = $1', [s.phone])).rows[0].tries;
  assert.is(tries, 5);
});

test('a new code replaces the previous one', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const first = (await codeFor(h, s.phone))!;
  await requestCode(s.phone);
  const second = (await codeFor(h, s.phone))!;
  if (first !== second) assert.is((await reset({ phone: s.phone, token: first, password: NEW })).status, 400);
  assert.is((await reset({ phone: s.phone, token: second, password: NEW })).status, 200);
});

test('codes are stored as keyed hashes, never as digits', async () => {
  const s = await newCustomer(h);
  await requestCode(s.phone);
  const code = (await codeFor(h, s.phone))!;
  const stored = (await h.db.query<{ code_hash: string }>('SELECT code_hash FROM sms_codes WHERE phone = $1', [s.phone])).rows[0].code_hash;
  assert.match(stored, /^[0-9a-f]{64}$/);
  assert.not.ok(stored.includes(code));
});

test('the outbox is development-only', async () => {
  const prod = await accountsHarness({ development: false });
  try {
    assert.is((await call(prod, { url: '/dev/sms-outbox' })).status, 404);
    assert.is((await call(prod, { url: '/api/fi/dev/sms-outbox' })).status, 404);
  } finally {
    await prod.close();
  }
});

test('the SMS is in English for a customer who chose English', async () => {
  const s = await newCustomer(h, { language: 'en' });
  await requestCode(s.phone);
  const sms = (await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(s.phone)}` })).json[0];
  assert.match(sms.text, /^Your confirmation code is \d{6}\./);
});

test.run();

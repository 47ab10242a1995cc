/**
 * Strangers cannot lock an owner out (OWASP's device cookies): a login leaves an HttpOnly device cookie; the owner
 * logging in again from that device is not held by the per-phone ceiling strangers spent, while strangers (no
 * cookie, another phone's cookie, a forged one) still are, and a device cookie meets its own limit.
 * Recovery requests for a number without an account spend no one's limits. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, codeFor, freshPhone, newCustomer, PASSWORD, registration } from '../accounts-helpers.ts';

const owner = suite('device cookies and the per-phone limit');
let h: Harness;
owner.before(async () => {
  h = await accountsHarness({
    limits: { ...(await import('../../../src/server/config.ts')).limitsFrom({}), loginPhone: 8, loginDevice: 3 },
  });
});
owner.after(async () => h.close());

async function loginWith(phone: string, password: string, ip: string, cookie?: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/fi/login/',
    payload: { phone, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
  const set = String(res.headers['set-cookie'] ?? '');
  return { status: res.statusCode, cookie: set ? set.split(';')[0] : null, setCookie: set };
}

owner("the owner's device logs in after strangers spent the phone's ceiling; strangers and other cookies stay held", async () => {
  const s = await newCustomer(h);
  const first = await loginWith(s.phone, PASSWORD, '10.60.0.1');
  assert.is(first.status, 200);
  assert.match(first.setCookie, /^device=[^;]+; Path=\/api\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  const other = await newCustomer(h);
  const otherCookie = (await loginWith(other.phone, PASSWORD, '10.60.0.2')).cookie!;

  // Strangers from many addresses spend the phone's ceiling of 8 (newCustomer's login and this one count too).
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await loginWith(s.phone, 'Wrong-Pass1', `10.61.${i}.1`)).status);
  assert.ok(statuses.includes(429), `strangers meet the ceiling: ${statuses}`);
  assert.is((await loginWith(s.phone, PASSWORD, '10.62.0.1')).status, 429, 'a fresh device of the owner waits');
  assert.is((await loginWith(s.phone, PASSWORD, '10.62.0.1', otherCookie)).status, 429, "another phone's device cookie is no pass");
  assert.is(
    (await loginWith(s.phone, PASSWORD, '10.62.0.1', 'device=eyJhbGciOiJIUzI1NiJ9.e30.forged')).status,
    429,
    'a forged cookie is no pass',
  );

  const back = await loginWith(s.phone, PASSWORD, '10.62.0.2', first.cookie!);
  assert.is(back.status, 200, 'the device that logged in before is not held');
  assert.ok(back.cookie && back.cookie !== first.cookie, 'a fresh cookie after each success');
});

owner('a device cookie has its own limit: wrong passwords with it meet 429, then it is as good as none', async () => {
  const s = await newCustomer(h);
  const cookie = (await loginWith(s.phone, PASSWORD, '10.63.0.1')).cookie!;
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await loginWith(s.phone, 'Wrong-Pass1', `10.63.1.${i}`, cookie)).status);
  assert.equal(statuses, [401, 401, 401, 429, 429]);
  assert.is((await loginWith(s.phone, PASSWORD, '10.63.2.1', cookie)).status, 429, 'the right password waits too with that cookie');
  h.clock.advance(20);
  assert.is((await loginWith(s.phone, PASSWORD, '10.63.2.1', cookie)).status, 200, 'once its attempts leave the window');
});

owner('recovery requests for a number without an account spend none of its limits: registered later, it gets its codes', async () => {
  const phone = freshPhone();
  const answers: number[] = [];
  for (let i = 0; i < 5; i++)
    answers.push((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone }, ip: `10.64.0.${i}` })).status);
  assert.equal(answers, [200, 200, 200, 429, 429], 'answered exactly as a number with an account would be');
  const spent = await h.db.query<{ key: string }>('SELECT key FROM rate_limits WHERE key IN ($1, $2)', [
    `codePhone:${phone}`,
    `smsPhone:${phone}`,
  ]);
  assert.equal(spent.rows, [], "neither the number's code limit nor its SMS budget was touched");
  const reg = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(phone), ip: '10.64.1.1' });
  assert.is(reg.status, 201);
  assert.is(
    (await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone }, ip: '10.64.1.2' })).status,
    200,
    "the owner's own request is not refused",
  );
  assert.match((await codeFor(h, phone)) ?? '', /^\d{6}$/, 'and the code was sent');
});

owner.run();

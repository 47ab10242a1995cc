/** Rate limits of login and code requests: per phone, per address, in the database, across app instances. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../../src/server/app.ts';
import { buildDeps } from '../../../src/server/build-deps.ts';
import { hit, retryAt } from '../../../src/server/repos/limits.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, codeFor, freshPhone, login, newCustomer, PASSWORD } from '../accounts-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness();
});
test.after(async () => h.close());

const MIN = 60_000;
const TOO_MANY = /^Too many attempts\. Try again in \d+ minutes?\.$/;
const loginAs = (phone: string, password: string, ip: string, app = h.app) =>
  call({ ...h, app }, { method: 'POST', url: '/api/fi/login/', body: { phone, password }, ip });

test('wrong logins for one phone from one address meet 429 after ten; the owner elsewhere still logs in', async () => {
  const s = await newCustomer(h);
  const statuses: number[] = [];
  let last: Awaited<ReturnType<typeof loginAs>> | null = null;
  // A stranger keeps hammering from one address: 10 tries, then 429s that no longer count against the phone.
  for (let i = 0; i < 100; i++) {
    last = await loginAs(s.phone, 'Wrong-Pass1', '10.30.0.1');
    statuses.push(last.status);
  }
  assert.equal(statuses.slice(0, 10), Array(10).fill(401));
  assert.equal(statuses.slice(10), Array(90).fill(429));
  assert.match(last!.json.error, TOO_MANY);
  assert.ok(Number(last!.headers['retry-after']) > 0);
  assert.is((await loginAs(s.phone, PASSWORD, '10.30.0.1')).status, 429, 'the right password waits too at the blocked address');
  assert.is((await loginAs(s.phone, PASSWORD, '10.30.1.1')).status, 200, 'the owner at another address is not locked out');
  // The block lifts once the attempts leave the window.
  h.clock.advance(20);
  assert.is((await loginAs(s.phone, PASSWORD, '10.30.0.1')).status, 200);
});

test('one phone from many addresses: a ceiling of 50 wrong logins an hour, for everyone', async () => {
  const s = await newCustomer(h);
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await loginAs(s.phone, 'Wrong-Pass1', `10.36.${Math.floor(i / 5)}.${i % 5}`)).status);
  // 50 logins an hour for the phone: newCustomer's own login and 49 wrong ones, five from each address.
  assert.equal(statuses.slice(0, 49), Array(49).fill(401));
  assert.equal(statuses.slice(49), Array(11).fill(429));
  assert.is((await loginAs(s.phone, PASSWORD, '10.36.99.1')).status, 429);
  h.clock.advance(75);
  assert.is((await loginAs(s.phone, PASSWORD, '10.36.99.1')).status, 200);
});

test('the login limits are settings', async () => {
  const tight = await accountsHarness({ limits: { ...h.config.limits, loginPhoneAddress: 2, loginPhone: 4 } });
  try {
    const s = await newCustomer(tight);
    const at = (ip: string) =>
      call(tight, { method: 'POST', url: '/api/fi/login/', body: { phone: s.phone, password: 'Wrong-Pass1' }, ip }).then((r) => r.status);
    assert.equal([await at('10.37.0.1'), await at('10.37.0.1'), await at('10.37.0.1')], [401, 401, 429]);
    // The phone has had 4 logins that passed its address's check (newCustomer's own, two wrong ones, this one): its ceiling.
    assert.equal([await at('10.37.0.2'), await at('10.37.0.2')], [401, 429], 'the phone reaches its ceiling of 4');
  } finally {
    await tight.close();
  }
});

test("a successful login clears the phone's failures", async () => {
  const s = await newCustomer(h);
  for (let i = 0; i < 9; i++) await loginAs(s.phone, 'Wrong-Pass1', '10.31.0.1');
  await login(h, s.phone, PASSWORD, '10.31.0.1');
  for (let i = 0; i < 9; i++) assert.is((await loginAs(s.phone, 'Wrong-Pass1', '10.31.0.1')).status, 401);
});

test('logins per address: many phones from one address meet 429', async () => {
  const ip = '10.32.0.1';
  let first429 = 0;
  for (let i = 1; i <= 105 && !first429; i++) {
    const res = await loginAs(freshPhone(), 'Wrong-Pass1', ip);
    if (res.status === 429) first429 = i;
  }
  assert.is(first429, 101);
  assert.is((await loginAs(freshPhone(), 'Wrong-Pass1', '10.32.0.2')).status, 401, 'another address is not affected');
});

test('20 code requests for one phone send 3 SMS; an unknown phone gets the very same answers', async () => {
  const s = await newCustomer(h);
  const unknown = freshPhone();
  const answers = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 20; i++) {
    answers.known.push(
      (await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone }, ip: `10.33.0.${i}` })).status,
    );
    answers.unknown.push(
      (await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: unknown }, ip: `10.33.1.${i}` })).status,
    );
  }
  const outbox = (await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(s.phone)}` })).json;
  assert.is(outbox.length, 3);
  assert.equal(answers.known, [200, 200, 200, ...Array(17).fill(429)]);
  assert.equal(answers.unknown, answers.known);
  const blocked = await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone }, ip: '10.33.2.1' });
  assert.match(blocked.json.error, /^Too many code requests\. Try again in \d+ minutes\.$/);
  // Strict: after an hour the earliest requests leave the window, and the phone may get codes again.
  h.clock.advance(75);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone }, ip: '10.33.2.2' })).status, 200);
  assert.match((await codeFor(h, s.phone)) ?? '', /^\d{6}$/);
});

test('code requests per address: the eleventh phone from one address in an hour is refused', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push(
      (await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: freshPhone() }, ip: '10.34.0.1' })).status,
    );
  assert.equal(statuses, [...Array(10).fill(200), 429]);
});

test('limits hold across two app instances sharing the database (as two processes would)', async () => {
  const second = await buildApp(await buildDeps({ config: h.config, db: h.db, now: h.clock.now }));
  await second.ready();
  try {
    const s = await newCustomer(h);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await loginAs(s.phone, 'Wrong-Pass1', '10.35.0.1', i % 2 ? second : h.app)).status);
    assert.equal(statuses, [...Array(10).fill(401), 429, 429]);
  } finally {
    await second.close();
  }
});

test('the counter increment is atomic: 40 parallel hits count 40', async () => {
  const now = h.clock.now();
  const results = await Promise.all(Array.from({ length: 40 }, () => hit(h.db, 'test:parallel', now, 15 * MIN)));
  assert.is(Math.max(...results.map((r) => r.count)), 40);
  const stored = (await h.db.query<{ n: number }>(`SELECT sum(count)::int AS n FROM rate_limits WHERE key = 'test:parallel'`)).rows[0].n;
  assert.is(stored, 40);
});

test('buckets: no more than the limit in any window, even across a window edge', async () => {
  const w = 60 * MIN;
  const start = Date.parse('2026-01-01T00:00:00Z');
  // Three hits just before an hour mark, then attempts just after it: still within one hour of the first three.
  for (let i = 0; i < 3; i++) assert.ok((await hit(h.db, 'test:edge', start + 59 * MIN, w)).count <= 3);
  const after = await hit(h.db, 'test:edge', start + 61 * MIN, w);
  assert.ok(after.count > 3);
  const free = retryAt(after, 3, w);
  assert.ok(free >= start + 59 * MIN + w, 'free again only once the first three are an hour old');
  assert.ok(free <= start + 59 * MIN + w + w / 5 + MIN);
});

test.run();

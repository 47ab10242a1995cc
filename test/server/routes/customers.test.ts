/** `/customers/{id}/…`: the ownership matrix on every route, the profile and its PATCH. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { insertBenefit } from '../../../src/server/repos/benefits.ts';
import { upsertMembership } from '../../../src/server/repos/customers.ts';
import { insertMessage } from '../../../src/server/repos/messages.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, newCustomer, type Inject, type Session } from '../accounts-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness();
});
test.after(async () => h.close());

/** Every customer route, with the ids of things the owner has, so an authorised call would succeed. */
async function routes(s: Session): Promise<Omit<Inject, 'token'>[]> {
  const mid = await insertMessage(h.db, {
    customerId: s.id,
    locale: 'FI',
    createdAt: h.clock.now(),
    texts: [{ language: 'fi', title: 'T', content: '<p>x</p>' }],
  });
  const bid = await insertBenefit(h.db, { customerId: s.id, title: 'Etu', value: '-5 €', redeemCode: 'X1', issuedAt: h.clock.now() });
  return [
    { url: `/api/fi/customers/${s.id}/` },
    { method: 'PATCH', url: `/api/fi/customers/${s.id}/`, body: { allow_sms: false } },
    { url: `/api/fi/customers/${s.id}/receipts/` },
    { url: `/api/fi/customers/${s.id}/messages/` },
    { method: 'PATCH', url: `/api/fi/customers/${s.id}/messages/${mid}/`, body: { read: true } },
    { method: 'POST', url: `/api/fi/customers/${s.id}/benefits/${bid}/redeem/` },
  ];
}

const snapshot = async (id: number) =>
  JSON.stringify([
    (await h.db.query('SELECT * FROM customers WHERE id = $1', [id])).rows,
    (await h.db.query('SELECT * FROM message_reads WHERE customer_id = $1', [id])).rows,
    (await h.db.query('SELECT redeemed_at FROM benefits WHERE customer_id = $1', [id])).rows,
  ]);

test('ownership matrix: missing, garbage, forged, refresh-as-access and expired tokens are 401, another customer 403', async () => {
  const me = await newCustomer(h, { email: 'me@example.fi', allow_email: true });
  const other = await newCustomer(h);
  const list = await routes(me);
  const before = await snapshot(me.id);
  const forged = await new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(me.id))
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-secret'));
  const unsigned = [
    Buffer.from('{"alg":"none"}').toString('base64url'),
    Buffer.from(JSON.stringify({ sub: String(me.id), typ: 'access' })).toString('base64url'),
    '',
  ].join('.');
  const cases: Array<[string | null, number, string]> = [
    [null, 401, 'Missing access token'],
    ['garbage', 401, 'Invalid or expired access token'],
    [forged, 401, 'Invalid or expired access token'],
    [unsigned, 401, 'Invalid or expired access token'],
    [me.refresh, 401, 'Invalid or expired access token'],
    [other.access, 403, 'Forbidden'],
  ];
  for (const route of list) {
    for (const [token, status, error] of cases) {
      const res = await call(h, { ...route, token });
      assert.is(res.status, status, `${route.method ?? 'GET'} ${route.url} ${String(token).slice(0, 12)}`);
      assert.equal(res.json, { error });
    }
  }
  // Expired: the harness clock moves 16 minutes past the 15-minute lifetime.
  h.clock.advance(16);
  for (const route of list) {
    const res = await call(h, { ...route, token: me.access });
    assert.is(res.status, 401, route.url);
    assert.equal(res.json, { error: 'Invalid or expired access token' });
  }
  assert.is(await snapshot(me.id), before, 'no refused call changed anything');
  // The same routes with a fresh token of the owner succeed (the matrix tested refusals, not broken routes).
  const fresh = (await call(h, { method: 'POST', url: '/api/fi/refresh/', token: me.refresh })).json.access_token;
  for (const route of list) assert.is((await call(h, { ...route, token: fresh })).status, 200, route.url);
});

test('a deleted customer: every route answers 401 User not found, and the refresh token is gone', async () => {
  const me = await newCustomer(h);
  const list = await routes(me);
  await h.db.query('DELETE FROM customers WHERE id = $1', [me.id]);
  for (const route of list) {
    const res = await call(h, { ...route, token: me.access });
    assert.is(res.status, 401, route.url);
    assert.equal(res.json, { error: 'User not found' });
  }
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', token: me.refresh })).status, 401);
});

test('a non-numeric id is a 400 once authenticated, never a 500', async () => {
  const me = await newCustomer(h);
  assert.is((await call(h, { url: '/api/fi/customers/abc/', token: me.access })).status, 400);
  assert.is((await call(h, { url: '/api/fi/customers/99999999999/', token: me.access })).status, 403);
});

test('GET profile: the fields of WireProfile, membership, bonus with sorted benefits, the open order', async () => {
  const me = await newCustomer(h);
  const now = h.clock.now();
  const day = 86_400_000;
  await upsertMembership(h.db, me.id, {
    type: 'gold',
    begin_date: '2026-01-01',
    end_date: '2027-01-01',
    credits: 4,
    wp_prem_credits: 2,
    wp_prod_credits: 1,
  });
  await insertBenefit(h.db, {
    customerId: me.id,
    title: 'old, redeemed',
    value: '-5 €',
    redeemCode: 'A',
    issuedAt: now - 9 * day,
    redeemedAt: now - day,
  });
  await insertBenefit(h.db, { customerId: me.id, title: 'newer', value: '-50 %', redeemCode: 'B', issuedAt: now - 2 * day });
  await insertBenefit(h.db, {
    customerId: me.id,
    title: 'older',
    value: '-5 €',
    redeemCode: 'C',
    issuedAt: now - 5 * day,
    validUntil: '2027-01-01',
  });
  await insertBenefit(h.db, {
    customerId: me.id,
    title: 'expired',
    value: '-5 €',
    redeemCode: 'D',
    issuedAt: now - 8 * day,
    validUntil: '2026-01-01',
  });
  await h.db.query(
    `INSERT INTO shops (id, country, name, city, address, latitude, longitude, timezone, chair_count) VALUES (901, 'FI', 'S', 'C', 'A', 60, 24, 'Europe/Helsinki', 2)`,
  );
  const order = (
    await h.db.query<{ id: number }>(
      `INSERT INTO orders (shop_id, customer_id, status, duration) VALUES (901, $1, 'active', 30) RETURNING id`,
      [me.id],
    )
  ).rows[0].id;

  const p = (await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access })).json;
  const keys = [
    'id',
    'firstname',
    'lastname',
    'phone',
    'email',
    'city',
    'date_of_birth',
    'sex',
    'street_address',
    'post_code',
    'tutorial_seen',
    'allow_email',
    'allow_sms',
    'phone_proven',
    'app_language',
    'language',
    'fcm_token',
    'alert_lead_minutes',
    'active_order_id',
    'membership',
    'bonus',
  ];
  assert.equal(Object.keys(p).sort(), keys.sort());
  assert.equal(p.membership, {
    type: 'gold',
    priority: 2,
    begin_date: '2026-01-01',
    end_date: '2027-01-01',
    credits: 4,
    wp_prem_credits: 2,
    wp_prod_credits: 1,
  });
  assert.is(p.active_order_id, order);
  assert.equal(
    p.bonus.benefits.map((b: { title: string }) => b.title),
    ['older', 'newer', 'old, redeemed', 'expired'],
  );
  assert.equal(
    p.bonus.benefits.map((b: { isRedeemable: boolean }) => b.isRedeemable),
    [true, true, false, false],
  );
  assert.is(p.bonus.benefits[0].redeemCode, null, 'the code shows only once redeemed');
  assert.is(p.bonus.benefits[2].redeemCode, 'A');
  assert.ok(p.bonus.benefits[2].dateRedeemed);

  await h.db.query(`UPDATE orders SET status = 'serviced' WHERE id = $1`, [order]);
  await h.db.query(`UPDATE memberships SET end_date = '2026-11-01' WHERE customer_id = $1`, [me.id]);
  const after = (await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access })).json;
  assert.is(after.active_order_id, null);
  assert.is(after.membership, null, 'an ended membership is no membership');
});

test('PATCH profile: the listed fields, answered with the updated profile', async () => {
  const me = await newCustomer(h);
  const patch = {
    email: 'uusi@example.fi',
    allow_email: true,
    allow_sms: false,
    fcm_token: 'fcm-token-1',
    language: 'en',
    app_language: 'en_FI',
    tutorial_seen: true,
    firstname: 'Teemu',
    lastname: 'Testaaja',
    city: 'Espoo',
  };
  const res = await call(h, { method: 'PATCH', url: `/api/fi/customers/${me.id}`, token: me.access, body: patch });
  assert.is(res.status, 200);
  for (const [k, v] of Object.entries(patch)) assert.equal(res.json[k], v, k);
  const off = await call(h, {
    method: 'PATCH',
    url: `/api/fi/customers/${me.id}/`,
    token: me.access,
    body: { fcm_token: null, city: null },
  });
  assert.is(off.json.fcm_token, null);
  assert.is(off.json.city, null);
  assert.is((await call(h, { method: 'PATCH', url: `/api/fi/customers/${me.id}/`, token: me.access, body: {} })).status, 200);
});

test('PATCH profile: unknown fields and wrong types are 400s and nothing is applied', async () => {
  const me = await newCustomer(h);
  const before = (await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access })).json;
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ allow_sms: false, phone: '+358401111111' }, 'Unknown field phone', 'phone'],
    [{ allow_sms: false, id: 5 }, 'Unknown field id', 'id'],
    [{ allow_sms: false, email: 'not-an-email' }, 'Invalid email address', 'email'],
    [{ allow_sms: false, email: null }, 'Invalid email address', 'email'],
    [{ allow_sms: 'false' }, 'Invalid allow_sms', 'allow_sms'],
    [{ allow_email: 1 }, 'Invalid allow_email', 'allow_email'],
    [{ language: 'klingon' }, 'Invalid language', 'language'],
    [{ app_language: 'fi-FI' }, 'Invalid app_language', 'app_language'],
    [{ firstname: '' }, 'Invalid firstname', 'firstname'],
    [{ fcm_token: 42 }, 'Invalid fcm_token', 'fcm_token'],
    [{ tutorial_seen: null }, 'Invalid tutorial_seen', 'tutorial_seen'],
  ];
  for (const [body, error, field] of cases) {
    const res = await call(h, { method: 'PATCH', url: `/api/fi/customers/${me.id}/`, token: me.access, body });
    assert.is(res.status, 400, error);
    assert.equal(res.json, { error, field });
  }
  assert.equal((await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access })).json, before);
});

test('PATCH profile: first and last name by the registration rules, trimmed; a refusal or another customer changes nothing', async () => {
  const me = await newCustomer(h);
  const other = await newCustomer(h);
  const url = `/api/fi/customers/${me.id}/`;
  const ok = await call(h, { method: 'PATCH', url, token: me.access, body: { firstname: '  Lasse 🧔 ', lastname: 'x'.repeat(100) } });
  assert.is(ok.status, 200);
  assert.is(ok.json.firstname, 'Lasse 🧔');
  assert.is(ok.json.lastname, 'x'.repeat(100));
  const before = (await call(h, { url, token: me.access })).json;
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ firstname: 'Teemu', lastname: '   ' }, 'Invalid lastname', 'lastname'],
    [{ firstname: 'Teemu', lastname: 'y'.repeat(101) }, 'Invalid lastname', 'lastname'],
    [{ firstname: null, lastname: 'Testaaja' }, 'Invalid firstname', 'firstname'],
    [{ firstname: 42 }, 'Invalid firstname', 'firstname'],
  ];
  for (const [body, error, field] of cases) {
    const res = await call(h, { method: 'PATCH', url, token: me.access, body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.equal(res.json, { error, field });
  }
  const theirs = await call(h, { method: 'PATCH', url, token: other.access, body: { firstname: 'Mallory' } });
  assert.is(theirs.status, 403);
  assert.equal((await call(h, { url, token: me.access })).json, before, 'nothing applied');
});

test.run();

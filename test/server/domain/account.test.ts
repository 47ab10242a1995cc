/** GDPR: the data export (articles 15, 20) and the deletion of the account (article 17), as a customer notices them. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertBenefit } from '../../../src/server/repos/benefits.ts';
import { insertMessage } from '../../../src/server/repos/messages.ts';
import { insertReceipt } from '../../../src/server/repos/receipts.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, login, newCustomer, PASSWORD, registration, type Session } from '../accounts-helpers.ts';
import { item, menu } from '../queue-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness({}, seedDemo);
});
test.after(async () => h.close());

/** A customer with an order waiting in Kallio's queue, a receipt, a message, a benefit, a push token and a teaser sign-up. */
async function busyCustomer(): Promise<{ s: Session; orderId: number; receiptId: number; email: string }> {
  const email = `gdpr${Date.now() % 100000}${Math.floor(Math.random() * 1000)}@example.fi`;
  const s = await newCustomer(h, { email, allow_email: true });
  const m = await menu(h, 2);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, {
    method: 'POST',
    url: `/api/fi/customers/${s.id}/orders/`,
    token: s.access,
    body: { pob_id: 2, items: [item(cut)] },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.json));
  const receiptId = await insertReceipt(h.db, {
    customerId: s.id,
    pob: { name: 'Kallio', address: 'Hämeentie 1', city: 'Helsinki' },
    createdAt: h.clock.now() - 86_400_000,
    rows: [{ name: 'Hiustenleikkaus', amount: 1, price: 3500, vat: 25.5 }],
  });
  await insertMessage(h.db, {
    customerId: s.id,
    locale: 'FI',
    createdAt: h.clock.now(),
    texts: [{ language: 'fi', title: 'Hei Matti', content: '<p>Tervetuloa</p>' }],
  });
  await insertBenefit(h.db, { customerId: s.id, title: 'Etu', value: '-5 €', redeemCode: 'GDPR1', issuedAt: h.clock.now() });
  assert.is(
    (await call(h, { method: 'PATCH', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { fcm_token: `push-${email}` } })).status,
    200,
  );
  assert.is(
    (await call(h, { method: 'POST', url: '/api/fi/bonus-teaser/', token: s.access, body: { email, allow_email: true }, ip: '10.2.0.1' }))
      .status,
    201,
  );
  // A sign-up of the same address made before logging in, without a link to the account.
  assert.is(
    (await call(h, { method: 'POST', url: '/api/ee/bonus-teaser/', body: { email, allow_email: true }, ip: '10.2.0.1' })).status !== 500,
    true,
  );
  return { s, orderId: joined.json.id, receiptId, email };
}

test('"Download my data": one JSON attachment with profile, consents, orders, receipts, messages and benefits', async () => {
  const { s, orderId, receiptId, email } = await busyCustomer();
  const res = await h.app.inject({ url: `/api/fi/customers/${s.id}/export/`, headers: { authorization: `Bearer ${s.access}` } });
  assert.is(res.statusCode, 200);
  assert.match(String(res.headers['content-disposition']), /^attachment; filename="my-data-\d+-\d{4}-\d\d-\d\d\.json"$/);
  assert.match(String(res.headers['content-type']), /application\/json/);
  assert.is(res.headers['cache-control'], 'no-store');
  const data = res.json();
  assert.is(data.profile.id, s.id);
  assert.is(data.profile.phone, s.phone);
  assert.is(data.profile.email, email);
  assert.type(data.profile.created_at, 'string');
  assert.type(data.consents.terms_accepted_at, 'string');
  assert.is(data.consents.allow_email, true);
  assert.is(data.consents.push, true);
  assert.ok(data.consents.bonus_teaser.some((t: { email: string }) => t.email === email));
  assert.equal(
    data.orders.map((o: { id: number }) => o.id),
    [orderId],
  );
  // In his profile's language, as every answer without ?lang= (docs/decisions.md, "One language per answer").
  assert.is(data.orders[0].items[0].title, 'Hiustenleikkaus');
  assert.equal(
    data.receipts.map((r: { id: number }) => r.id),
    [receiptId],
  );
  assert.is(data.receipts[0].rows[0].name, 'Hiustenleikkaus');
  assert.is(data.messages[0].texts[0].title, 'Hei Matti');
  assert.is(data.benefits[0].title, 'Etu');
  // Nothing secret: no password hash, no token hashes.
  assert.not.match(res.body, /scrypt|password_hash|token_hash/);
  // Someone else's token cannot download it.
  const other = await newCustomer(h);
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/export/`, token: other.access })).status, 403);
});

test('"Delete my account" with a wrong password is refused and changes nothing', async () => {
  const { s, orderId } = await busyCustomer();
  for (const body of [{ password: 'Wrong-Pass1' }, {}]) {
    const res = await call(h, { method: 'DELETE', url: `/api/fi/customers/${s.id}/`, token: s.access, body });
    assert.is(res.status, 400);
  }
  assert.is(
    (await call(h, { method: 'DELETE', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { password: 'x' } })).json.error,
    'Current password is incorrect',
  );
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).json.active_order_id, orderId);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: s.refresh } })).status, 200);
});

test('deleting: the waiting order leaves the queue, sessions end, personal data and teaser sign-ups go, the receipt stays without the person; the number can register again', async () => {
  const { s, orderId, receiptId, email } = await busyCustomer();
  const res = await call(h, { method: 'DELETE', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { password: PASSWORD } });
  assert.is(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json, { ok: true });

  const order = (
    await h.db.query<{ status: string; customer_id: number | null }>('SELECT status, customer_id FROM orders WHERE id = $1', [orderId])
  ).rows[0];
  assert.equal(order, { status: 'cancelled', customer_id: null });

  const left = async (sql: string, ...args: unknown[]) => (await h.db.query<{ n: number }>(sql, args)).rows[0].n;
  // Checked before the login below counts a new attempt for the number.
  assert.is(await left("SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE '%' || $1", s.phone), 0);
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: s.refresh } })).status, 401);
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).status, 401);
  const login1 = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: s.phone, password: PASSWORD }, ip: '10.2.0.2' });
  assert.is(login1.status, 401);

  assert.is(await left('SELECT count(*)::int AS n FROM customers WHERE phone = $1 OR email = $2', s.phone, email), 0);
  assert.is(await left('SELECT count(*)::int AS n FROM bonus_teaser_signups WHERE email = $1', email), 0);
  assert.is(await left('SELECT count(*)::int AS n FROM messages WHERE customer_id = $1', s.id), 0);
  assert.is(await left('SELECT count(*)::int AS n FROM benefits WHERE customer_id = $1', s.id), 0);
  assert.is(await left('SELECT count(*)::int AS n FROM customers WHERE fcm_token = $1', `push-${email}`), 0);

  // The receipt is still there for the books, with its rows, and names no one.
  const receipt = (
    await h.db.query<{ customer_id: number | null; pob_name: string }>('SELECT customer_id, pob_name FROM receipts WHERE id = $1', [
      receiptId,
    ])
  ).rows[0];
  assert.equal(receipt, { customer_id: null, pob_name: 'Kallio' });
  assert.is(await left('SELECT count(*)::int AS n FROM receipt_rows WHERE receipt_id = $1', receiptId), 1);

  // The number is free again.
  const again = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(s.phone), ip: '10.2.0.3' });
  assert.is(again.status, 201, JSON.stringify(again.json));
  const fresh = await login(h, s.phone, PASSWORD, '10.2.0.3');
  assert.is.not(fresh.id, s.id);
  assert.equal((await call(h, { url: `/api/fi/customers/${fresh.id}/receipts/`, token: fresh.access })).json, []);
});

test('deleting while in the chair: the order stays for the barber, anonymous', async () => {
  const { s, orderId } = await busyCustomer();
  await h.db.query(
    `UPDATE orders SET status = 'in_service', started_at = now(),
            barber_id = (SELECT b.id FROM barbers b WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.barber_id = b.id AND o.status = 'in_service') LIMIT 1)
      WHERE id = $1`,
    [orderId],
  );
  assert.is(
    (await call(h, { method: 'DELETE', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { password: PASSWORD } })).status,
    200,
  );
  const after = (
    await h.db.query<{ status: string; customer_id: number | null }>('SELECT status, customer_id FROM orders WHERE id = $1', [orderId])
  ).rows[0];
  assert.equal(after, { status: 'in_service', customer_id: null });
});

test.run();

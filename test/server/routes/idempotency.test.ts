/**
 * A join whose answer was lost. With an Idempotency-Key the client sends the join again and gets
 * 201 with the very same body (no second order, no 409); the same key with another body is a 422; keys are kept per
 * customer for 24 hours, in the database.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import { harness, type Harness } from '../harness.ts';
import { customer, helsinki, item, menu, relogin, type TestCustomer } from '../queue-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await harness({ seed: seedDemo });
  h.clock.set(helsinki('12:00'));
});
test.after(() => h.close());

async function body(shopId = 2, extras = 0) {
  const m = await menu(h, shopId);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  return { pob_id: shopId, items: [item(s, m.extra_services[s.id].slice(0, extras))] };
}
const post = (c: TestCustomer, payload: object, key?: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers: { authorization: `Bearer ${c.token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const ordersOf = async (c: TestCustomer) =>
  (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [c.id])).rows[0].n;

test('a replay gets 201 with the same body and places no second order', async () => {
  const c = await customer(h);
  const b = await body(2, 1);
  const first = await post(c, b, 'key-1');
  assert.is(first.statusCode, 201, first.body);
  h.clock.advance(1);
  const again = await post(c, b, 'key-1');
  assert.is(again.statusCode, 201, again.body);
  assert.is(again.body, first.body, 'byte for byte the first answer');
  assert.is(await ordersOf(c), 1);
  // Without the key the same body is a new join: the customer already has an open order.
  assert.is((await post(c, b)).statusCode, 409);
});

test('the same key with another body is a 422 and changes nothing', async () => {
  const c = await customer(h);
  assert.is((await post(c, await body(2), 'key-2')).statusCode, 201);
  const other = await post(c, await body(2, 1), 'key-2');
  assert.is(other.statusCode, 422);
  assert.equal(other.json(), { error: WIRE_ERRORS.idempotencyKeyReused });
  assert.is(await ordersOf(c), 1);
});

test('keys are per customer: another customer may use the same key', async () => {
  const c = await customer(h);
  const d = await customer(h);
  const b = await body(2);
  const mine = await post(c, b, 'shared-key');
  const theirs = await post(d, b, 'shared-key');
  assert.is(theirs.statusCode, 201);
  assert.is.not(theirs.json().id, mine.json().id);
});

test('a key is kept 24 hours; after that the same key is a new join', async () => {
  const c = await customer(h);
  const b = await body(2);
  const first = await post(c, b, 'day-key');
  assert.is(first.statusCode, 201);
  await h.app.inject({
    method: 'PATCH',
    url: `/api/fi/customers/${c.id}/orders/${first.json().id}/`,
    headers: { authorization: `Bearer ${c.token}` },
    payload: { cancel: true },
  });
  h.clock.advance(23 * 60);
  await relogin(h, c);
  assert.is((await post(c, b, 'day-key')).body, first.body, 'at 23 hours: still the first answer');
  h.clock.advance(61);
  await relogin(h, c);
  const later = await post(c, b, 'day-key');
  assert.is(later.statusCode, 201, later.body);
  assert.is.not(later.json().id, first.json().id, 'after 24 hours: a new order');
  h.clock.set(helsinki('12:00'));
});

test('a failed join keeps no key: the retry is a real join', async () => {
  const c = await customer(h);
  const b = await body(2);
  const closed = await post(c, { ...b, pob_id: 4 }, 'fail-key');
  assert.ok(closed.statusCode >= 400);
  const retry = await post(c, b, 'fail-key-2');
  assert.is(retry.statusCode, 201);
  // The failed key with its own body again is still a fresh attempt, not a 422.
  assert.is.not((await post(c, { ...b, pob_id: 4 }, 'fail-key')).statusCode, 422);
});

test('a malformed key is a 400 naming the header', async () => {
  const c = await customer(h);
  const res = await post(c, await body(2), 'x'.repeat(256));
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), { error: WIRE_ERRORS.invalidIdempotencyKey, field: 'Idempotency-Key' });
  assert.is(await ordersOf(c), 0);
});

test.run();

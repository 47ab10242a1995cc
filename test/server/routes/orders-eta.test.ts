/**
 * eta_minutes (docs/decisions.md, "Honest waits"): the expected arrival a customer gives at join (POST) and with "Running
 * late?" (PATCH), stored as orders.expected_at and shown on the operator's queue. Refusals store nothing.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';

// The harness clock starts on Tuesday 2026-11-24, 12:00 in Helsinki. 2 Kallio: open round the clock, idle;
// 11 Kauppakatu: one barber, 10–18.
let h: Harness;
const MIN = 60_000;

const orders = (c: TestCustomer) => `/api/fi/customers/${c.id}/orders/`;
const join = (c: TestCustomer, body: unknown) => call<WireOrder>(h, 'POST', orders(c), { token: c.token, body });
const patch = (c: TestCustomer, id: number, body: unknown, token = c.token) =>
  call<WireOrder>(h, 'PATCH', `${orders(c)}${id}/`, { token, body });
const countOrders = async (c: TestCustomer) =>
  (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [c.id])).rows[0].n;
const expectedAt = async (id: number) =>
  (await h.db.query<{ at: number | null }>('SELECT expected_at AS at FROM orders WHERE id = $1', [id])).rows[0].at;
const version = async (shopId: number) =>
  Number((await h.db.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = $1', [shopId])).rows[0].v);
const clearShop = (shopId: number) =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    shopId,
  ]);

async function body(shopId: number, title = 'Haircut', extra: Record<string, unknown> = {}) {
  const m = await menu(h, shopId);
  return { pob_id: shopId, items: [item(m.services.find((x) => x.title === title)!)], ...extra };
}

const post = suite('eta_minutes on join');
post.before(async () => {
  h = await harness({ seed: seedDemo });
});
post.after(() => h.close());

post('is stored as the expected arrival, and the quote waits for it', async () => {
  const c = await customer(h);
  const res = await join(c, await body(2, 'Haircut', { eta_minutes: 25 }));
  assert.is(res.status, 201, JSON.stringify(res.body));
  assert.is(await expectedAt(res.body.id), h.clock.now() + 25 * MIN);
  // An idle shop: served once he is there, never before the arrival he gave.
  assert.ok(res.body.quoted_wait! >= 25, `quoted ${res.body.quoted_wait}`);
  const near = await join(await customer(h), await body(2, 'Haircut', { eta_minutes: 0 }));
  assert.is(near.status, 201);
  assert.ok(near.body.quoted_wait! < res.body.quoted_wait!, 'someone at the door is quoted less than one 25 minutes away');
  await clearShop(2);
});

post('null is the same as absent; anything but an integer 0–180 is 400 Invalid eta_minutes and stores nothing', async () => {
  const c = await customer(h);
  for (const eta of [-1, 181, 2.5, '10', true, {}, [5]]) {
    const res = await join(c, await body(2, 'Haircut', { eta_minutes: eta }));
    assert.is(res.status, 400, `eta ${JSON.stringify(eta)}`);
    assert.is(res.body.error, 'Invalid eta_minutes');
  }
  assert.is(await countOrders(c), 0);
  const ok = await join(c, await body(2, 'Haircut', { eta_minutes: null }));
  assert.is(ok.status, 201);
  assert.is(await expectedAt(ok.body.id), null);
  await clearShop(2);
});

post('a remote joiner at an idle shop without an arrival: his turn is held for his learned trip, and his order says so', async () => {
  const c = await customer(h);
  const res = await join(c, await body(2));
  assert.is(res.status, 201, JSON.stringify(res.body));
  assert.is(await expectedAt(res.body.id), null, 'nothing stored: he gave no arrival');
  // The shop's wait for someone in the door is 0; his own is his trip, and the order says when he is expected.
  assert.ok(res.body.expected_at, 'the engine expects him at a time');
  const trip = (Date.parse(res.body.expected_at!) - h.clock.now()) / MIN;
  assert.ok(trip >= 5, `a trip of ${trip} min`);
  // His turn is held for him: the tracking's one message is the arrival, and the wait's window holds it.
  assert.is(res.body.waits_for_arrival, true);
  assert.ok(res.body.queue_low! <= trip && trip <= res.body.queue_high!, `trip ${trip} in ${res.body.queue_low}–${res.body.queue_high}`);
  // At a busy shop his trip is shorter than the queue: the queue is what he waits for.
  const busy = await join(await customer(h), await body(1));
  assert.is(busy.status, 201, JSON.stringify(busy.body));
  assert.ok(busy.body.queue! > 30, `Kamppi's wait ${busy.body.queue}`);
  assert.is(busy.body.waits_for_arrival, false);
  const again = await call<WireOrder>(h, 'GET', `${orders(c)}${res.body.id}/`, { token: c.token });
  assert.is(again.body.expected_at, res.body.expected_at);
  const there = (await patch(c, res.body.id, { customer_at_pob: true })).body;
  assert.is(there.expected_at, null, 'none once he is there');
  assert.is(there.waits_for_arrival, false);
  await clearShop(2);
  await clearShop(1);
});

post("the operator's queue shows source, check-in and the expected arrival", async () => {
  const key = await operatorKey(h, 2);
  const away = await join(await customer(h), await body(2, 'Haircut', { eta_minutes: 40 }));
  const here = await customer(h);
  const present = await join(here, await body(2, 'Buzz cut'));
  assert.is((await patch(here, present.body.id, { customer_at_pob: true })).status, 200);
  const q = (await call(h, 'GET', '/api/fi/operator/pobs/2/queue/', { token: key })).body;
  const a = q.orders.find((o: { id: number }) => o.id === away.body.id);
  const p = q.orders.find((o: { id: number }) => o.id === present.body.id);
  assert.is(a.source, 'app');
  assert.is(a.checked_in_at, null);
  // The engine's expectation: never before the arrival he gave, a learned lateness after it at most.
  const expected = Date.parse(a.expected_at) - (h.clock.now() + 40 * MIN);
  assert.ok(expected >= 0 && expected <= 5 * MIN, `expected ${expected / MIN} min after the given arrival`);
  assert.is(p.source, 'app');
  assert.is(p.checked_in_at, new Date(h.clock.now()).toISOString());
  assert.is(p.expected_at, null, 'null once checked in');
  // Present customers are served around the absent one: the one checked in starts first.
  assert.ok(Date.parse(p.start) < Date.parse(a.start));
  const walkIn = await call(h, 'POST', '/api/fi/operator/pobs/2/walk-ins/', {
    token: key,
    body: { name: 'Walk In', services: [(await menu(h, 2)).services[0].id] },
  });
  assert.is(walkIn.status, 201, JSON.stringify(walkIn.body));
  assert.is(walkIn.body.source, 'desk');
  assert.is(walkIn.body.expected_at, null);
  await clearShop(2);
});

const late = suite('Running late? (PATCH eta_minutes)');
late.before(async () => {
  h = await harness({ seed: seedDemo });
});
late.after(() => h.close());

late('moves the expected arrival and is a queue change (the version moves)', async () => {
  const c = await customer(h);
  const id = (await join(c, await body(2, 'Haircut', { eta_minutes: 10 }))).body.id;
  const before = await version(2);
  const res = await patch(c, id, { eta_minutes: 30 });
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.is(await expectedAt(id), h.clock.now() + 30 * MIN);
  assert.ok(res.body.queue! >= 30, `wait ${res.body.queue}`);
  assert.ok((await version(2)) > before);
  await clearShop(2);
});

late('after check-in is a 409 and stores nothing', async () => {
  const c = await customer(h);
  const id = (await join(c, await body(2, 'Haircut', { eta_minutes: 10 }))).body.id;
  assert.is((await patch(c, id, { customer_at_pob: true })).status, 200);
  const res = await patch(c, id, { eta_minutes: 20 });
  assert.is(res.status, 409);
  assert.is(res.body.error, 'Order is already checked in');
  assert.is(await expectedAt(id), h.clock.now() + 10 * MIN);
  await clearShop(2);
});

late('an arrival that no longer fits before closing is a 409 with the timeslot text and stores nothing', async () => {
  h.clock.set(helsinki('16:30'));
  const c = await customer(h);
  const joined = await join(c, await body(11, 'Haircut', { eta_minutes: 5 }));
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  const id = joined.body.id;
  const res = await patch(c, id, { eta_minutes: 90 });
  assert.is(res.status, 409);
  assert.is(res.body.error, 'Could not allocate time slot for order');
  assert.is(await expectedAt(id), helsinki('16:35'));
  assert.is((await patch(c, id, { eta_minutes: 20 })).status, 200, 'a later arrival that still fits is taken');
  assert.is(await expectedAt(id), helsinki('16:50'));
  await clearShop(11);
  h.clock.set(helsinki('12:00'));
});

late('bad values are 400, other customers get 404, ended orders 409; nothing stored', async () => {
  const c = await customer(h);
  const id = (await join(c, await body(2, 'Haircut', { eta_minutes: 10 }))).body.id;
  for (const eta of [-3, 200, 1.5, '15', null]) {
    const res = await patch(c, id, { eta_minutes: eta });
    assert.is(res.status, 400, `eta ${JSON.stringify(eta)}`);
    assert.is(res.body.error, 'Invalid eta_minutes');
  }
  assert.is((await patch(c, id, { eta_minutes: 5, cancel: true })).status, 400);
  const other = await customer(h);
  assert.is((await call(h, 'PATCH', `${orders(other)}${id}/`, { token: other.token, body: { eta_minutes: 5 } })).status, 404);
  assert.is((await patch(c, id, { eta_minutes: 5 }, other.token)).status, 403);
  assert.is(await expectedAt(id), h.clock.now() + 10 * MIN);
  assert.is((await patch(c, id, { cancel: true })).status, 200);
  assert.is((await patch(c, id, { eta_minutes: 5 })).status, 409);
  assert.is(await expectedAt(id), h.clock.now() + 10 * MIN);
});

post.run();
late.run();

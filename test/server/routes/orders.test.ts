import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';

// The harness clock starts on Tuesday 2026-11-24, 12:00 in Helsinki. Shops of the demo seed used here:
// 2 Kallio (open round the clock, idle), 1 Kamppi (busy, 4 barbers), 11 Kauppakatu (one barber, 10–18), 4 Tripla (full).
let h: Harness;

const orders = (c: TestCustomer) => `/api/fi/customers/${c.id}/orders/`;
const join = (c: TestCustomer, body: unknown) => call<WireOrder>(h, 'POST', orders(c), { token: c.token, body });
const get = (c: TestCustomer, id: number) => call<WireOrder>(h, 'GET', `${orders(c)}${id}/`, { token: c.token });
const patch = (c: TestCustomer, id: number, body: unknown) => call<WireOrder>(h, 'PATCH', `${orders(c)}${id}/`, { token: c.token, body });
const profile = async (c: TestCustomer) => (await call(h, 'GET', `/api/fi/customers/${c.id}/`, { token: c.token })).body;
const countOrders = async (c: TestCustomer) =>
  (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [c.id])).rows[0].n;
/** Ends every open order of a shop, so the next suite finds it as seeded minus its queue. */
const clearShop = (shopId: number) =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    shopId,
  ]);

async function haircut(shopId: number, withExtras = 0) {
  const m = await menu(h, shopId);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  return { m, s, body: { pob_id: shopId, items: [item(s, m.extra_services[s.id].slice(0, withExtras))] } };
}

const basics = suite('joining, checking in, leaving');
basics.before(async () => {
  h = await harness({ seed: seedDemo });
});

basics('joins with a service and an extra, priced from the catalogue and not from service_info', async () => {
  const c = await customer(h);
  const { m, s } = await haircut(2);
  const wash = m.extra_services[s.id][0];
  const lying = item({ ...s, price: 1, duration: 1 }, [wash]);
  const res = await join(c, { pob_id: 2, items: [lying] });
  assert.is(res.status, 201, JSON.stringify(res.body));
  const o = res.body;
  assert.type(o.id, 'number');
  assert.is(o.status, 'active');
  assert.is(o.in_service, false);
  assert.is(o.customer_at_pob, false);
  assert.is(o.pob_id, 2);
  assert.is(o.pob.name, 'Kallio');
  // Joined from afar without an expected arrival: an idle shop serves him once he is there, a learned trip away,
  // not at once.
  assert.ok(o.quoted_wait! >= 5 && o.quoted_wait! <= 30, `quoted ${o.quoted_wait}`);
  assert.is(o.queue, o.quoted_wait);
  assert.is(o.ahead, 0);
  assert.is(o.services.length, 1);
  assert.is(o.services[0].price, s.price);
  assert.is(o.services[0].extra_services[0].id, wash.id);
  assert.is(o.price, s.price + wash.price);
  assert.is(o.duration, s.duration + wash.duration);
  assert.is(o.barber, null);
  assert.is((await profile(c)).active_order_id, o.id);
  const again = await get(c, o.id);
  assert.is(again.status, 200);
  assert.equal(again.body, o);
});

basics('checks in, then leaves; the profile follows; a new order may follow', async () => {
  const c = await customer(h);
  const id = (await join(c, (await haircut(2)).body)).body.id;
  const checked = await patch(c, id, { customer_at_pob: true });
  assert.is(checked.status, 200);
  assert.is(checked.body.customer_at_pob, true);
  assert.is(checked.body.status, 'active');
  const left = await patch(c, id, { cancel: true });
  assert.is(left.status, 200);
  assert.is(left.body.status, 'cancelled');
  assert.is(left.body.queue, null);
  assert.is((await profile(c)).active_order_id, null);
  assert.is((await patch(c, id, { cancel: true })).body.status, 'cancelled', 'leaving twice is leaving once');
  assert.is((await patch(c, id, { customer_at_pob: true })).status, 409);
  const next = await join(c, (await haircut(2)).body);
  assert.is(next.status, 201);
  assert.is.not(next.body.id, id);
});

basics('a second open order is a 409 and changes nothing', async () => {
  const c = await customer(h);
  assert.is((await join(c, (await haircut(2)).body)).status, 201);
  const second = await join(c, (await haircut(1)).body);
  assert.is(second.status, 409);
  // The literal text, not the shared constant: the client matches on it, so changing it must fail here.
  assert.is(second.body.error, 'Customer already has an active order');
  assert.is(await countOrders(c), 1);
});

basics('bad input is a clear 400 and stores nothing', async () => {
  const c = await customer(h);
  const { m, s } = await haircut(2);
  const other = (await menu(h, 1)).services[0];
  const buzz = m.services.find((x) => x.title === 'Buzz cut')!;
  const beard = m.services.find((x) => x.title === 'Beard trim')!;
  const [e1, e2] = m.extra_services[buzz.id];
  const cases: [string, unknown, string?][] = [
    ['no pob', { items: [item(s)] }, 'pob_id'],
    ['pob not a number', { pob_id: 'x', items: [item(s)] }, 'pob_id'],
    ['no items', { pob_id: 2 }, 'items'],
    ['empty items', { pob_id: 2, items: [] }, 'items'],
    ['amount 2', { pob_id: 2, items: [{ ...item(s), amount: 2 }] }, 'items'],
    ["another shop's service", { pob_id: 2, items: [item(other)] }, 'items'],
    ['the same service twice', { pob_id: 2, items: [item(s), item(s)] }, 'items'],
    ["another service's extra", { pob_id: 2, items: [item(beard, [e1])] }, 'items'],
    ['two extras where one is allowed', { pob_id: 2, items: [item(buzz, [e1, e2])] }, 'items'],
    ['a barber off shift here', { pob_id: 2, barber_id: 1, items: [item(s)] }, 'barber_id'],
    ['not JSON object', [1, 2]],
  ];
  for (const [name, body, field] of cases) {
    const res = await join(c, body);
    assert.is(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
    assert.type(res.body.error, 'string', name);
    if (field) assert.is(res.body.field, field, name);
  }
  const missing = await join(c, { pob_id: 999999, items: [item(s)] });
  assert.is(missing.status, 404);
  const foreign = await call(h, 'POST', `/api/se/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 2, items: [item(s)] } });
  assert.is(foreign.status, 404, 'a Finnish shop is not found through the Swedish API');
  assert.is(await countOrders(c), 0);
});

basics('bad PATCH bodies are 400s; unknown orders 404', async () => {
  const c = await customer(h);
  const id = (await join(c, (await haircut(2)).body)).body.id;
  for (const body of [{}, { customer_at_pob: false }, { cancel: 'yes' }, { cancel: true, customer_at_pob: true }, { status: 'serviced' }]) {
    const res = await patch(c, id, body);
    assert.is(res.status, 400, JSON.stringify(body));
  }
  assert.is((await get(c, id)).body.status, 'active');
  assert.is((await get(c, 99999999)).status, 404);
  assert.is((await get(c, 'abc' as unknown as number)).status, 400);
});

basics('only the owner reads or changes an order', async () => {
  const owner = await customer(h);
  const other = await customer(h);
  const id = (await join(owner, (await haircut(2)).body)).body.id;
  assert.is((await call(h, 'GET', `${orders(owner)}${id}/`)).status, 401, 'no token');
  assert.is((await call(h, 'GET', `${orders(owner)}${id}/`, { token: 'garbage' })).status, 401, 'bad token');
  assert.is((await call(h, 'GET', `${orders(owner)}${id}/`, { token: other.token })).status, 403, "another's path");
  assert.is((await call(h, 'PATCH', `${orders(owner)}${id}/`, { token: other.token, body: { cancel: true } })).status, 403);
  assert.is((await get(other, id)).status, 404, "another's order under one's own path");
  assert.is((await patch(other, id, { cancel: true })).status, 404);
  assert.is((await get(owner, id)).body.status, 'active');
});

const priority = suite('priority order');

priority('a Gold member joining later goes ahead of a non-member, but not of one checked in and due', async () => {
  h.clock.set(helsinki('12:00'));
  const first = await customer(h);
  const second = await customer(h);
  const gold = await customer(h, { membership: 'gold' });
  const a = (await join(first, (await haircut(11)).body)).body;
  assert.is(a.ahead, 0);
  await patch(first, a.id, { customer_at_pob: true });
  h.clock.advance(1);
  const b = (await join(second, (await haircut(11)).body)).body;
  assert.is(b.ahead, 1);
  h.clock.advance(1);
  const g = (await join(gold, (await haircut(11)).body)).body;
  assert.is(g.ahead, 1, 'behind the checked-in customer whose turn is now');
  const pins = await h.db.query<{ id: number; pinned: boolean }>(
    'SELECT id, pinned_at IS NOT NULL AS pinned FROM orders WHERE id = ANY($1::int[]) ORDER BY id',
    [[a.id, b.id, g.id]],
  );
  assert.equal(
    pins.rows.map((r) => r.pinned),
    [true, false, false],
    'the guard was recorded when the member joined',
  );
  assert.is((await get(second, b.id)).body.ahead, 2, 'the non-member moved back');
  assert.ok(g.queue! < (await get(second, b.id)).body.queue!);
  assert.is((await get(first, a.id)).body.ahead, 0);
  await clearShop(11);
});

const timeslot = suite('timeslot');

timeslot('a shop about to close refuses what cannot be served before closing', async () => {
  h.clock.set(helsinki('17:35'));
  const c = await customer(h);
  const m = await menu(h, 11);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const buzz = m.services.find((x) => x.title === 'Buzz cut')!;
  const refused = await join(c, { pob_id: 11, items: [item(cut)] });
  assert.is(refused.status, 409);
  assert.equal(refused.body, { error: 'Could not allocate time slot for order' }); // the app matches this text literally
  assert.is(await countOrders(c), 0);
  assert.is((await join(c, { pob_id: 11, items: [item(buzz)] })).status, 409, 'a short one does not fit a trip of unknown length either');
  const ok = await join(c, { pob_id: 11, items: [item(buzz)], eta_minutes: 0 });
  assert.is(ok.status, 201, 'a short one still fits for someone at the door');
  await clearShop(11);
});

timeslot('a closed shop and a full queue refuse with their own reasons', async () => {
  h.clock.set(helsinki('18:30'));
  const c = await customer(h);
  const closed = await join(c, { pob_id: 11, items: [item((await menu(h, 11)).services[0])] });
  assert.is(closed.status, 409);
  assert.is(closed.body.error, 'The shop is closed');
  h.clock.set(helsinki('12:00'));
  const full = await join(c, { pob_id: 4, items: [item((await menu(h, 4)).services[0])] });
  assert.is(full.status, 409);
  assert.is(full.body.error, 'The queue is full');
  assert.is(await countOrders(c), 0);
});

const barber = suite('barber choice');

barber("a chosen barber's order waits as long as that barber's queue said", async () => {
  h.clock.set(helsinki('12:00'));
  const c = await customer(h);
  const { m, s } = await haircut(1);
  const open = m.queues.filter((q) => q.wait_time !== null).sort((x, y) => y.wait_time! - x.wait_time!);
  assert.ok(open.length >= 2);
  const pick = open[0];
  const res = await join(c, { pob_id: 1, barber_id: pick.barber.id, items: [item(s)] });
  assert.is(res.status, 201, JSON.stringify(res.body));
  assert.is(res.body.barber!.id, pick.barber.id);
  assert.is(res.body.chosen_barber_id, pick.barber.id);
  assert.is(res.body.queue, pick.wait_time);
});

barber(
  "an order's services are named in the reader's language: the customer's and the console's, whatever the order was sold in",
  async () => {
    h.clock.set(helsinki('12:00'));
    const c = await customer(h);
    const { m, s } = await haircut(2, 1);
    const wash = m.extra_services[s.id][0];
    const joined = await call<WireOrder>(h, 'POST', `${orders(c)}?lang=fi`, {
      token: c.token,
      body: { pob_id: 2, items: [item(s, [wash])] },
    });
    assert.is(joined.status, 201, JSON.stringify(joined.body));
    const names = (o: WireOrder) => [o.services[0].title, o.services[0].group_name, o.services[0].extra_services[0].title];
    assert.equal(names(joined.body), ['Hiustenleikkaus', 'Hiustenleikkaukset', 'Hiustenpesu']);
    const id = joined.body.id;
    assert.equal(names((await call<WireOrder>(h, 'GET', `${orders(c)}${id}/?lang=en`, { token: c.token })).body), [
      'Haircut',
      'Haircuts',
      'Hair wash',
    ]);
    assert.equal(names((await call<WireOrder>(h, 'GET', `${orders(c)}${id}/?lang=et`, { token: c.token })).body)[0], 'Juukselõikus');
    // Without a language: the customer's profile language (English here), not the names as sold (Finnish).
    assert.is((await get(c, id)).body.services[0].title, 'Haircut');
    const key = await operatorKey(h, 2);
    const floor = async (q: string) =>
      (await call<WireOperatorQueue>(h, 'GET', `/api/fi/operator/pobs/2/queue/${q}`, { token: key })).body.orders.find((o) => o.id === id)!
        .services;
    assert.equal(await floor('?lang=fi'), ['Hiustenleikkaus', 'Hiustenpesu']);
    assert.equal(await floor('?lang=sv'), ['Klippning', 'Hårtvätt']);
    // The console without a language: the names as sold, which are the names the customer joined under.
    assert.equal(await floor(''), ['Hiustenleikkaus', 'Hiustenpesu']);
    const left = await call<WireOrder>(h, 'PATCH', `${orders(c)}${id}/?lang=fi`, { token: c.token, body: { cancel: true } });
    assert.is(left.body.services[0].title, 'Hiustenleikkaus');
    await clearShop(2);
  },
);

barber.after(async () => {
  await h.close();
});

basics.run();
priority.run();
timeslot.run();
barber.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, relogin } from '../queue-helpers.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';

// Shops of the demo seed used here: 1 Kamppi (busy), 2 Kallio (idle, round the clock), 11 Kauppakatu (one barber, 10–18).
let h: Harness;
const keys: Record<number, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: same default as call's: untyped answers unless a test passes T.
const op = <T = any>(method: string, path: string, shopKey: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: shopKey, body });
const queueOf = async (shopId: number) => (await op<WireOperatorQueue>('GET', `pobs/${shopId}/queue/`, keys[shopId])).body;

async function joinKallio(withExtra = false) {
  const c = await customer(h);
  const m = await menu(h, 2);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const res = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item(s, withExtra ? [m.extra_services[s.id][0]] : [])] },
  });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return { c, order: res.body, service: s, extra: m.extra_services[s.id][0] };
}

/** A barber on shift at the shop now who is serving nobody. */
async function idleBarber(shopId: number): Promise<number> {
  const b = (await queueOf(shopId)).barbers.find((x) => x.on_shift && x.serving === null);
  assert.ok(b, 'an idle barber');
  return b!.id;
}

const auth = suite('operator keys');
auth.before(async () => {
  h = await harness({ seed: seedDemo });
  for (const id of [1, 2, 11]) keys[id] = await operatorKey(h, id);
});

auth("no key, a wrong key and another shop's key are refused", async () => {
  assert.is((await op('GET', 'pobs/1/queue/', undefined)).status, 401);
  assert.is((await op('GET', 'pobs/1/queue/', 'opk_wrong')).status, 401);
  const other = await op('GET', 'pobs/1/queue/', keys[2]);
  assert.is(other.status, 403);
  assert.type(other.body.error, 'string');
  assert.is((await op('GET', 'pobs/999999/queue/', keys[2])).status, 403, 'an unknown shop looks like another shop');
  assert.is((await op('PATCH', 'pobs/1/', keys[2], { full: true })).status, 403);
  assert.is((await op('POST', 'pobs/1/walk-ins/', keys[2], { name: 'X', services: [1] })).status, 403);
  const { order } = await joinKallio();
  for (const action of ['start', 'finish', 'no-show']) {
    assert.is((await op('POST', `orders/${order.id}/${action}/`, keys[1], { barber_id: 1 })).status, 403, action);
    assert.is((await op('POST', `orders/${order.id}/${action}/`, undefined, { barber_id: 1 })).status, 401, action);
  }
  assert.is((await op('POST', 'orders/99999999/start/', keys[1], { barber_id: 1 })).status, 404);
  assert.is((await op('POST', 'orders/99999999/start/', 'nope', { barber_id: 1 })).status, 401, 'no key learns nothing of ids');
  const own = await op<WireOperatorQueue>('GET', 'pobs/1/queue/', keys[1]);
  assert.is(own.status, 200);
  // A new key is added: the old one keeps working (a shop may hold several keys).
  const old = keys[1];
  keys[1] = await operatorKey(h, 1);
  assert.is((await op('GET', 'pobs/1/queue/', old)).status, 200);
  assert.is((await op('GET', 'pobs/1/queue/', keys[1])).status, 200);
});

const floor = suite('the floor');

floor('the queue lists services in progress, then waiting orders in service order with their waits', async () => {
  const q = await queueOf(1);
  assert.is(q.pob.id, 1);
  assert.is(q.pob.queue_state, 'open');
  assert.ok(q.barbers.length >= 2);
  const serving = q.orders.filter((o) => o.status === 'in_service');
  const waiting = q.orders.filter((o) => o.status === 'waiting');
  assert.ok(serving.length >= 1 && waiting.length >= 1, 'the busy shop has both');
  assert.equal(q.orders.slice(0, serving.length), serving);
  waiting.forEach((o, i) => {
    assert.is(o.position, i);
  });
  for (const o of serving) assert.ok(q.barbers.some((b) => b.serving === o.id));
  for (const o of waiting) assert.ok(o.services.length >= 1 && typeof o.wait === 'number');
});

floor('a walk-in joins the queue; bad walk-ins are 400s', async () => {
  const m = await menu(h, 1);
  const before = (await queueOf(1)).orders.length;
  const res = await op('POST', 'pobs/1/walk-ins/', keys[1], { name: 'Pekka V.', services: [m.services[0].id] });
  assert.is(res.status, 201, JSON.stringify(res.body));
  assert.is(res.body.name, 'Pekka V.');
  assert.is(res.body.customer_at_pob, true);
  assert.type(res.body.wait, 'number');
  assert.is((await queueOf(1)).orders.length, before + 1);
  const withExtra = await op('POST', 'pobs/1/walk-ins/', keys[1], {
    name: 'Matti',
    services: [{ service_id: m.services[0].id, extra_services: [m.extra_services[m.services[0].id][0].id] }],
  });
  assert.is(withExtra.status, 201, JSON.stringify(withExtra.body));
  assert.is(withExtra.body.services.length, 2);
  for (const body of [
    { services: [m.services[0].id] },
    { name: 'X' },
    { name: 'X', services: [999999] },
    { name: 'X', services: [m.services[0].id], priority: 7 },
    { name: 'X', services: [m.services[0].id], priority: 2 },
    { name: 'X', services: [m.services[0].id], priority: 0 },
    { name: 'X', services: [m.services[0].id], phone: 'not a phone' },
    { name: 'X', services: [m.services[0].id], phone: 358401234567 },
    { name: 'X', services: [m.services[0].id], barber_id: 999 },
  ]) {
    const bad = await op('POST', 'pobs/1/walk-ins/', keys[1], body);
    assert.is(bad.status, 400, JSON.stringify(body));
  }
  assert.is((await queueOf(1)).orders.length, before + 2);
});

floor('a walk-in that cannot be served before closing is refused with the timeslot error', async () => {
  h.clock.set(helsinki('17:55'));
  const m = await menu(h, 11);
  const res = await op('POST', 'pobs/11/walk-ins/', keys[11], {
    name: 'Late',
    services: [m.services.find((s) => s.title === 'Haircut')!.id],
  });
  assert.is(res.status, 409);
  assert.is(res.body.error, WIRE_ERRORS.timeslot);
  h.clock.set(helsinki('12:00'));
});

floor("a walk-in's phone links the order to the account and its membership; an unknown phone is just no membership", async () => {
  const m = await menu(h, 2);
  const member = await customer(h, { membership: 'gold' });
  const phone = (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [member.id])).rows[0].phone;
  const linked = await op('POST', 'pobs/2/walk-ins/', keys[2], {
    name: 'Kalle Member',
    services: [m.services[0].id],
    phone: `0${phone.slice(4)}`,
  });
  assert.is(linked.status, 201, JSON.stringify(linked.body));
  assert.equal(
    [linked.body.customer, linked.body.phone_linked, linked.body.membership, linked.body.priority, linked.body.source],
    [true, true, 2, 2, 'desk'],
  );
  assert.equal([linked.body.first_name, linked.body.last_initial], ['Kalle', 'M']);
  const profile = await call(h, 'GET', `/api/fi/customers/${member.id}/`, { token: member.token });
  assert.is(profile.body.active_order_id, linked.body.id, "the order is on the customer's account");
  assert.is(
    (await op('POST', 'pobs/2/walk-ins/', keys[2], { name: 'Again', services: [m.services[0].id], phone })).status,
    409,
    'one open order per account',
  );

  const unknown = await op('POST', 'pobs/2/walk-ins/', keys[2], { name: 'Stranger', services: [m.services[0].id], phone: '+358409999871' });
  const anonymous = await op('POST', 'pobs/2/walk-ins/', keys[2], { name: 'Anon', services: [m.services[0].id] });
  assert.is(unknown.status, 201);
  assert.equal([unknown.body.customer, unknown.body.phone_linked, unknown.body.membership, unknown.body.priority], [false, false, null, 0]);
  assert.equal(Object.keys(unknown.body), Object.keys(anonymous.body), 'the answer does not say the phone was unknown');
  for (const id of [linked.body.id, unknown.body.id, anonymous.body.id]) await op('POST', `orders/${id}/no-show/`, keys[2]);
});

floor("each barber shows whom he serves since when, the expected finish, the engine's next order and any break", async () => {
  const q = await queueOf(1);
  const busy = q.barbers.filter((b) => b.serving !== null);
  assert.ok(busy.length > 0);
  for (const b of busy) {
    const o = q.orders.find((x) => x.id === b.serving)!;
    assert.is(b.serving_since, o.started_at);
    assert.is(b.expected_finish, o.expected_end);
  }
  for (const b of q.barbers) {
    const planned = q.orders
      .filter((o) => o.status === 'waiting' && o.barber_id === b.id)
      .sort((x, y) => Date.parse(x.start!) - Date.parse(y.start!));
    assert.is(b.next_order, planned[0]?.id ?? null, `barber ${b.id}`);
    assert.is(b.on_break_until, null);
    if (b.serving === null) assert.equal([b.serving_since, b.expected_finish], [null, null]);
  }
  assert.ok(q.barbers.some((b) => b.next_order !== null));
  for (const o of q.orders) {
    if (!o.customer) assert.equal([o.source, o.membership, o.phone_linked], ['desk', null, false], 'an anonymous walk-in');
    assert.ok(o.first_name.length > 0 && o.name.startsWith(o.first_name));
    assert.ok(o.last_initial === null || o.last_initial.length === 1);
  }
});

const flow = suite('start, finish, no-show');

flow('start and finish: the customer sees the service, then a receipt with VAT; the barber gets a speed sample', async () => {
  const { c, order, service, extra } = await joinKallio(true);
  const barber = await idleBarber(2);
  assert.is((await op('POST', `orders/${order.id}/start/`, keys[2], {})).status, 400, 'barber_id is required');
  const started = await op('POST', `orders/${order.id}/start/`, keys[2], { barber_id: barber });
  assert.is(started.status, 200, JSON.stringify(started.body));
  assert.is(started.body.status, 'in_service');
  const seen = (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token })).body;
  assert.is(seen.status, 'active');
  assert.is(seen.in_service, true);
  assert.is(seen.queue, 0);
  assert.is(seen.barber!.id, barber);
  assert.is((await op('POST', `orders/${order.id}/start/`, keys[2], { barber_id: barber })).status, 409, 'started twice');
  const next = await joinKallio();
  const busy = await op('POST', `orders/${next.order.id}/start/`, keys[2], { barber_id: barber });
  assert.is(busy.status, 409);
  assert.is(busy.body.error, 'Barber is already serving a customer');

  h.clock.advance(33);
  const finished = await op('POST', `orders/${order.id}/finish/`, keys[2]);
  assert.is(finished.status, 200, JSON.stringify(finished.body));
  assert.is(finished.body.status, 'serviced');
  assert.is((await op('POST', `orders/${order.id}/finish/`, keys[2])).status, 409, 'finished twice');
  await relogin(h, c);
  const after = (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token })).body;
  assert.is(after.status, 'serviced');
  assert.is((await call(h, 'GET', `/api/fi/customers/${c.id}/`, { token: c.token })).body.active_order_id, null);

  const receipts = await call(h, 'GET', `/api/fi/customers/${c.id}/receipts/`, { token: c.token });
  assert.is(receipts.status, 200);
  assert.is(receipts.body.length, 1);
  const r = receipts.body[0];
  assert.is(r.pob.name, 'Kallio');
  assert.equal(
    r.rows.map((x: { name: string }) => x.name),
    [service.title, extra.title],
  );
  assert.equal(
    r.rows.map((x: { price: number }) => x.price),
    [service.price, extra.price],
  );
  for (const row of r.rows) {
    assert.is(row.vat, 25.5);
    assert.is(row.vat_amount, Math.round((row.price * 25.5) / 125.5));
  }
  const samples = await h.db.query<{ ratio: number }>('SELECT ratio FROM barber_speed_samples WHERE order_id = $1', [order.id]);
  assert.is(samples.rows.length, 1);
  assert.ok(Math.abs(samples.rows[0].ratio - 33 / order.duration) < 0.01);
  h.clock.set(helsinki('12:00'));
  await op('POST', `orders/${next.order.id}/no-show/`, keys[2]);
});

flow('no-show ends a waiting order; not one in service; bad barbers are refused', async () => {
  const { c, order } = await joinKallio();
  const gone = await op('POST', `orders/${order.id}/no-show/`, keys[2]);
  assert.is(gone.status, 200);
  assert.is(gone.body.status, 'no-show');
  const seen = (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token })).body;
  assert.is(seen.status, 'no-show');
  assert.is((await op('POST', `orders/${order.id}/no-show/`, keys[2])).status, 409);

  const other = await joinKallio();
  assert.is((await op('POST', `orders/${other.order.id}/start/`, keys[2], { barber_id: 1 })).status, 400, 'not on shift here');
  const barber = await idleBarber(2);
  await op('POST', `orders/${other.order.id}/start/`, keys[2], { barber_id: barber });
  assert.is((await op('POST', `orders/${other.order.id}/no-show/`, keys[2])).status, 409, 'in service');
  assert.is((await op('POST', `orders/${other.order.id}/finish/`, keys[2])).status, 200);
  const walkIn = await op('POST', 'pobs/2/walk-ins/', keys[2], { name: 'No receipt', services: [(await menu(h, 2)).services[0].id] });
  await op('POST', `orders/${walkIn.body.id}/start/`, keys[2], { barber_id: barber });
  assert.is((await op('POST', `orders/${walkIn.body.id}/finish/`, keys[2])).status, 200, 'a walk-in finishes without a receipt');
  const receipts = await h.db.query('SELECT 1 FROM receipts WHERE order_id = $1', [walkIn.body.id]);
  assert.is(receipts.rows.length, 0);
});

flow('full closes the online queue but not the door; open reopens it', async () => {
  const bad = await op('PATCH', 'pobs/2/', keys[2], { full: 'yes' });
  assert.is(bad.status, 400);
  const full = await op('PATCH', 'pobs/2/', keys[2], { full: true });
  assert.is(full.status, 200);
  assert.is(full.body.full, true);
  assert.is(full.body.queue_state, 'full');
  const pob = (await call(h, 'GET', '/api/fi/pobs/2/')).body;
  assert.is(pob.queue_state, 'full');
  const c = await customer(h);
  const refused = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item((await menu(h, 2)).services[0])] },
  });
  assert.is(refused.status, 409);
  const walkIn = await op('POST', 'pobs/2/walk-ins/', keys[2], { name: 'At the door', services: [(await menu(h, 2)).services[0].id] });
  assert.is(walkIn.status, 201);
  const open = await op('PATCH', 'pobs/2/', keys[2], { full: false });
  assert.is(open.body.queue_state, 'open');
  assert.is((await call(h, 'GET', '/api/fi/pobs/2/')).body.queue_state, 'open');
});

flow.after(async () => {
  await h.close();
});

auth.run();
floor.run();
flow.run();

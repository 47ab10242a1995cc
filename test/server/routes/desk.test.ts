/**
 * Orders changed at the desk (docs/decisions.md, "Orders changed at the desk"): the console changes a waiting order's
 * services, extras and chosen barber (repriced, planned again, the customer's order follows), refused when it no
 * longer fits before close; it checks in and marks a no-show a whole party in one call and undoes it within
 * DESK_UNDO_SECONDS. Refusals and bad input change nothing; the chain owner's key does none of it. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { issueOwnerPairingCode } from '../../../src/server/operator/devices.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import { call, customer, helsinki, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';

// Shop 11 (Kauppakatu): one barber, 10–18, Helsinki time. The harness day is Tuesday 2026-11-24.
const SHOP = 11;
let h: Harness;
let key: string;
let owner: string;

// biome-ignore lint/suspicious/noExplicitAny: untyped answers, as in the other route tests.
const op = <T = any>(method: string, path: string, k: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: k, body });
const orders = (c: TestCustomer) => `/api/fi/customers/${c.id}/orders/`;
const join = (c: TestCustomer, body: unknown) => call<WireOrder>(h, 'POST', orders(c), { token: c.token, body });
const read = async (c: TestCustomer, id: number) =>
  (await call<WireOrder>(h, 'GET', `${orders(c)}${id}/?lang=en`, { token: c.token })).body;
const rowsOf = async (ids: number[]) =>
  (
    await h.db.query<{ id: number; status: string; price: number; duration: number; at: boolean; barber: number | null; items: number }>(
      `SELECT id, status, price, duration, customer_at_pob AS at, chosen_barber_id AS barber,
         (SELECT count(*)::int FROM order_items i WHERE i.order_id = orders.id) AS items
       FROM orders WHERE id = ANY($1::int[]) ORDER BY id`,
      [ids],
    )
  ).rows;
const clearShop = () =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    SHOP,
  ]);

const test = suite('orders changed at the desk');
test.before(async () => {
  h = await harness({ seed: seedDemo });
  key = await operatorKey(h, SHOP);
  const { code } = await issueOwnerPairingCode(h, h.clock.now());
  const paired = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', payload: { code, name: 'Head office' } });
  owner = paired.json().key;
});
test.after(() => h.close());

test('a desk change of services is repriced and planned again; the customer reads it; refusals change nothing', async () => {
  h.clock.set(helsinki('12:00'));
  await clearShop();
  const m = await menu(h, SHOP);
  const [cut, other] = [m.services[0], m.services.find((s) => s.id !== m.services[0].id && s.duration > 0)!];
  const a = await customer(h);
  const first = (await join(a, { pob_id: SHOP, items: [item(cut)] })).body;
  const b = await customer(h);
  const second = (await join(b, { pob_id: SHOP, items: [item(cut)] })).body;
  const waitBefore = (await read(b, second.id)).queue!;
  const rowBefore = await rowsOf([first.id]);

  // Refused, and nothing changes: the owner's key, bad input, another shop's barber, a service not on the menu.
  const owned = await op('PATCH', `orders/${first.id}/`, owner, { services: [item(cut), item(other)] });
  assert.is(owned.status, 403);
  assert.is(owned.body.error, WIRE_ERRORS.ownerNoFloor);
  const other11 = (await menu(h, 1)).queues[0].barber.id;
  for (const [body, error] of [
    [{}, 'Missing services or barber_id parameter'],
    [{ services: [item(cut)], price: 1 }, 'Unknown field price'],
    [{ services: [] }, 'Invalid services'],
    [{ services: [{ amount: 1, service_id: 999999 }] }, /^Unknown service 999999/],
    [{ barber_id: other11 }, WIRE_ERRORS.barberNotHere],
    [{ barber_id: 'x' }, 'Invalid barber_id'],
  ] as [unknown, string | RegExp][]) {
    const res = await op('PATCH', `orders/${first.id}/`, key, body);
    assert.is(res.status, 400, JSON.stringify([body, res.body]));
    if (typeof error === 'string') assert.is(res.body.error, error);
    else assert.match(res.body.error, error);
  }
  assert.is((await op('PATCH', `orders/${first.id}/`, undefined, { services: [item(cut)] })).status, 401);
  assert.is((await op('PATCH', 'orders/99999999/', key, { services: [item(cut)] })).status, 404);
  assert.equal(await rowsOf([first.id]), rowBefore, 'nothing changed');

  // Two services now: his price and minutes are both, the one behind him waits longer, his order reads it.
  const changed = await op('PATCH', `orders/${first.id}/`, key, { services: [item(cut), item(other)] });
  assert.is(changed.status, 200, JSON.stringify(changed.body));
  assert.is(changed.body.id, first.id);
  assert.is(changed.body.duration, cut.duration + other.duration);
  const mine = await read(a, first.id);
  assert.is(mine.price, cut.price + other.price);
  assert.equal(
    mine.services.map((s) => s.id),
    [cut.id, other.id],
  );
  // Planned again at once: the one behind him waits for the added service (at the barber's speed, with its window).
  const waitAfter = (await read(b, second.id)).queue!;
  assert.ok(waitAfter >= waitBefore + other.duration / 2, `the one behind him waits longer (${waitBefore} → ${waitAfter} min)`);
  // His chosen barber: the shop's own barber, then anyone again.
  const barber = m.queues[0].barber.id;
  const chose = await op('PATCH', `orders/${first.id}/`, key, { barber_id: barber });
  assert.is(chose.status, 200, JSON.stringify(chose.body));
  assert.is(chose.body.chosen_barber_id, barber);
  assert.is((await read(a, first.id)).barber?.id ?? barber, barber);
  assert.is((await op('PATCH', `orders/${first.id}/`, key, { barber_id: null })).body.chosen_barber_id, null);

  // In the chair: no longer the desk's to change.
  assert.is((await op('POST', `orders/${first.id}/start/`, key, { barber_id: barber })).status, 200);
  const late = await op('PATCH', `orders/${first.id}/`, key, { services: [item(cut)] });
  assert.is(late.status, 409);
  assert.is(late.body.error, 'Order is not waiting');
  await clearShop();
});

test("the floor read names each order's services and extras by id, as the change takes them, and follows a change", async () => {
  h.clock.set(helsinki('12:00'));
  await clearShop();
  const m = await menu(h, SHOP);
  const withExtras = m.services.find((s) => (m.extra_services[String(s.id)]?.length ?? 0) > 0)!;
  const extra = m.extra_services[String(withExtras.id)][0];
  const plain = m.services.find((s) => s.id !== withExtras.id)!;
  const a = await customer(h);
  const placed = (await join(a, { pob_id: SHOP, items: [item(withExtras, [extra]), item(plain)] })).body;
  type Item = { service_id: number; title: string; extra_services: number[] };
  const floorItems = async () => {
    const floor = await op('GET', `pobs/${SHOP}/queue/?lang=en`, key);
    assert.is(floor.status, 200);
    const order = floor.body.orders.find((o: { id: number }) => o.id === placed.id);
    // Each item names its service as sold, as the order's names do (the dialog shows one no longer on the menu).
    for (const i of order.items as Item[]) assert.ok(order.services.includes(i.title), `${i.title} in ${order.services}`);
    return (order.items as Item[]).map(({ title: _, ...ids }) => ids);
  };
  // Beside the names (service, its extra, the next service), the same in ids: the dialog ticks what he has.
  assert.equal(await floorItems(), [
    { service_id: withExtras.id, extra_services: [extra.id] },
    { service_id: plain.id, extra_services: [] },
  ]);
  // Sent back as they are, the desk's change keeps his order as it was; one item taken off, the read follows.
  const same = await op('PATCH', `orders/${placed.id}/`, key, { services: await floorItems() });
  assert.is(same.status, 200, JSON.stringify(same.body));
  assert.equal(
    (same.body.items as Item[]).map(({ title: _, ...ids }) => ids),
    [
      { service_id: withExtras.id, extra_services: [extra.id] },
      { service_id: plain.id, extra_services: [] },
    ],
  );
  const less = await op('PATCH', `orders/${placed.id}/`, key, { services: [{ amount: 1, service_id: withExtras.id, extra_services: [] }] });
  assert.is(less.status, 200, JSON.stringify(less.body));
  assert.equal(await floorItems(), [{ service_id: withExtras.id, extra_services: [] }]);
  await clearShop();
});

test('a change that no longer fits before close is refused with a clear error and changes nothing', async () => {
  h.clock.set(helsinki('17:15'));
  await clearShop();
  const m = await menu(h, SHOP);
  const short = [...m.services].sort((x, y) => x.duration - y.duration)[0];
  const longest = [...m.services].sort((x, y) => y.duration - x.duration).slice(0, 3);
  const c = await customer(h);
  const o = await join(c, { pob_id: SHOP, items: [item(short)], eta_minutes: 0 });
  assert.is(o.status, 201, JSON.stringify(o.body));
  const before = await rowsOf([o.body.id]);
  const res = await op('PATCH', `orders/${o.body.id}/`, key, { services: longest.map((x) => item(x)) });
  assert.is(res.status, 409, JSON.stringify(res.body));
  assert.is(res.body.error, 'This change no longer fits before close');
  assert.equal(await rowsOf([o.body.id]), before, 'nothing changed');
  h.clock.set(helsinki('12:00'));
  await clearShop();
});

test('a whole party checked in and marked a no-show in one call, each undone within 2 minutes', async () => {
  h.clock.set(helsinki('12:00'));
  await clearShop();
  const m = await menu(h, SHOP);
  const cut = m.services[0];
  const c = await customer(h);
  const o = (
    await join(c, {
      pob_id: SHOP,
      items: [item(cut)],
      companions: [
        { name: 'Son', items: [item(cut)] },
        { name: 'Daughter', items: [item(cut)] },
      ],
    })
  ).body;
  const { rows } = await h.db.query<{ id: number }>('SELECT id FROM orders WHERE id = $1 OR party_of = $1 ORDER BY person', [o.id]);
  const people = rows.map((r) => r.id);
  assert.is(people.length, 3);
  const son = people[1];

  assert.is((await op('POST', `orders/${son}/party/check-in/`, owner)).status, 403, "the owner's key checks nobody in");
  assert.is((await op('POST', `orders/${o.id}/party/undo/`, key)).body.error, 'Nothing to undo');
  // One call from any person's row: all three checked in; the customer's tracking says so.
  const ci = await op('POST', `orders/${son}/party/check-in/`, key);
  assert.is(ci.status, 200, JSON.stringify(ci.body));
  assert.is(ci.body.order_id, o.id);
  assert.equal(
    ci.body.people.map((p: { customer_at_pob: boolean }) => p.customer_at_pob),
    [true, true, true],
  );
  assert.is(ci.body.undo_until, new Date(helsinki('12:00') + 120_000).toISOString());
  assert.is((await read(c, o.id)).customer_at_pob, true);
  // Undone: nobody checked in again.
  h.clock.set(helsinki('12:01'));
  const undone = await op('POST', `orders/${o.id}/party/undo/`, key);
  assert.is(undone.status, 200, JSON.stringify(undone.body));
  assert.is(undone.body.undo_until, null);
  assert.equal(
    (await rowsOf(people)).map((r) => [r.status, r.at]),
    [
      ['active', false],
      ['active', false],
      ['active', false],
    ],
  );
  assert.is((await op('POST', `orders/${o.id}/party/undo/`, key)).body.error, 'Nothing to undo', 'undone once');

  // A no-show of all three; the customer's order ends; undone, all three wait again.
  const ns = await op('POST', `orders/${o.id}/party/no-show/`, key);
  assert.is(ns.status, 200, JSON.stringify(ns.body));
  assert.equal(
    ns.body.people.map((p: { status: string }) => p.status),
    ['no-show', 'no-show', 'no-show'],
  );
  assert.is((await read(c, o.id)).status, 'no-show');
  h.clock.set(helsinki('12:02') + 30_000);
  const back = await op('POST', `orders/${o.id}/party/undo/`, key);
  assert.is(back.status, 200, JSON.stringify(back.body));
  assert.equal(
    (await rowsOf(people)).map((r) => r.status),
    ['active', 'active', 'active'],
  );
  assert.is((await read(c, o.id)).status, 'active');

  // Past 2 minutes: too late, and nothing changes.
  assert.is((await op('POST', `orders/${o.id}/party/check-in/`, key)).status, 200);
  h.clock.set(helsinki('12:05'));
  const tooLate = await op('POST', `orders/${o.id}/party/undo/`, key);
  assert.is(tooLate.status, 409);
  assert.is(tooLate.body.error, 'Too late to undo');
  assert.equal(
    (await rowsOf(people)).map((r) => r.at),
    [true, true, true],
  );
  await clearShop();
});

test.run();

/**
 * Parties (docs/decisions.md, "Parties and stepping out"): a customer joins with companions, each an order of his
 * own linked to the customer's; the answer carries `party`; one check-in checks in everyone; leaving takes everyone,
 * `person` takes one companion off; the console shows party_of/person/party_size; the receipt lists each person's
 * rows; the figures count people. Every refused join stores nothing.
 * Demo seed on the harness day (Tuesday 2026-11-24): shop 2 Kallio never closes and has 4 chairs, shop 11 has one
 * chair and is open 10–18, shop 1 is in another mall.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';

const SHOP = 2;

let h: Harness;
const party = suite('parties');
party.before(async () => {
  h = await harness({ seed: seedDemo });
});
party.after(() => h.close());

const orders = (c: TestCustomer) => `/api/fi/customers/${c.id}/orders/`;
const join = (c: TestCustomer, body: unknown) => call<WireOrder>(h, 'POST', orders(c), { token: c.token, body });
const get = (c: TestCustomer, id: number) => call<WireOrder>(h, 'GET', `${orders(c)}${id}/`, { token: c.token });
const patch = (c: TestCustomer, id: number, body: unknown) => call<WireOrder>(h, 'PATCH', `${orders(c)}${id}/`, { token: c.token, body });
const allOrders = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0].n;
const clearShop = (shopId: number) =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    shopId,
  ]);

async function haircut(shopId = SHOP) {
  const m = await menu(h, shopId);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const buzz = m.services.find((x) => x.title === 'Buzz cut')!;
  return { m, cut, buzz };
}

/** A party of three at Kallio: the customer with a haircut, 'Son' with a buzz cut and 'Daughter' with a haircut. */
async function partyOfThree(c: TestCustomer) {
  const { cut, buzz } = await haircut();
  const res = await join(c, {
    pob_id: SHOP,
    items: [item(cut)],
    companions: [
      { name: ' Son ', items: [item(buzz)] },
      { name: 'Daughter', items: [item(cut)], barber_id: null },
    ],
  });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

async function refused(body: Record<string, unknown>, status: number, error: string | RegExp) {
  const c = await customer(h);
  const before = await allOrders();
  const res = await join(c, body);
  assert.is(res.status, status, JSON.stringify(res.body));
  if (typeof error === 'string') assert.is(res.body.error, error);
  else assert.match(res.body.error!, error);
  assert.is(await allOrders(), before, `nothing stored for ${JSON.stringify(body).slice(0, 200)}`);
}

party('bad companions are a 400 and store nothing', async () => {
  const { cut } = await haircut();
  const base = { pob_id: SHOP, items: [item(cut)] };
  const one = (name: unknown) => ({ name, items: [item(cut)] });
  await refused(
    { ...base, companions: [1, 2, 3, 4, 5].map((i) => one(`P${i}`)) },
    400,
    'Too many companions: at most 5 people in one order',
  );
  await refused({ ...base, companions: [{ items: [item(cut)] }] }, 400, 'Missing companions[0].name parameter');
  await refused({ ...base, companions: [one('   ')] }, 400, 'Missing companions[0].name parameter');
  await refused({ ...base, companions: [one('x'.repeat(31))] }, 400, 'Invalid companions[0].name');
  await refused({ ...base, companions: [one('Son\u0007')] }, 400, 'Invalid companions[0].name');
  await refused({ ...base, companions: [one('Son'), { name: 'Dad' }] }, 400, 'Missing companions[1].items parameter');
  await refused({ ...base, companions: [{ name: 'Son', items: [] }] }, 400, 'Invalid companions[0].items');
  await refused({ ...base, companions: [{ name: 'Son', items: [{ amount: 1, service_id: 999999 }] }] }, 400, /^Unknown service 999999/);
  const other = await menu(h, 1);
  await refused({ ...base, companions: [{ ...one('Son'), barber_id: other.queues[0].barber.id }] }, 400, WIRE_ERRORS.barberNotHere);
  await refused({ ...base, companions: [{ ...one('Son'), age: 7 }] }, 400, 'Unknown field companions[0].age');
  await refused({ ...base, companions: 'Son' }, 400, 'Invalid companions');
  await refused({ ...base, party: 3 }, 400, 'Unknown field party');
  // Thirty characters after trimming are fine.
  const c = await customer(h);
  const ok = await join(c, { ...base, companions: [one(` ${'y'.repeat(30)} `)] });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.party![1].name, 'y'.repeat(30));
  await patch(c, ok.body.id, { cancel: true });
});

party('a party that does not fit before closing is the timeslot 409 and stores nothing', async () => {
  h.clock.set(helsinki('17:15'));
  const { buzz } = await haircut(11);
  const body = { pob_id: 11, items: [item(buzz)], eta_minutes: 0 };
  const c = await customer(h);
  const before = await allOrders();
  const alone = await join(c, body);
  assert.is(alone.status, 201, 'he alone fits');
  await patch(c, alone.body.id, { cancel: true });
  const after = await allOrders();
  assert.is(after, before + 1);
  const d = await customer(h);
  const three = await join(d, { ...body, companions: [1, 2, 3].map((i) => ({ name: `Kid ${i}`, items: [item(buzz)] })) });
  assert.is(three.status, 409, JSON.stringify(three.body));
  assert.is(three.body.error, WIRE_ERRORS.timeslot);
  assert.is(await allOrders(), after, 'nothing stored');
  h.clock.set(helsinki('12:00'));
  await clearShop(11);
});

party('a party of three joins: one order answered with everyone in party, numbered 0, 1, 2', async () => {
  const c = await customer(h, { membership: 'gold' });
  const o = await partyOfThree(c);
  assert.ok(o.party, 'party');
  assert.equal(
    o.party!.map((p) => [p.person, p.name, p.status, p.in_service]),
    [
      [0, 'Test', 'active', false],
      [1, 'Son', 'active', false],
      [2, 'Daughter', 'active', false],
    ],
  );
  const { cut, buzz } = await haircut();
  assert.is(o.party![1].services[0].id, buzz.id);
  assert.is(o.party![1].price, buzz.price);
  assert.is(o.party![2].duration, cut.duration);
  assert.equal(
    o.services.map((s) => s.id),
    [cut.id],
    "the order's own services are the customer's",
  );
  for (const p of o.party!) assert.type(p.queue, 'number');
  assert.type(o.party_done, 'number');
  assert.ok(o.party_done! >= o.queue!, 'the last is done after the first starts');
  assert.ok(o.party_done_low! <= o.party_done! && o.party_done! <= o.party_done_high!);
  assert.is(o.stepped_out_until, null);
  assert.is(o.step_outs_left, 1);
  const { rows } = await h.db.query<{
    customer_id: number | null;
    priority: number;
    person: number;
    party_of: number | null;
    joined_at: number;
  }>('SELECT customer_id, priority, person, party_of, joined_at FROM orders WHERE id = $1 OR party_of = $1 ORDER BY person', [o.id]);
  assert.equal(
    rows.map((r) => [r.customer_id, r.priority, r.person, r.party_of]),
    [
      [c.id, 2, 0, null],
      [null, 0, 1, o.id],
      [null, 0, 2, o.id],
    ],
    "the member's priority is his alone",
  );
  assert.is(new Set(rows.map((r) => Number(r.joined_at))).size, 1, 'joined together');
  // The GET answers the same party, and so does a solo order (one entry).
  const read = (await get(c, o.id)).body;
  assert.equal(read.party, o.party);
  const solo = await customer(h);
  const { cut: c2 } = await haircut();
  const alone = (await join(solo, { pob_id: SHOP, items: [item(c2)] })).body;
  assert.is(alone.party!.length, 1);
  assert.is(alone.party![0].person, 0);
  await patch(solo, alone.id, { cancel: true });
  // One join against JOIN_LIMIT_CUSTOMER.
  const { rows: n } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [c.id]);
  assert.is(n[0].n, 1);
  await patch(c, o.id, { cancel: true });
});

const op = async (method: string, path: string, body?: unknown) =>
  call(h, method, `/api/fi/operator/${path}`, { token: await operatorKey(h, SHOP), body });
const floor = async () => (await op('GET', `pobs/${SHOP}/queue/`)).body as WireOperatorQueue;

party('one check-in checks in everyone; leaving takes everyone', async () => {
  const c = await customer(h);
  const o = await partyOfThree(c);
  const ci = await patch(c, o.id, { customer_at_pob: true });
  assert.is(ci.status, 200, JSON.stringify(ci.body));
  const { rows } = await h.db.query<{ checked: boolean }>('SELECT customer_at_pob AS checked FROM orders WHERE id = $1 OR party_of = $1', [
    o.id,
  ]);
  assert.equal(
    rows.map((r) => r.checked),
    [true, true, true],
  );
  const left = await patch(c, o.id, { cancel: true });
  assert.is(left.status, 200);
  assert.equal(
    left.body.party!.map((p) => p.status),
    ['cancelled', 'cancelled', 'cancelled'],
  );
  assert.is(left.body.party_done, null);
  assert.is((await patch(c, o.id, { cancel: true })).status, 200, 'leaving twice is leaving once');
});

party('taking one companion off: he stays in party as cancelled, the others keep waiting', async () => {
  const c = await customer(h);
  const o = await partyOfThree(c);
  assert.is((await patch(c, o.id, { person: 1 })).status, 400, 'person with cancel only');
  assert.is((await patch(c, o.id, { cancel: true, person: 0 })).status, 400);
  const unknown = await patch(c, o.id, { cancel: true, person: 3 });
  assert.is(unknown.status, 400);
  assert.is(unknown.body.error, 'Invalid person');
  const off = await patch(c, o.id, { cancel: true, person: 1 });
  assert.is(off.status, 200, JSON.stringify(off.body));
  assert.equal(
    off.body.party!.map((p) => [p.person, p.name, p.status]),
    [
      [0, 'Test', 'active'],
      [1, 'Son', 'cancelled'],
      [2, 'Daughter', 'active'],
    ],
  );
  assert.is(off.body.party![1].queue, null);
  assert.is(off.body.status, 'active');
  // The console: the customer's row with party_size 2, Daughter's with party_of and person.
  const q = await floor();
  const mine = q.orders.filter((x) => x.id === o.id || x.party_of === o.id);
  assert.equal(
    mine.map((x) => [x.id === o.id, x.party_of, x.person, x.party_size]),
    [
      [true, null, 0, 2],
      [false, o.id, 2, 2],
    ],
  );
  assert.is(mine[1].name, 'Daughter');
  assert.equal([mine[0].stepped_out_until, mine[0].no_show_from], [null, null]);
  await patch(c, o.id, { cancel: true });
});

party("each person is started and finished on his barber; one receipt lists each person's rows; the figures count people", async () => {
  await clearShop(SHOP);
  const statsBefore = (await op('GET', `pobs/${SHOP}/stats/`)).body.today;
  const c = await customer(h);
  const o = await partyOfThree(c);
  await patch(c, o.id, { customer_at_pob: true });
  assert.is((await patch(c, o.id, { cancel: true, person: 2 })).status, 200);
  const q = await floor();
  // Kallio has one barber on shift at noon: one after another.
  const barber = q.barbers.find((b) => b.on_shift && b.serving === null)!.id;
  const rows = q.orders.filter((x) => x.id === o.id || x.party_of === o.id);
  assert.is(rows.length, 2);
  const started = await op('POST', `orders/${rows[0].id}/start/`, { barber_id: barber });
  assert.is(started.status, 200, JSON.stringify(started.body));
  const during = (await get(c, o.id)).body;
  assert.equal(
    during.party!.map((p) => [p.in_service, p.status]),
    [
      [true, 'active'],
      [false, 'active'],
      [false, 'cancelled'],
    ],
  );
  assert.ok(during.party_done! >= during.party![1].queue!, 'the last is done after the son starts');
  assert.is((await op('POST', `orders/${rows[0].id}/finish/`)).status, 200);
  let receipts = (await call(h, 'GET', `/api/fi/customers/${c.id}/receipts/`, { token: c.token })).body;
  assert.is((receipts.items ?? receipts).length, 0, 'no receipt while the son still waits');
  assert.is((await op('POST', `orders/${rows[1].id}/start/`, { barber_id: barber })).status, 200);
  assert.is((await patch(c, o.id, { cancel: true, person: 1 })).status, 409, 'not while he is in the chair');
  assert.is((await op('POST', `orders/${rows[1].id}/finish/`)).status, 200);
  receipts = (await call(h, 'GET', `/api/fi/customers/${c.id}/receipts/?lang=en`, { token: c.token })).body;
  const list = receipts.items ?? receipts;
  assert.is(list.length, 1, 'one receipt for the party');
  const r = list[0];
  assert.is(r.order_id, o.id);
  assert.equal(
    r.rows.map((x: { name: string; person: number; person_name: string | null }) => [x.person, x.person_name]),
    [
      [0, null],
      [1, 'Son'],
    ],
  );
  const { cut, buzz } = await haircut();
  assert.is(r.total, cut.price + buzz.price);
  const stats = (await op('GET', `pobs/${SHOP}/stats/`)).body.today;
  assert.is(stats.served - statsBefore.served, 2, 'two people served');
});

party('a party moves to another shop together: every person placed there with his services by key, all ended here', async () => {
  const c = await customer(h);
  const o = await partyOfThree(c);
  const res = await call(h, 'POST', `${orders(c)}${o.id}/move/`, { token: c.token, body: { pob_id: 11 } });
  assert.is(res.status, 201, JSON.stringify(res.body));
  const moved = res.body as WireOrder;
  assert.is(moved.pob_id, 11);
  assert.equal(
    moved.party!.map((p) => [p.person, p.name, p.status, p.services.map((x) => x.title)]),
    [
      [0, o.party![0].name, 'active', ['Haircut']],
      [1, 'Son', 'active', ['Buzz cut']],
      [2, 'Daughter', 'active', ['Haircut']],
    ],
  );
  const there = await h.db.query<{ shop_id: number; party_of: number | null }>('SELECT shop_id, party_of FROM orders WHERE party_of = $1', [
    moved.id,
  ]);
  assert.equal(
    there.rows.map((r) => r.shop_id),
    [11, 11],
    'the companions wait at the other shop',
  );
  assert.equal(
    (await get(c, o.id)).body.party!.map((p) => p.status),
    ['cancelled', 'cancelled', 'cancelled'],
    'nobody is left waiting here',
  );
  await patch(c, moved.id, { cancel: true });
});

party('a party waits as a family: a member who joins after it waits behind its last person, until one of it is a no-show', async () => {
  await clearShop(SHOP);
  const c = await customer(h);
  const o = await partyOfThree(c);
  assert.is((await patch(c, o.id, { customer_at_pob: true })).status, 200);
  const { cut } = await haircut();
  const p = await customer(h, { membership: 'platinum' });
  const late = await join(p, { pob_id: SHOP, items: [item(cut)], eta_minutes: 0 });
  assert.is(late.status, 201, JSON.stringify(late.body));
  await patch(p, late.body.id, { customer_at_pob: true });
  // Kallio has one barber at noon: the party's three people are served before the Platinum member who came later.
  const q = await floor();
  const ids = q.orders.map((x) => x.id);
  const people = q.orders.filter((x) => x.id === o.id || x.party_of === o.id).map((x) => x.id);
  assert.is(people.length, 3);
  for (const id of people) assert.ok(ids.indexOf(id) < ids.indexOf(late.body.id), `#${id} before the member: ${ids}`);
  const family = (await get(c, o.id)).body;
  const mine = (await get(p, late.body.id)).body;
  assert.ok(Math.max(...family.party!.map((x) => x.queue!)) <= mine.queue!, 'his wait is after the last of the party starts');
  // Daughter marked a no-show: the party no longer holds its place as one, the member goes ahead of the son.
  assert.is((await op('POST', `orders/${people[2]}/no-show/`)).status, 200);
  const son = (await get(c, o.id)).body.party![1];
  const now = (await get(p, late.body.id)).body;
  assert.ok(now.queue! < son.queue!, `the member (${now.queue} min) before the son (${son.queue} min)`);
  await patch(c, o.id, { cancel: true });
  await patch(p, late.body.id, { cancel: true });
});

party.run();

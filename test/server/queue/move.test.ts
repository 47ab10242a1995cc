/**
 * Moving a waiting order to another shop of the chain (POST /customers/{id}/orders/{orderId}/move/): the same
 * services by catalogue key, the old order cancelled, all in one transaction; every refusal changes nothing.
 * Also the catalogue keys of the seed, the moves in the shop's figures and the offer's settings in config.json.
 * Demo seed on the harness day (Tuesday 2026-11-24): shop 2 Kallio never closes and has 4 chairs (with the
 * 'Colour & care' group), shop 11 has 1 chair (without it) and is open 10–18, shop 1 is a mall shop (10–21),
 * shop 12 is Estonian.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, relogin, type TestCustomer } from '../queue-helpers.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';

const FROM = 2;
const TO = 11;

let h: Harness;
const move = suite('moving an order to another shop');
move.before(async () => {
  h = await harness({ seed: seedDemo });
});
move.after(() => h.close());

type Menu = Awaited<ReturnType<typeof menu>>;
const service = (m: Menu, title: string) => m.services.find((s) => s.title === title)!;
const extra = (m: Menu, serviceId: number, title: string) => m.extra_services[String(serviceId)].find((e) => e.title === title)!;

/** A customer in Kallio's queue with a haircut (hair wash and styling wax), grey blending, and a chosen barber. */
async function joined(c?: TestCustomer, opts: { care?: boolean } = {}) {
  const who = c ?? (await customer(h, { membership: 'gold' }));
  const m = await menu(h, FROM);
  const cut = service(m, 'Haircut');
  const items = [item(cut, [extra(m, cut.id, 'Hair wash'), extra(m, cut.id, 'Styling wax')])];
  if (opts.care !== false) items.push(item(service(m, 'Grey blending')));
  const barber = m.queues[0].barber.id;
  const res = await call(h, 'POST', `/api/fi/customers/${who.id}/orders/`, {
    token: who.token,
    body: { pob_id: FROM, barber_id: barber, items },
  });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return { c: who, order: res.body as { id: number; quoted_wait: number | null } };
}

const moveUrl = (c: TestCustomer, orderId: number) => `/api/fi/customers/${c.id}/orders/${orderId}/move/`;

/** Everything a refused move must leave as it was: the customer's orders with their quotes, and every order's count. */
async function ordersOf(c: TestCustomer) {
  const { rows } = await h.db.query(
    `SELECT id, shop_id, status, quoted_wait, quoted_low, quoted_high, moved_from FROM orders WHERE customer_id = $1 ORDER BY id`,
    [c.id],
  );
  const { rows: all } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  return { rows, total: all[0].n };
}

async function refused(c: TestCustomer, orderId: number, body: unknown, status: number, error: string) {
  const before = await ordersOf(c);
  const res = await call(h, 'POST', moveUrl(c, orderId), { token: c.token, body });
  assert.is(res.status, status, JSON.stringify(res.body));
  assert.is(res.body.error, error);
  assert.equal(await ordersOf(c), before, `nothing changed by ${JSON.stringify(body)}`);
}

move('catalogue keys: every seeded service and extra has one, and a key names the same service in every shop', async () => {
  const { rows } = await h.db.query<{ kind: string; key: string | null; titles: string[]; shops: number }>(
    `SELECT 's' AS kind, catalogue_key AS key, array_agg(DISTINCT title) AS titles, count(DISTINCT shop_id)::int AS shops
       FROM services GROUP BY catalogue_key
     UNION ALL
     SELECT 'e', e.catalogue_key, array_agg(DISTINCT e.title), count(DISTINCT s.shop_id)::int
       FROM extra_services e JOIN services s ON s.id = e.service_id GROUP BY e.catalogue_key`,
  );
  assert.ok(rows.length > 10);
  for (const r of rows) {
    assert.ok(r.key, `every ${r.kind === 's' ? 'service' : 'extra'} has a key (${r.titles})`);
    assert.is(r.titles.length, 1, `${r.key} names one thing: ${r.titles}`);
  }
  const haircut = rows.find((r) => r.key === 'haircut')!;
  const { rows: shops } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops');
  assert.is(haircut.shops, shops[0].n, 'every shop has the haircut under one key');
  // The shop detail carries them on every service and extra.
  for (const id of [FROM, TO]) {
    const detail = (await call(h, 'GET', `/api/fi/pobs/${id}/?lang=en`)).body;
    for (const s of detail.services) assert.type(s.catalogue_key, 'string');
    for (const list of Object.values(detail.extra_services) as { catalogue_key: unknown }[][])
      for (const e of list) assert.type(e.catalogue_key, 'string');
    assert.is(detail.services.find((s: { title: string }) => s.title === 'Skin fade').catalogue_key, 'skin-fade');
  }
});

move('config.json carries the offer’s settings, at their defaults', async () => {
  const res = await call(h, 'GET', '/config.json');
  assert.equal(res.body.nearby, { radiusMeters: 5000, gainMinutes: 15, holdSeconds: 30, marginMinutes: 5 });
});

move('a move: 201 with the order at the other shop, services and extras mapped by key, the missing one dropped', async () => {
  const { c, order } = await joined();
  const res = await call(h, 'POST', moveUrl(c, order.id), { token: c.token, body: { pob_id: TO, eta_minutes: 20 } });
  assert.is(res.status, 201, JSON.stringify(res.body));
  const moved = res.body;
  assert.is(moved.pob_id, TO);
  assert.is(moved.status, 'active');
  assert.is(moved.chosen_barber_id, null, 'barbers belong to a shop: anyone there');
  assert.ok(moved.expected_at, 'the arrival he gave');
  assert.type(moved.quoted_wait, 'number');
  const there = await menu(h, TO);
  const cut = service(there, 'Haircut');
  assert.equal(
    moved.services.map((s: { id: number; extra_services: { id: number }[] }) => [s.id, s.extra_services.map((e) => e.id)]),
    [[cut.id, [extra(there, cut.id, 'Hair wash').id, extra(there, cut.id, 'Styling wax').id]]],
    'the haircut with its extras; grey blending is not offered there',
  );
  const { rows } = await h.db.query<{ moved_from: number; priority: number; quoted_low: number | null }>(
    'SELECT moved_from, priority, quoted_low FROM orders WHERE id = $1',
    [moved.id],
  );
  assert.equal(rows[0].moved_from, order.id);
  assert.is(rows[0].priority, 2, 'his Gold membership');
  assert.type(rows[0].quoted_low, 'number', 'the window told, as at a join');
  const old = await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token });
  assert.is(old.body.status, 'cancelled');
  const now = await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${moved.id}/`, { token: c.token });
  assert.is(now.status, 200);
  assert.is(now.body.pob_id, TO);
  // Sent again (its answer lost): the order it made, not a second move.
  const again = await call(h, 'POST', moveUrl(c, order.id), { token: c.token, body: { pob_id: TO, eta_minutes: 20 } });
  assert.is(again.status, 201);
  assert.is(again.body.id, moved.id);

  // The shops' figures count it.
  const from = (await call(h, 'GET', `/api/fi/operator/pobs/${FROM}/stats/`, { token: await operatorKey(h, FROM) })).body;
  const to = (await call(h, 'GET', `/api/fi/operator/pobs/${TO}/stats/`, { token: await operatorKey(h, TO) })).body;
  assert.equal([from.today.moved_out, from.week.moved_out, from.today.moved_in], [1, 1, 0]);
  assert.equal([to.today.moved_in, to.week.moved_in, to.today.moved_out], [1, 1, 0]);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${moved.id}/`, { token: c.token, body: { cancel: true } });
});

move('guarded like the other order routes: 401 without a token, 403 on another customer’s id, 404 for his order', async () => {
  const { c, order } = await joined();
  const other = await customer(h);
  assert.is((await call(h, 'POST', moveUrl(c, order.id), { body: { pob_id: TO } })).status, 401);
  const forbidden = await call(h, 'POST', moveUrl(c, order.id), { token: other.token, body: { pob_id: TO } });
  assert.is(forbidden.status, 403);
  await refused(other, order.id, { pob_id: TO }, 404, WIRE_ERRORS.orderNotFound);
  assert.equal(
    (await ordersOf(c)).rows.map((r) => r.status),
    ['active'],
  );
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token, body: { cancel: true } });
});

move('bad bodies are 400 with nothing changed', async () => {
  const { c, order } = await joined();
  await refused(c, order.id, {}, 400, 'Missing pob_id parameter');
  await refused(c, order.id, { pob_id: TO, barber_id: 3 }, 400, 'Unknown field barber_id');
  await refused(c, order.id, { pob_id: TO, eta_minutes: 181 }, 400, WIRE_ERRORS.invalidEta);
  await refused(c, order.id, { pob_id: TO, eta_minutes: -1 }, 400, WIRE_ERRORS.invalidEta);
  await refused(c, order.id, { pob_id: 'x' }, 400, 'Invalid pob_id');
  await refused(c, order.id, { pob_id: FROM }, 400, WIRE_ERRORS.moveToSameShop);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token, body: { cancel: true } });
});

move('an unknown shop, another country’s, a full one, one with nothing of the order: 404 or 409, nothing changed', async () => {
  const { c, order } = await joined();
  await refused(c, order.id, { pob_id: 999_999 }, 404, WIRE_ERRORS.shopNotFound);
  await refused(c, order.id, { pob_id: 12 }, 404, WIRE_ERRORS.shopNotFound);
  const key = await operatorKey(h, TO);
  assert.is((await call(h, 'PATCH', `/api/fi/operator/pobs/${TO}/`, { token: key, body: { full: true } })).status, 200);
  await refused(c, order.id, { pob_id: TO }, 409, WIRE_ERRORS.queueFull);
  await call(h, 'PATCH', `/api/fi/operator/pobs/${TO}/`, { token: key, body: { full: false } });
  await h.db.query("UPDATE services SET catalogue_key = 'elsewhere-' || id WHERE shop_id = $1", [TO]);
  await refused(c, order.id, { pob_id: TO }, 409, WIRE_ERRORS.nothingToMove);
  await h.db.query(
    `UPDATE services t SET catalogue_key = f.catalogue_key FROM services f
     WHERE t.shop_id = $1 AND f.shop_id = $2 AND f.title = t.title`,
    [TO, FROM],
  );
  // Checked in: he is at the shop, the order stays.
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token, body: { customer_at_pob: true } });
  await refused(c, order.id, { pob_id: TO }, 409, WIRE_ERRORS.moveAfterCheckIn);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${order.id}/`, { token: c.token, body: { cancel: true } });
  await refused(c, order.id, { pob_id: TO }, 409, WIRE_ERRORS.orderNotActive);
});

move('a closed shop, and one that would not serve him before closing: 409, nothing changed', async () => {
  const c = await customer(h);
  h.clock.set(helsinki('22:00'));
  await relogin(h, c);
  const late = await joined(c, { care: false });
  await refused(c, late.order.id, { pob_id: 1 }, 409, WIRE_ERRORS.shopClosed);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${late.order.id}/`, { token: c.token, body: { cancel: true } });
  h.clock.set(helsinki('17:50'));
  await relogin(h, c);
  const closing = await joined(c, { care: false });
  await refused(c, closing.order.id, { pob_id: TO }, 409, WIRE_ERRORS.timeslot);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${closing.order.id}/`, { token: c.token, body: { cancel: true } });
  h.clock.set(helsinki('12:00'));
});

move('atomic: when placing at the other shop fails, the old order is still active with its quote, and no new order', async () => {
  const { c, order } = await joined();
  await h.db.exec(`
    CREATE FUNCTION refuse_moves() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
    CREATE TRIGGER refuse_moves BEFORE INSERT ON orders FOR EACH ROW WHEN (NEW.shop_id = ${TO}) EXECUTE FUNCTION refuse_moves();
  `);
  try {
    const before = await ordersOf(c);
    const res = await call(h, 'POST', moveUrl(c, order.id), { token: c.token, body: { pob_id: TO } });
    assert.is(res.status, 500);
    assert.equal(await ordersOf(c), before, 'the cancel of the first half is undone');
    assert.equal(
      before.rows.map((r) => r.status),
      ['active'],
    );
  } finally {
    await h.db.exec('DROP TRIGGER refuse_moves ON orders; DROP FUNCTION refuse_moves();');
  }
  // And with the failure gone, the same move goes through.
  const res = await call(h, 'POST', moveUrl(c, order.id), { token: c.token, body: { pob_id: TO } });
  assert.is(res.status, 201, JSON.stringify(res.body));
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${res.body.id}/`, { token: c.token, body: { cancel: true } });
});

move('a move counts as a join: past JOIN_LIMIT_CUSTOMER in the hour it is a 429, nothing changed', async () => {
  const c = await customer(h);
  // Five joins of the hour already made and left (the join limit counts the orders themselves).
  await h.db.query(
    `INSERT INTO orders (shop_id, customer_id, status, duration, joined_at)
     SELECT $2, $1, 'cancelled', 30, $3::timestamptz - make_interval(mins => g) FROM generate_series(1, 5) AS g`,
    [c.id, FROM, new Date(h.clock.now()).toISOString()],
  );
  const { order } = await joined(c);
  const before = await ordersOf(c);
  const res = await call(h, 'POST', moveUrl(c, order.id), { token: c.token, body: { pob_id: TO } });
  assert.is(res.status, 429, JSON.stringify(res.body));
  assert.equal(await ordersOf(c), before);
});

move.run();

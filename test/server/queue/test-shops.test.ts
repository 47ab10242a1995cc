/**
 * Test shops and hidden barbers take no orders outside development mode. `?dev=1` may list them
 * (the stored flag is a development switch), but a join or a walk-in there is a 404; in development
 * mode both are taken.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, type menu, operatorKey } from '../queue-helpers.ts';

// Demo seed: shop 25 is the FI test shop (open 07–23), shop 2 Kallio is open round the clock.
const TEST_SHOP = 25;

async function haircut(h: Harness, shopId: number) {
  // ?dev=1: a test shop's page is listed only when asked for.
  const m = (await call<Awaited<ReturnType<typeof menu>>>(h, 'GET', `/api/fi/pobs/${shopId}/?dev=1&lang=en`)).body;
  return { s: m.services.find((x) => x.title === 'Haircut')! };
}

/** A barber on shift at Kallio, made hidden. */
async function hiddenBarber(h: Harness): Promise<number> {
  const { rows } = await h.db.query<{ id: number }>(
    `SELECT barber_id AS id FROM shifts WHERE shop_id = 2 AND starts_at <= $1 AND ends_at > $1 ORDER BY barber_id LIMIT 1`,
    [new Date(h.clock.now()).toISOString()],
  );
  await h.db.query('UPDATE barbers SET hidden = true WHERE id = $1', [rows[0].id]);
  return rows[0].id;
}

async function attempts(h: Harness) {
  const test = await haircut(h, TEST_SHOP);
  const c = await customer(h);
  const atTest = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: TEST_SHOP, items: [item(test.s)] },
  });
  const key = await operatorKey(h, TEST_SHOP);
  const walkIn = await call(h, 'POST', `/api/fi/operator/pobs/${TEST_SHOP}/walk-ins/`, {
    token: key,
    body: { name: 'Walk In', services: [test.s.id] },
  });
  const hidden = await hiddenBarber(h);
  const kallio = await haircut(h, 2);
  const d = await customer(h);
  const withHidden = await call(h, 'POST', `/api/fi/customers/${d.id}/orders/`, {
    token: d.token,
    body: { pob_id: 2, barber_id: hidden, items: [item(kallio.s)] },
  });
  const kallioKey = await operatorKey(h, 2);
  const walkInHidden = await call(h, 'POST', '/api/fi/operator/pobs/2/walk-ins/', {
    token: kallioKey,
    body: { name: 'Walk In', services: [kallio.s.id], barber_id: hidden },
  });
  return { atTest, walkIn, withHidden, walkInHidden };
}

const production = suite('without DEVELOPMENT');
let h: Harness;
production.before(async () => {
  h = await harness({ seed: seedDemo });
});
production.after(() => h.close());

production('?dev=1 still lists the test shop, but an order, a walk-in or a hidden barber there is a 404', async () => {
  const listed = (await call<{ id: number }[]>(h, 'GET', '/api/fi/pobs/?dev=1')).body;
  assert.ok(
    listed.some((p) => p.id === TEST_SHOP),
    'listed with ?dev=1',
  );
  const { atTest, walkIn, withHidden, walkInHidden } = await attempts(h);
  assert.is(atTest.status, 404, JSON.stringify(atTest.body));
  assert.equal(atTest.body, { error: 'Shop not found' });
  assert.is(walkIn.status, 404, JSON.stringify(walkIn.body));
  assert.is(withHidden.status, 404, JSON.stringify(withHidden.body));
  assert.equal(withHidden.body, { error: 'Barber not found' });
  assert.is(walkInHidden.status, 404, JSON.stringify(walkInHidden.body));
  const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND joined_at >= $2`, [
    TEST_SHOP,
    new Date(h.clock.now()).toISOString(),
  ]);
  assert.is(rows[0].n, 0, 'nothing stored');
});

production.run();

const development = suite('with DEVELOPMENT');
let d: Harness;
development.before(async () => {
  d = await harness({ seed: seedDemo, config: { development: true } });
});
development.after(() => d.close());

development('test shops and hidden barbers take orders and walk-ins', async () => {
  const { atTest, walkIn, withHidden, walkInHidden } = await attempts(d);
  assert.is(atTest.status, 201, JSON.stringify(atTest.body));
  assert.is(walkIn.status, 201, JSON.stringify(walkIn.body));
  assert.is(withHidden.status, 201, JSON.stringify(withHidden.body));
  assert.is(walkInHidden.status, 201, JSON.stringify(walkInHidden.body));
});

development.run();

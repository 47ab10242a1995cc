import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, type TestCustomer } from '../queue-helpers.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';

// On PostgreSQL these race for real: joins to one shop serialize on its row lock, joins of one customer to
// different shops meet at the unique index. On PGlite (one connection) they queue.
let h: Harness;

const join = (c: TestCustomer, body: unknown) => call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body });
const openOrders = async (where: string, params: unknown[]) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status IN ('active', 'in_service') AND ${where}`, params))
    .rows[0].n;

const race = suite('concurrent joins');
race.before(async () => {
  h = await harness({ seed: seedDemo });
});

race('20 parallel joins by one customer make exactly one order', async () => {
  const c = await customer(h);
  const s = (await menu(h, 2)).services[0];
  const answers = await Promise.all(Array.from({ length: 20 }, () => join(c, { pob_id: 2, items: [item(s)] })));
  const made = answers.filter((a) => a.status === 201);
  assert.is(made.length, 1, JSON.stringify(answers.map((a) => a.status)));
  for (const a of answers.filter((x) => x.status !== 201)) {
    assert.is(a.status, 409);
    assert.is(a.body.error, WIRE_ERRORS.oneOpenOrder);
  }
  assert.is(await openOrders('customer_id = $1', [c.id]), 1);
});

race('parallel joins by one customer to different shops make exactly one order (the unique index)', async () => {
  const c = await customer(h);
  const shops = [1, 2, 3, 5, 6, 7, 8, 9];
  const bodies = await Promise.all(
    shops.map(async (id) => ({ pob_id: id, items: [item((await menu(h, id)).services.find((x) => x.title === 'Buzz cut')!)] })),
  );
  const answers = await Promise.all(bodies.map((b) => join(c, b)));
  assert.is(answers.filter((a) => a.status === 201).length, 1, JSON.stringify(answers.map((a) => [a.status, a.body.error])));
  for (const a of answers.filter((x) => x.status !== 201)) assert.equal([a.status, a.body.error], [409, WIRE_ERRORS.oneOpenOrder]);
  assert.is(await openOrders('customer_id = $1', [c.id]), 1);
});

race(
  '30 customers joining a one-barber shop at once: accepted or refused with the timeslot error, none lost, none overbooked',
  async () => {
    // 15:00 at a shop that closes at 18:00 with one barber: room for a few haircuts, not thirty.
    h.clock.set(helsinki('15:00'));
    const customers = await Promise.all(Array.from({ length: 30 }, () => customer(h)));
    const s = (await menu(h, 11)).services.find((x) => x.title === 'Haircut')!;
    const before = await openOrders('shop_id = $1', [11]);
    const answers = await Promise.all(customers.map((c) => join(c, { pob_id: 11, items: [item(s)] })));
    const accepted = answers.filter((a) => a.status === 201);
    for (const a of answers) {
      assert.ok(a.status === 201 || (a.status === 409 && a.body.error === WIRE_ERRORS.timeslot), `${a.status} ${JSON.stringify(a.body)}`);
    }
    assert.ok(accepted.length >= 3 && accepted.length < 30, `accepted ${accepted.length}`);
    assert.is(await openOrders('shop_id = $1', [11]), before + accepted.length, 'every accepted order is stored, no refused one is');
    // No overbooking: every accepted order still has a start today on the queue as it now is.
    const quoted = accepted.map((a) => a.body.quoted_wait!).sort((x, y) => x - y);
    assert.is(new Set(quoted).size, quoted.length, 'each got its own slot');
    for (const a of accepted) {
      const c = customers.find((x) => x.id === a.body.customer_id)!;
      const now = (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${a.body.id}/`, { token: c.token })).body;
      assert.type(now.queue, 'number', `order ${a.body.id} can still be served today`);
      // Nobody joined ahead of anyone (all of priority 0); the quote of someone on his way averages his likely
      // arrivals, the plan takes the expected one, so the two differ by minutes only.
      assert.ok(Math.abs(now.queue! - a.body.quoted_wait!) <= 10, `order ${a.body.id}: planned ${now.queue}, quoted ${a.body.quoted_wait}`);
    }
  },
);

race.after(async () => {
  await h.close();
});

race.run();

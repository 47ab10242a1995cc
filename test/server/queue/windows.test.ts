/**
 * The likely window beside every wait on the wire: wait_low / wait_high beside each wait_time (a shop's
 * estimates and its barbers' queues, the operator's floor), queue_low / queue_high beside an order's queue, and
 * the window told at join kept as quoted_low / quoted_high (with the engine's spread) for the learning.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { historyRow } from '../../../src/server/queue/learned-figures.ts';
import { pastOrders } from '../../../src/server/repos/learned.ts';
import { call, customer, item, menu, operatorKey } from '../queue-helpers.ts';

let h: Harness;
const windows = suite('windows on the wire');
windows.before(async () => {
  h = await harness({ seed: seedDemo });
});
windows.after(() => h.close());

const holds = (w: number | null, low: number | null | undefined, high: number | null | undefined) =>
  w === null
    ? low === null && high === null
    : typeof low === 'number' && typeof high === 'number' && Number.isInteger(low) && 0 <= low && low <= w && w <= high;

windows('a shop: every estimate and every barber queue carries its window around the wait', async () => {
  const detail = (await call(h, 'GET', '/api/fi/pobs/1/')).body;
  assert.is(detail.queue_state, 'open');
  assert.is(detail.service_time_estimates.length, 4);
  for (const e of detail.service_time_estimates) assert.ok(holds(e.wait_time, e.wait_low, e.wait_high), JSON.stringify(e));
  assert.ok(detail.queues.length > 0);
  for (const q of detail.queues) assert.ok(holds(q.wait_time, q.wait_low, q.wait_high), JSON.stringify(q));
  // Someone at the back of a line waits on more services than the next one up: the window is not a point.
  assert.ok(
    detail.service_time_estimates.some((e: { wait_low: number; wait_high: number }) => e.wait_high > e.wait_low),
    JSON.stringify(detail.service_time_estimates),
  );
  const list = (await call(h, 'GET', '/api/fi/pobs/')).body as {
    id: number;
    service_time_estimates: { wait_time: number | null; wait_low: number | null; wait_high: number | null }[];
  }[];
  const one = list.find((p) => p.id === 1)!;
  assert.equal(one.service_time_estimates, detail.service_time_estimates);
});

windows('a join: the order carries its window now and the one it was told, kept for the learning', async () => {
  const c = await customer(h);
  const s = (await menu(h, 1)).services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 1, items: [item(s)], eta_minutes: 20 },
  });
  assert.is(joined.status, 201);
  const o = joined.body;
  assert.ok(holds(o.queue, o.queue_low, o.queue_high), JSON.stringify(o));
  assert.ok(holds(o.quoted_wait, o.quoted_low, o.quoted_high), JSON.stringify(o));
  const read = (await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${o.id}/`, { token: c.token })).body;
  assert.is(read.quoted_low, o.quoted_low);
  assert.is(read.quoted_high, o.quoted_high);
  assert.ok(holds(read.queue, read.queue_low, read.queue_high), JSON.stringify(read));
  const row = (
    await h.db.query<{ low: number; high: number; spread: number }>(
      'SELECT quoted_low AS low, quoted_high AS high, quoted_spread AS spread FROM orders WHERE id = $1',
      [o.id],
    )
  ).rows[0];
  assert.equal([row.low, row.high], [o.quoted_low, o.quoted_high]);
  assert.ok(row.spread > 0, `spread ${row.spread}`);
  // Served: the learning reads what was told beside what happened.
  const now = h.clock.now();
  await h.db.query("UPDATE orders SET status = 'serviced', barber_id = 1, started_at = $2, finished_at = $3 WHERE id = $1", [
    o.id,
    new Date(now + 60_000).toISOString(),
    new Date(now + 1_860_000).toISOString(),
  ]);
  const past = (await pastOrders(h.db, now - 60_000, now + 60_000))
    .map(historyRow)
    .find((r) => r.joinedAt === now && r.quotedWait === o.quoted_wait);
  assert.ok(past, 'history row of the order');
  assert.equal([past?.barberId, past?.chosenBarberId, past?.quotedLow, past?.quotedHigh], [1, null, o.quoted_low, o.quoted_high]);
  assert.ok((past?.quotedSpread ?? 0) > 0);
});

windows('an order from before the window keeps null', async () => {
  const c = await customer(h);
  const s = (await menu(h, 2)).services[0];
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 2, items: [item(s)] } });
  assert.is(joined.status, 201);
  await h.db.query('UPDATE orders SET quoted_low = NULL, quoted_high = NULL, quoted_spread = NULL WHERE id = $1', [joined.body.id]);
  const read = (await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${joined.body.id}/`, { token: c.token })).body;
  assert.is(read.quoted_low, null);
  assert.is(read.quoted_high, null);
  assert.ok(typeof read.quoted_wait === 'number');
});

windows("the operator's floor: each barber's wait_time with its window", async () => {
  const key = await operatorKey(h, 1);
  const res = await h.app.inject({ method: 'GET', url: '/api/fi/operator/pobs/1/queue/', headers: { authorization: `Bearer ${key}` } });
  assert.is(res.statusCode, 200);
  for (const b of res.json().barbers) assert.ok(holds(b.wait_time, b.wait_low, b.wait_high), JSON.stringify(b));
});

windows.run();

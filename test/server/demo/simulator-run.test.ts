import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { rng } from '../../../src/server/demo/random.ts';
import { simState, simulator } from '../../../src/server/demo/simulator-run.ts';
import { call, customer, helsinki, item, menu } from '../queue-helpers.ts';
import type { WirePob } from '../../../src/shared/wire.ts';

// The runner on the demo chain with the harness clock: nothing runs by itself, the test ticks.
let h: Harness;

const count = async (sql: string) => (await h.db.query<{ n: number }>(sql)).rows[0].n;

const run = suite('simulator on the demo chain');
run.before(async () => {
  h = await harness({ seed: seedDemo });
  h.clock.set(helsinki('12:00'));
});

run('two simulated hours: services start and finish, walk-ins come, the waits move, the rules hold', async () => {
  const sim = simulator(h.deps, { rng: rng(2026) });
  const waits0 = (await call<WirePob[]>(h, 'GET', '/api/fi/pobs/')).body.map((p) => p.service_time_estimates[0].wait_time);
  const seenTypes = new Set<string>();
  let applied = 0;
  for (let i = 0; i < 120; i++) {
    const out = await sim.tick();
    for (const a of out.actions) seenTypes.add(a.type);
    applied += out.applied;
    h.clock.advance(1);
  }
  await sim.stop();
  for (const t of ['finish', 'start', 'walk-in']) assert.ok(seenTypes.has(t), `some ${t}`);
  assert.ok(applied > 50, `applied ${applied}`);
  assert.ok((await count(`SELECT count(*)::int AS n FROM orders WHERE status = 'serviced'`)) > 20);
  assert.ok(
    (await count(`SELECT count(*)::int AS n FROM orders WHERE walk_in_name IS NOT NULL AND joined_at > '2026-11-24T10:00:00Z'`)) > 10,
    'walk-ins arrived',
  );
  assert.ok((await count('SELECT count(*)::int AS n FROM barber_speed_samples')) > 20, 'speed samples were learned from');
  // Never two services at once for a barber, never a start outside the barber's shift at that shop.
  const outside = await count(`SELECT count(*)::int AS n FROM orders o WHERE o.started_at > '2026-11-24T10:00:00Z' AND NOT EXISTS (
      SELECT 1 FROM shifts s WHERE s.barber_id = o.barber_id AND s.shop_id = o.shop_id AND s.starts_at <= o.started_at AND s.ends_at > o.started_at)`);
  assert.is(outside, 0);
  // Customers from afar: they travel and check in, and some said when they would be there (that
  // nobody is started before he is in the shop is the pure step's test: here a check-in and a start share a tick).
  const travelled =
    await count(`SELECT count(*)::int AS n FROM orders WHERE customer_id IS NULL AND source = 'app' AND joined_at > '2026-11-24T10:00:00Z'
      AND customer_at_pob AND checked_in_at >= joined_at + interval '3 minutes'`);
  assert.ok(travelled > 3, `travelled and checked in: ${travelled}`);
  assert.ok(
    (await count(`SELECT count(*)::int AS n FROM orders WHERE expected_at IS NOT NULL AND joined_at > '2026-11-24T10:00:00Z'`)) > 0,
    'some gave an arrival',
  );
  const waits1 = (await call<WirePob[]>(h, 'GET', '/api/fi/pobs/')).body.map((p) => p.service_time_estimates[0].wait_time);
  assert.not.equal(waits1, waits0, 'the waits moved');
});

run('an app customer is served in turn, or loses the place when they never check in', async () => {
  const sim = simulator(h.deps, { rng: rng(7) });
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE shop_id = 11 AND status IN ('active', 'in_service')`);
  const s = (await menu(h, 11)).services.find((x) => x.title === 'Buzz cut')!;
  const here = await customer(h);
  const away = await customer(h);
  const a = (await call(h, 'POST', `/api/fi/customers/${here.id}/orders/`, { token: here.token, body: { pob_id: 11, items: [item(s)] } }))
    .body;
  await call(h, 'PATCH', `/api/fi/customers/${here.id}/orders/${a.id}/`, { token: here.token, body: { customer_at_pob: true } });
  const b = (await call(h, 'POST', `/api/fi/customers/${away.id}/orders/`, { token: away.token, body: { pob_id: 11, items: [item(s)] } }))
    .body;
  const status = async (id: number) =>
    (await h.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id])).rows[0].status;
  await sim.tick();
  assert.is(await status(a.id), 'in_service', 'checked in and first: started at once');
  for (let i = 0; i < 60 && (await status(b.id)) === 'active'; i++) {
    h.clock.advance(1);
    await sim.tick();
  }
  assert.is(await status(a.id), 'serviced');
  assert.is(await status(b.id), 'no-show', 'never checked in');
  const receipts = await count(`SELECT count(*)::int AS n FROM receipts WHERE order_id = ${a.id}`);
  assert.is(receipts, 1, 'the served customer got a receipt');
  await sim.stop();
});

run('the shop left to the console is never played: nothing starts, finishes or walks in there', async () => {
  const snapshot = () => h.db.query('SELECT id, status, started_at, finished_at FROM orders WHERE shop_id = 2 ORDER BY id');
  const before = (await snapshot()).rows;
  const sim = simulator(h.deps, { rng: rng(11), skipShops: [2] });
  let applied = 0;
  for (let i = 0; i < 60; i++) {
    applied += (await sim.tick()).applied;
    h.clock.advance(1);
  }
  await sim.stop();
  assert.ok(applied > 10, 'the other shops were played');
  assert.equal((await snapshot()).rows, before);
  const ids = (skip: number[]) => simState(h.deps, h.clock.now(), new Map(), skip).then((shops) => shops.map((x) => x.id));
  assert.ok((await ids([])).includes(2));
  assert.not.ok((await ids([2])).includes(2), 'the simulator does not see it at all');
});

run.after(async () => {
  await h.close();
});

run.run();

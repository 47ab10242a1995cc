/**
 * What the shops learn as the server keeps it: figures recomputed from the shops' history at most once
 * an hour per shop, a shop below 200 samples on the chain's figures, and the snapshot loader handing them, the
 * orders' sources and expected arrivals, and serving barbers to the engine.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { HISTORY_DAYS, HISTORY_PER_DAY } from '../../../src/server/seed/history.ts';
import { learnFigures } from '../../../src/server/queue/engine/learn.ts';
import { historyRow, localHourOfWeek, refreshLearned } from '../../../src/server/queue/learned-figures.ts';
import { queueOf } from '../../../src/server/queue/order-read.ts';
import { pastOrders } from '../../../src/server/repos/learned.ts';
import { getShop } from '../../../src/server/repos/shops.ts';
import { DEFAULT_TRIP_MINUTES } from '../../../src/shared/travel.ts';
import { MIN_MODEL_SAMPLES } from '../../../src/server/queue/engine/window-learn.ts';
import { FEATURE_COUNT, isModel } from '../../../src/server/queue/engine/window-model.ts';
import { call, customer, helsinki, item, menu } from '../queue-helpers.ts';

const HOUR = 3_600_000;
let h: Harness;
const computedAt = async () =>
  new Map(
    (await h.db.query<{ id: number; at: number }>('SELECT shop_id AS id, computed_at AS at FROM learned_figures')).rows.map((r) => [
      r.id,
      Number(r.at),
    ]),
  );

const learning = suite('learned figures');
learning.before(async () => {
  h = await harness({ seed: seedDemo });
});
learning.after(() => h.close());

learning('the hour of the week is local: Monday 0:00 is 0, Tuesday noon in Helsinki 36', () => {
  assert.is(localHourOfWeek(Date.parse('2026-11-23T00:30:00+02:00'), 'Europe/Helsinki').hourOfWeek, 0);
  assert.is(localHourOfWeek(helsinki('12:00'), 'Europe/Helsinki').hourOfWeek, 36);
  assert.is(localHourOfWeek(Date.parse('2026-11-29T23:59:00+02:00'), 'Europe/Helsinki').hourOfWeek, 167);
});

learning('the demo seeds a small history and every shop its figures: below 200 samples a shop has the chain’s', async () => {
  const rows = (await pastOrders(h.db, h.clock.now() - 30 * 24 * HOUR, h.clock.now())).map(historyRow);
  const shops = (
    await h.db.query<{ n: number }>('SELECT count(DISTINCT shop_id)::int AS n FROM orders WHERE walk_in_name = $1', ['Past customer'])
  ).rows[0].n;
  assert.is(rows.length, shops * HISTORY_DAYS * HISTORY_PER_DAY);
  const chain = learnFigures(rows);
  const stored = (
    await h.db.query<{ figures: { trip: { q: number[] }; runOver: { q: number[] } }; samples: number }>(
      'SELECT figures, samples FROM learned_figures WHERE shop_id = 1',
    )
  ).rows[0];
  assert.ok(stored.samples < 200 && stored.samples > 0);
  // The chain's trips have fewer than 200 samples too (the remote joiners without an arrival): the constants.
  assert.equal(stored.figures.trip.q, chain.trip.n >= 200 ? chain.trip.q : [...DEFAULT_TRIP_MINUTES]);
  assert.ok(chain.runOver.n >= 200);
  assert.equal(stored.figures.runOver.q, chain.runOver.q, 'run-over: the chain’s');
  assert.is((await computedAt()).size, (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops')).rows[0].n);
});

learning('recomputed at most once an hour per shop, and with the days that pass', async () => {
  const before = await computedAt();
  assert.equal(await refreshLearned(h.db, h.clock.now() + 30 * 60_000), [], 'not within the hour');
  const again = await refreshLearned(h.db, h.clock.now() + HOUR + 1);
  assert.is(again.length, before.size, 'every shop after an hour');
  const after = await computedAt();
  for (const [id, at] of after) assert.ok(at > before.get(id)!, `shop ${id}`);
});

learning('the loader hands the engine the learned figures, the sources, the expected arrivals and serving barbers', async () => {
  const c = await customer(h);
  const s = (await menu(h, 1)).services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 1, items: [item(s)], eta_minutes: 15 },
  });
  assert.is(joined.status, 201);
  const q = await queueOf(h.db, (await getShop(h.db, 1))!, h.clock.now());
  const l = q.snapshot.learned!;
  assert.ok(l, 'learned figures');
  assert.is(l.trip.length, 20);
  assert.is(l.joinRate.length, 4);
  const mine = q.snapshot.orders.find((o) => o.id === joined.body.id)!;
  assert.is(mine.source, 'app');
  assert.is(mine.expectedAt, h.clock.now() + 15 * 60_000);
  assert.ok(
    q.snapshot.orders.some((o) => o.source === 'desk'),
    'the seeded walk-ins are desk orders',
  );
  assert.ok(
    q.snapshot.barbers.some((b) => b.serving === true),
    'a barber mid-service is serving',
  );
});

learning('a join keeps what the window’s model read; with enough such customers the chain’s model tells every shop’s windows', async () => {
  const c = await customer(h);
  const s = (await menu(h, 2)).services.find((x) => x.title === 'Haircut')!;
  const first = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 2, items: [item(s)] } });
  assert.is(first.status, 201);
  const kept = (
    await h.db.query<{ x: number[] | null; wait: number }>('SELECT quoted_features AS x, quoted_wait AS wait FROM orders WHERE id = $1', [
      first.body.id,
    ])
  ).rows[0];
  assert.ok(kept.x, 'features kept');
  assert.is(kept.x!.length, FEATURE_COUNT);
  assert.is(kept.x![0], kept.wait, 'the first feature is the wait told');
  const before = (await queueOf(h.db, (await getShop(h.db, 2))!, h.clock.now())).snapshot.learned;
  assert.not.ok(before?.model, 'the demo history keeps no features: no model yet');
  // Served customers of the past days, every one served 5 minutes after the wait he was told.
  const n = MIN_MODEL_SAMPLES + 100;
  await h.db.query(
    `INSERT INTO orders (shop_id, walk_in_name, status, duration, joined_at, started_at, finished_at, quoted_wait, source, checked_in_at,
       customer_at_pob, quoted_features)
     SELECT 1 + i % 3, 'Model M.', 'serviced', 30, j, j + ((i % 40) + 5) * interval '1 minute', j + ((i % 40) + 35) * interval '1 minute', i % 40,
       'desk', j, true, array_fill((i % 40)::real, ARRAY[$3::int])
     FROM generate_series(1, $1::int) AS i, LATERAL (SELECT $2::timestamptz - (i % 20 + 1) * interval '1 day' - (i % 7) * interval '1 hour' AS j) AS t`,
    [n, new Date(h.clock.now()).toISOString(), FEATURE_COUNT],
  );
  // (The test above recomputed with the clock an hour ahead.)
  await refreshLearned(h.db, h.clock.now() + 2 * HOUR, { force: true });
  const stored = (await h.db.query<{ figures: { model?: unknown } }>('SELECT figures FROM learned_figures WHERE shop_id = 2')).rows[0];
  assert.ok(isModel(stored.figures.model), 'shop 2 has none of these customers yet carries the chain’s model');
  const q = await queueOf(h.db, (await getShop(h.db, 2))!, h.clock.now());
  assert.ok(q.snapshot.learned?.model, 'the loader hands the model to the engine');
  const c2 = await customer(h);
  const next = await call(h, 'POST', `/api/fi/customers/${c2.id}/orders/`, { token: c2.token, body: { pob_id: 2, items: [item(s)] } });
  assert.is(next.status, 201);
  const told = (
    await h.db.query<{ wait: number; low: number; high: number }>(
      'SELECT quoted_wait AS wait, quoted_low AS low, quoted_high AS high FROM orders WHERE id = $1',
      [next.body.id],
    )
  ).rows[0];
  assert.equal([told.low, told.high], [told.wait, told.wait + 5], 'the window the model learned: served 5 minutes after the wait told');
});

learning.run();

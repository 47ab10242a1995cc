/**
 * The shop's figures: GET /operator/pobs/{id}/stats/ for today and the last 7 days in the shop's zone,
 * checked against a week whose orders the test wrote itself, so every number is known.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, operatorKey } from '../queue-helpers.ts';
import { accuracy } from '../../../src/server/queue/engine/accuracy.ts';

// Kauppakatu (shop 11, Finland: UTC+2 in November). The harness's now is Tuesday 2026-11-24 12:00 local.
const SHOP = 11;
let h: Harness;
let key: string;
const at = (local: string) => new Date(Date.parse(`${local}:00+02:00`)).toISOString();

interface Row {
  source: 'app' | 'desk';
  status: string;
  joined: string;
  started?: string;
  quote: number | null;
  checkedIn?: string;
  /** The window told at join, when one was. */
  window?: [number, number];
}

// Today: six orders. Yesterday late evening, the first minute of the week's first day, and one just before it.
const ROWS: Row[] = [
  {
    source: 'desk',
    status: 'serviced',
    joined: '2026-11-24T09:00',
    started: '2026-11-24T09:15',
    quote: 10,
    checkedIn: '2026-11-24T09:00',
    window: [5, 20],
  }, // 15 vs 10: within; in [5, 20]
  {
    source: 'app',
    status: 'serviced',
    joined: '2026-11-24T10:00',
    started: '2026-11-24T10:45',
    quote: 20,
    checkedIn: '2026-11-24T10:30',
    window: [15, 35],
  }, // 45 vs 20: longer; past [15, 35]
  {
    source: 'app',
    status: 'in_service',
    joined: '2026-11-24T11:00',
    started: '2026-11-24T11:05',
    quote: 30,
    checkedIn: '2026-11-24T11:04',
    window: [20, 45],
  }, // 5 vs 30: sooner; before [20, 45]
  { source: 'app', status: 'no-show', joined: '2026-11-24T11:30', quote: 15 },
  { source: 'desk', status: 'active', joined: '2026-11-24T11:50', quote: 12, checkedIn: '2026-11-24T11:50' },
  {
    source: 'desk',
    status: 'serviced',
    joined: '2026-11-24T10:30',
    started: '2026-11-24T10:50',
    quote: null,
    checkedIn: '2026-11-24T10:30',
  }, // no quote
  {
    source: 'app',
    status: 'serviced',
    joined: '2026-11-23T23:30',
    started: '2026-11-23T23:40',
    quote: 10,
    checkedIn: '2026-11-23T23:35',
    window: [8, 18],
  }, // week: 10 vs 10; in [8, 18]
  { source: 'desk', status: 'no-show', joined: '2026-11-18T00:30', quote: 5, checkedIn: '2026-11-18T00:30' }, // week's first day
  { source: 'app', status: 'serviced', joined: '2026-11-17T23:50', started: '2026-11-18T00:20', quote: 10 }, // the day before: not counted
];

const stats = suite('the shop’s figures');
stats.before(async () => {
  h = await harness({ seed: seedDemo });
  key = await operatorKey(h, SHOP);
  await h.db.query('DELETE FROM orders WHERE shop_id = $1', [SHOP]);
  for (const r of ROWS) {
    await h.db.query(
      `INSERT INTO orders (shop_id, walk_in_name, status, duration, joined_at, started_at, finished_at, quoted_wait, source, checked_in_at, customer_at_pob,
         quoted_low, quoted_high)
       VALUES ($1, 'Test T.', $2, 30, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        SHOP,
        r.status,
        at(r.joined),
        r.started ? at(r.started) : null,
        r.status === 'serviced' ? at(r.started!) : null,
        r.quote,
        r.source,
        r.checkedIn ? at(r.checkedIn) : null,
        Boolean(r.checkedIn),
        r.window?.[0] ?? null,
        r.window?.[1] ?? null,
      ],
    );
  }
});
stats.after(() => h.close());

stats('today and the last 7 days, with the honesty figures of accuracy.ts', async () => {
  const res = await call(h, 'GET', `/api/fi/operator/pobs/${SHOP}/stats/`, { token: key });
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.today, {
    served: 3,
    waiting: 1,
    no_shows: 1,
    walk_ins: 3,
    remote_joins: 3,
    mean_wait_minutes: 21.3, // (15 + 45 + 5 + 20) / 4
    mean_quoted_minutes: 20, // (10 + 20 + 30) / 3: the order without a quote is not an outcome
    mean_actual_minutes: 21.7, // (15 + 45 + 5) / 3
    within_10_share: 0.333,
    waited_longer_share: 0.333,
    served_sooner_share: 0.333, // quoted 30, served at 5
    before_window_share: 0.333,
    in_window_share: 0.333, // 15 in [5, 20]; 45 past [15, 35]; 5 before [20, 45]
    past_window_share: 0.333,
    mean_window_minutes: 20, // (15 + 20 + 25) / 3
    moved_in: 0,
    moved_out: 0,
  });
  assert.equal(res.body.week, {
    served: 4,
    waiting: 1,
    no_shows: 2,
    walk_ins: 4,
    remote_joins: 4,
    mean_wait_minutes: 19, // (15 + 45 + 5 + 20 + 10) / 5
    mean_quoted_minutes: 17.5,
    mean_actual_minutes: 18.8,
    within_10_share: 0.5,
    waited_longer_share: 0.25,
    served_sooner_share: 0.25,
    before_window_share: 0.25,
    in_window_share: 0.5,
    past_window_share: 0.25,
    mean_window_minutes: 17.5, // (15 + 20 + 25 + 10) / 4
    moved_in: 0,
    moved_out: 0,
  });
  // The same shares as the accuracy function gives for the week's outcomes.
  const a = accuracy([
    { quote: 10, actual: 15 },
    { quote: 20, actual: 45 },
    { quote: 30, actual: 5 },
    { quote: 10, actual: 10 },
  ]);
  assert.equal([a.within, a.longer], [res.body.week.within_10_share, res.body.week.waited_longer_share]);
  // Each group of shares says where everyone was served, so it adds up to the whole.
  for (const day of [res.body.today, res.body.week]) {
    const quote = day.within_10_share + day.waited_longer_share + day.served_sooner_share;
    const window = day.before_window_share + day.in_window_share + day.past_window_share;
    assert.ok(Math.abs(quote - 1) < 0.002 && Math.abs(window - 1) < 0.002, `${quote} ${window}`);
  }
});

stats('a quiet shop has zeros and nulls, not NaN; a display reads the figures, another shop may not', async () => {
  h.clock.set(Date.parse('2026-12-10T10:00:00Z'));
  const quiet = await call(h, 'GET', `/api/fi/operator/pobs/${SHOP}/stats/`, { token: key });
  const empty = {
    served: 0,
    waiting: 0,
    no_shows: 0,
    walk_ins: 0,
    remote_joins: 0,
    mean_wait_minutes: null,
    mean_quoted_minutes: null,
    mean_actual_minutes: null,
    within_10_share: null,
    waited_longer_share: null,
    served_sooner_share: null,
    before_window_share: null,
    in_window_share: null,
    past_window_share: null,
    mean_window_minutes: null,
    moved_in: 0,
    moved_out: 0,
  };
  assert.equal(quiet.body, { today: empty, week: empty }, 'nothing joined in these days');
  h.clock.set(Date.parse('2026-11-24T10:00:00Z'));
  const code = (await call(h, 'POST', `/api/fi/operator/pobs/${SHOP}/pairing-codes/`, { token: key, body: { role: 'display' } })).body.code;
  const display = (await call(h, 'POST', '/api/fi/operator/pairing/', { body: { code, name: 'Screen' } })).body.key;
  assert.is((await call(h, 'GET', `/api/fi/operator/pobs/${SHOP}/stats/`, { token: display })).status, 200);
  assert.is((await call(h, 'GET', `/api/fi/operator/pobs/${SHOP}/stats/`, { token: await operatorKey(h, 2) })).status, 403);
  assert.is((await call(h, 'GET', `/api/fi/operator/pobs/${SHOP}/stats/`)).status, 401);
});

stats.run();

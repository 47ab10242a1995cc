/**
 * POST /customers/{id}/quote/ (docs/decisions.md, "One answer per person"): the review's quote of exactly the join it
 * will send. Its shape; the join's 4xx with nothing changed; no order placed; the priority from the token; a repeat
 * runs no query; and the join of the same body answers the same wait, window, arrival and leave-by (± 1 min).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { buildDeps } from '../../../src/server/build-deps.ts';
import { countingDb, type CountingDb } from '../../../src/server/db/counting.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { WireOrder, WireQuote } from '../../../src/shared/wire-order.ts';
import { harness, type Harness } from '../harness.ts';
import { customer, item, menu, type TestCustomer } from '../queue-helpers.ts';

const MIN = 60_000;
let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
let deps: Deps;

test.before(async () => {
  h = await harness({ seed: seedDemo });
  db = countingDb(h.db);
  // The app on a counting Db: a kept quote must run no statement.
  deps = await buildDeps({ config: h.config, db, now: h.clock.now });
  app = await buildApp(deps);
  await app.ready();
});
test.after(async () => {
  await app.close();
  await deps.changes.close();
  await h.close();
});

async function send<T>(method: 'POST' | 'GET' | 'PATCH', url: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await app.inject({ method, url, headers, payload: body as object | undefined });
  return { status: res.statusCode, body: res.json() as T & { error?: string } };
}
const quote = (c: TestCustomer, body: unknown, token: string | null = c.token) =>
  send<WireQuote>('POST', `/api/fi/customers/${c.id}/quote/`, token, body);
const join = (c: TestCustomer, body: unknown) => send<WireOrder>('POST', `/api/fi/customers/${c.id}/orders/`, c.token, body);

async function body(shopId: number, extra: Record<string, unknown> = {}, title = 'Haircut') {
  const m = await menu(h, shopId);
  return { pob_id: shopId, items: [item(m.services.find((x) => x.title === title)!)], ...extra };
}
const counts = async () => {
  const r = await h.db.query<{ n: number; v: number }>(
    'SELECT (SELECT count(*)::int FROM orders) AS n, (SELECT sum(queue_version)::int FROM shops) AS v',
  );
  return r.rows[0];
};
const clearShop = (shopId: number) =>
  h.db.query(
    `UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status = 'active' AND customer_id IS NOT NULL`,
    [shopId],
  );

/** The leave-by an order's answer gives (tracking shows it as it is). */
const trackedLeaveBy = (o: WireOrder) => (o.leave_by ? Date.parse(o.leave_by) : null);

test('a quote answers the wait, window, arrival and leave-by, and places nothing', async () => {
  const c = await customer(h);
  const before = await counts();
  const res = await quote(c, await body(1, { eta_minutes: 20 }));
  assert.is(res.status, 200, JSON.stringify(res.body));
  const q = res.body;
  assert.equal(Object.keys(q), [
    'pob_id',
    'priority',
    'queue',
    'queue_low',
    'queue_high',
    'ahead',
    'expected_at',
    'leave_by',
    'barber_id',
    'price',
    'duration',
    'party',
    'party_done',
    'party_done_low',
    'party_done_high',
    'queue_version',
    'quoted_at',
  ]);
  assert.is(q.pob_id, 1);
  assert.is(q.priority, 0);
  assert.ok(q.queue_low! <= q.queue && q.queue <= q.queue_high!, JSON.stringify(q));
  // Expected when he said, or a learned lateness after it; leave by the moment his 20-minute trip gets him there as
  // the low end of his window comes (whole minutes, never before now).
  const late = Date.parse(q.expected_at!) - (h.clock.now() + 20 * MIN);
  assert.ok(late >= 0 && late <= 5 * MIN, q.expected_at!);
  const leave = Math.max(h.clock.now(), Math.floor((h.clock.now() + (q.queue_low! - 20) * MIN) / MIN) * MIN);
  assert.is(q.leave_by, new Date(leave).toISOString());
  assert.is(q.party.length, 1);
  assert.is(q.party[0].queue, q.queue);
  assert.equal(await counts(), before, 'no order, no version bump');
});

test("bad input gets the join's 4xx and changes nothing", async () => {
  const c = await customer(h);
  const other = await customer(h);
  const good = await body(1);
  const before = await counts();
  const cases: [unknown, number, string, string | null][] = [
    [{ ...good, items: [] }, 400, 'Invalid items', c.token],
    [{ ...good, items: [{ amount: 1, service_id: 999_999 }] }, 400, 'Unknown service 999999 at this shop', c.token],
    [{ ...good, eta_minutes: 500 }, 400, 'Invalid eta_minutes', c.token],
    [{ ...good, surprise: 1 }, 400, 'Unknown field surprise', c.token],
    [{ ...good, companions: [{ name: '', items: good.items }] }, 400, 'Missing companions[0].name parameter', c.token],
    [{ ...good, pob_id: 999 }, 404, 'Shop not found', c.token],
    [{ ...good, barber_id: 999_999 }, 400, 'Barber does not work at this shop today', c.token],
    [good, 401, 'Missing access token', null],
    [good, 403, 'Forbidden', other.token],
  ];
  for (const [b, status, error, token] of cases) {
    const res = await quote(c, b, token);
    assert.is(res.status, status, `${JSON.stringify(b).slice(0, 80)}: ${JSON.stringify(res.body)}`);
    if (status !== 404 && status !== 400) assert.is(res.body.error, error);
    else assert.ok(res.body.error, JSON.stringify(res.body));
  }
  assert.equal(await counts(), before);
});

test("the priority is the token's customer's: a Gold member is quoted ahead of a one-time customer", async () => {
  const plain = await customer(h);
  const gold = await customer(h, { membership: 'gold' });
  const b = await body(1);
  const p = (await quote(plain, b)).body;
  const g = (await quote(gold, b)).body;
  assert.is(p.priority, 0);
  assert.is(g.priority, 2);
  assert.ok(g.queue < p.queue, `gold ${g.queue} vs one-time ${p.queue}`);
  assert.ok(g.ahead <= p.ahead, `ahead: gold ${g.ahead}, one-time ${p.ahead}`);
});

test('a repeated quote is kept: no statement runs until the queue changes or the minute moves', async () => {
  const c = await customer(h);
  const b = await body(1, { eta_minutes: 10 });
  const first = await quote(c, b);
  assert.is(first.status, 200);
  db.reset();
  const again = await quote(c, b);
  assert.equal(again.body, first.body);
  assert.equal(db.statements, [], db.statements.join('\n'));
  // Another customer's quote of the same body is his own (his priority), built from the kept rows and menu.
  const other = await customer(h);
  db.reset();
  assert.is((await quote(other, b)).status, 200);
  assert.not.ok(
    db.statements.some((s) => /FROM orders WHERE shop_id|FROM services/.test(s)),
    db.statements.join('\n'),
  );
  // A join at the shop is announced: the next quote is read again and counts the new order.
  await join(await customer(h), await body(1));
  const after = await quote(c, b);
  assert.ok(after.body.queue_version > first.body.queue_version);
  assert.ok(after.body.ahead >= first.body.ahead);
  await clearShop(1);
});

test("the join of the same body answers the quote's wait, window, arrival and leave-by (±1 min), with and without a party", async () => {
  const cases: [number, Record<string, unknown>, 'gold' | undefined][] = [
    [1, { eta_minutes: 15 }, 'gold'],
    [1, {}, undefined],
    [2, { eta_minutes: 30 }, undefined],
    [1, { eta_minutes: 0 }, 'gold'],
  ];
  for (const [shopId, extra, membership] of cases) {
    const c = await customer(h, { membership });
    const m = await menu(h, shopId);
    const b = await body(shopId, extra);
    const withParty = { ...b, companions: [{ name: 'Son', items: [item(m.services[0])] }] };
    for (const sent of [b, withParty]) {
      const q = await quote(c, sent);
      assert.is(q.status, 200, JSON.stringify(q.body));
      const j = await join(c, sent);
      assert.is(j.status, 201, JSON.stringify(j.body));
      const o = j.body;
      const what = `shop ${shopId} ${JSON.stringify(extra)} ${membership ?? ''} party ${sent === withParty}`;
      assert.ok(Math.abs(o.queue! - q.body.queue) <= 1, `${what}: join ${o.queue} vs quote ${q.body.queue}`);
      assert.ok(Math.abs(o.queue_low! - q.body.queue_low!) <= 1, `${what}: low ${o.queue_low} vs ${q.body.queue_low}`);
      assert.ok(Math.abs(o.queue_high! - q.body.queue_high!) <= 1, `${what}: high ${o.queue_high} vs ${q.body.queue_high}`);
      assert.is(o.expected_at ?? null, q.body.expected_at, what);
      const tracked = trackedLeaveBy(o);
      const quoted = q.body.leave_by === null ? null : Date.parse(q.body.leave_by);
      assert.ok(
        tracked === quoted || (tracked !== null && quoted !== null && Math.abs(tracked - quoted) <= MIN),
        `${what}: leave-by ${tracked} vs ${quoted}`,
      );
      assert.is(o.party!.length, q.body.party.length);
      for (const [i, p] of o.party!.entries()) assert.ok(Math.abs(p.queue! - q.body.party[i].queue) <= 1, `${what}: person ${i}`);
      // Leave, so the next case starts from the same queue.
      assert.is((await send('PATCH', `/api/fi/customers/${c.id}/orders/${o.id}/`, c.token, { cancel: true })).status, 200);
    }
  }
});

test('a queue switched to full answers the join’s 409, and the quote follows the switch back', async () => {
  const c = await customer(h);
  await h.db.query('UPDATE shops SET queue_full = true, queue_version = queue_version + 1 WHERE id = 1');
  deps.changes.announce({ shopId: 1, country: 'FI', version: 10_000 });
  const full = await quote(c, await body(1));
  assert.is(full.status, 409, JSON.stringify(full.body));
  await h.db.query('UPDATE shops SET queue_full = false, queue_version = queue_version + 1 WHERE id = 1');
  deps.changes.announce({ shopId: 1, country: 'FI', version: 10_001 });
  assert.is((await quote(c, await body(1))).status, 200);
});

test.run();

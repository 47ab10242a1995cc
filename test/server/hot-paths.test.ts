/**
 * The customer's hot paths read once, counted on the real database (both engines) through a counting Db
 * (src/server/db/counting.ts) that the app and its turn notifier share: a join and the turn check after it, the
 * pricing of the chosen items, the order's read (kept as bytes per order and queue version) and the order stream.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { countingDb, type CountingDb } from '../../src/server/db/counting.ts';
import type { Deps } from '../../src/server/deps.ts';
import { turnNotifier, type SeenQueue } from '../../src/server/notify/turns.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { harness, type Harness } from './harness.ts';
import { customer, item, menu, type TestCustomer } from './queue-helpers.ts';

/** The join and its turn check before the check reused the join's queue: 12 + 7 (the open orders read twice). */
const JOIN_AND_CHECK_BEFORE = 19;

let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
let deps: Deps;

test.before(async () => {
  h = await harness({ seed: seedDemo });
  db = countingDb(h.db);
  // Deps of their own on the counting Db, so the turn notifier's reads are counted too.
  deps = await buildDeps({ config: h.config, db, now: h.clock.now });
  app = await buildApp(deps);
  await app.ready();
});
test.after(async () => {
  await app.close();
  await deps.changes.close();
  await h.close();
});

const bearer = (c: TestCustomer) => ({ authorization: `Bearer ${c.token}` });

async function join(c: TestCustomer, shopId: number) {
  const m = await menu(h, shopId);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const body = { pob_id: shopId, barber_id: null, items: [item(s, m.extra_services[s.id].slice(0, 1))] };
  const res = await app.inject({ method: 'POST', url: `/api/fi/customers/${c.id}/orders/`, headers: bearer(c), payload: body });
  assert.is(res.statusCode, 201, res.body);
  return res;
}

const openOrderReads = (statements: string[]) => statements.filter((s) => /FROM orders WHERE shop_id = ANY/.test(s)).length;

test('a join and its turn check read the queue once: the check works on the queue the join left', async () => {
  for (const shopId of [2, 1]) {
    // A customer with a push token, so the check has someone to look at.
    const c = await customer(h, { fcmToken: `token-${shopId}` });
    await app.inject({ method: 'GET', url: `/api/fi/customers/${c.id}/`, headers: bearer(c) });
    await deps.turns.idle();
    db.reset();
    await join(c, shopId);
    await deps.turns.idle();
    const statements = [...db.statements];
    console.log(`  join + turn check (shop ${shopId}): ${statements.length} statements (before: ${JOIN_AND_CHECK_BEFORE})`);
    assert.ok(statements.length < JOIN_AND_CHECK_BEFORE, statements.join('\n'));
    assert.ok(statements.length <= 12, `${statements.length}:\n${statements.join('\n')}`);
    assert.is(openOrderReads(statements), 1, statements.join('\n'));
    assert.is(statements.filter((s) => s.startsWith('SELECT id, country, name')).length, 0, 'the shop is not read again');
  }
});

test('pricing reads the chosen service and extra only, in one statement', async () => {
  const c = await customer(h);
  db.reset();
  await join(c, 2);
  await deps.turns.idle();
  const menuReads = db.statements.filter((s) => /FROM services|FROM extra_services/.test(s));
  assert.is(menuReads.length, 1, menuReads.join('\n'));
  assert.match(menuReads[0], /s\.id = ANY/);
  assert.match(menuReads[0], /e\.id = ANY/);
});

test('a kick while a check waits: the later change queue is used, or the queue is read', async () => {
  const calls: (SeenQueue[] | undefined)[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const n = turnNotifier(async (_ids, seen) => {
    calls.push(seen);
    return [];
  });
  const seen = (version: number) => ({ version, shop: { id: 1 }, queue: {} }) as unknown as SeenQueue;
  n.enqueue(() => gate);
  n.kick(1, seen(5));
  n.kick(1, seen(6));
  n.kick(2, seen(3));
  n.kick(2);
  n.kick(3, seen(9));
  n.kick(3, seen(8));
  release();
  await n.idle();
  assert.equal(
    calls.map((c) => c?.map((s) => s.version)),
    [[6], [], []],
  );
});

test.run();

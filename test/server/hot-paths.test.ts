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
import { checkTurns, type SeenQueue } from '../../src/server/queue/turns.ts';
import { turnNotifier } from '../../src/server/queue/turn-notifier.ts';
import { loadQueues } from '../../src/server/queue/snapshot.ts';
import { getShop } from '../../src/server/repos/shops.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { FAST } from './accounts-helpers.ts';
import { openSse } from './sse.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { harness, usePostgres, type Harness } from './harness.ts';
import { customer, item, menu, type TestCustomer } from './queue-helpers.ts';

/** The join and its turn check before the check reused the join's queue: 12 + 7 (the open orders read twice). */
const JOIN_AND_CHECK_BEFORE = 19;
/** A customer's order read before it was kept: every read, kept or not (the guard's account check included). */
const ORDER_READ_BEFORE = 8;
/** Opening the order stream before: the order read twice, the queue version, the order's view. */
const STREAM_OPEN_BEFORE = 9;

let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
let deps: Deps;
let base: string;

test.before(async () => {
  h = await harness({ seed: seedDemo, config: { scrypt: FAST.scrypt } });
  db = countingDb(h.db);
  // Deps of their own on the counting Db, so the turn notifier's reads are counted too.
  deps = await buildDeps({ config: h.config, db, now: h.clock.now });
  app = await buildApp(deps);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
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

const openOrderReads = (statements: string[]) => statements.filter((s) => /FROM orders (o )?WHERE shop_id = ANY/.test(s)).length;

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

test('the turn check reads the queue again once a later change of the shop has been heard', async () => {
  await join(await customer(h, { fcmToken: 'later' }), 2);
  await deps.turns.idle();
  const version = deps.changes.versionOf(2)!;
  const shop = (await getShop(h.db, 2))!;
  const queue = (await loadQueues(h.db, [shop], h.clock.now())).get(2)!;
  const current = await counted(() => checkTurns(deps, [2], [{ shop, version, queue }]));
  assert.is(openOrderReads(current), 0, current.join('\n'));
  const stale = await counted(() => checkTurns(deps, [2], [{ shop, version: version - 1, queue }]));
  assert.ok(
    stale.some((x) => /FROM orders WHERE shop_id = ANY/.test(x)),
    stale.join('\n'),
  );
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

const orderUrl = (c: TestCustomer, id: number) => `/api/fi/customers/${c.id}/orders/${id}/`;
// With ?lang= as the app reads it (services/orders.ts), in the test customers' profile language.
const read = (c: TestCustomer, id: number, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${orderUrl(c, id)}?lang=en`, headers: { ...bearer(c), ...headers } });

/** Counts the statements of fn once the turn checks it set off are done. */
async function counted(fn: () => Promise<unknown>): Promise<string[]> {
  await deps.turns.idle();
  db.reset();
  await fn();
  return [...db.statements];
}

test('a kept order read runs no query and answers the bytes the uncached read does, with an ETag', async () => {
  const c = await customer(h);
  const id = (await join(c, 2)).json().id as number;
  let first: Awaited<ReturnType<typeof read>> | undefined;
  const firstRead = await counted(async () => (first = await read(c, id)));
  console.log(`  order read, first: ${firstRead.length} statements (before: ${ORDER_READ_BEFORE} each time)`);
  assert.ok(firstRead.length <= ORDER_READ_BEFORE, firstRead.join('\n'));
  let again: Awaited<ReturnType<typeof read>> | undefined;
  const kept = await counted(async () => (again = await read(c, id)));
  console.log(`  order read, kept: ${kept.length} statements`);
  assert.equal(kept, []);
  assert.is(again!.statusCode, 200);
  assert.is(again!.body, first!.body);
  assert.ok(again!.headers.etag);
  assert.is(again!.headers['cache-control'], 'private, no-cache');
  // The same bytes an app that keeps nothing answers.
  const uncached = await buildApp({ ...deps, config: { ...deps.config, pobCacheMs: 0 } });
  const fresh = await uncached.inject({ method: 'GET', url: orderUrl(c, id), headers: bearer(c) });
  await uncached.close();
  assert.is(fresh.body, again!.body);
  const notModified = await counted(async () =>
    assert.is((await read(c, id, { 'if-none-match': again!.headers.etag as string })).statusCode, 304),
  );
  assert.equal(notModified, []);
  // Without ?lang= the answer is in the profile's language (English here), the same kept bytes, after one statement
  // that reads that language (docs/decisions.md, "One language per answer").
  const bare = async () => (second = await app.inject({ method: 'GET', url: orderUrl(c, id), headers: bearer(c) }));
  let second: Awaited<ReturnType<typeof read>> | undefined;
  assert.equal(await counted(bare), ['SELECT language FROM customers WHERE id = $1']);
  assert.is(second!.body, first!.body);
});

test('the kept order read changes with the order, with its shop queue and with the minute', async () => {
  const c = await customer(h);
  const id = (await join(c, 1)).json().id as number;
  const before = (await read(c, id)).json();
  // Someone joins the same shop ahead or behind: the shop's queue changed, so the order is read again.
  const other = await customer(h, { membership: 'gold' });
  await join(other, 1);
  assert.ok((await counted(() => read(c, id))).length > 0, 'read again after a change of its shop');
  // The order itself changes.
  const patched = await app.inject({ method: 'PATCH', url: orderUrl(c, id), headers: bearer(c), payload: { customer_at_pob: true } });
  assert.is(patched.statusCode, 200, patched.body);
  const after = (await read(c, id)).json();
  assert.is(before.customer_at_pob, false);
  assert.is(after.customer_at_pob, true);
  assert.is((await read(c, id)).body, patched.body);
  // A change of another shop leaves it kept.
  await join(await customer(h), 2);
  assert.equal(await counted(() => read(c, id)), []);
  h.clock.advance(1);
  assert.ok((await counted(() => read(c, id))).length > 0, 'read again at the next minute');
});

test('a kept order is never served to another customer, nor to a deleted account', async () => {
  const owner = await customer(h);
  const id = (await join(owner, 2)).json().id as number;
  assert.is((await read(owner, id)).statusCode, 200);
  const stranger = await customer(h);
  // His own id in the path: the order is not his, as if it did not exist.
  const other = await app.inject({ method: 'GET', url: orderUrl(stranger, id), headers: bearer(stranger) });
  assert.is(other.statusCode, 404, other.body);
  // The owner's id in the path with his own token: 403, as before.
  const forged = await app.inject({ method: 'GET', url: orderUrl(owner, id), headers: bearer(stranger) });
  assert.is(forged.statusCode, 403, forged.body);
  assert.is((await read(owner, id)).statusCode, 200);
  // The owner leaves (the order ends), reads it (kept), then deletes his account: his token reads nothing more.
  assert.is(
    (await app.inject({ method: 'PATCH', url: orderUrl(owner, id), headers: bearer(owner), payload: { cancel: true } })).statusCode,
    200,
  );
  assert.is((await read(owner, id)).json().status, 'cancelled');
  assert.equal(await counted(() => read(owner, id)), []);
  const password = 'Kahvi-Kuppi42';
  await h.db.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [owner.id, await hashPassword(password, FAST.scrypt)]);
  const gone = await app.inject({ method: 'DELETE', url: `/api/fi/customers/${owner.id}/`, headers: bearer(owner), payload: { password } });
  assert.is(gone.statusCode, 200, gone.body);
  const after = await read(owner, id);
  assert.is(after.statusCode, 401, after.body);
  assert.is(after.json().error, 'User not found');
});

test('opening the order stream reads the order once (none when the GET kept it); its frame is the GET answer', async () => {
  const c = await customer(h);
  const id = (await join(c, 2)).json().id as number;
  const ticket = async () =>
    (await app.inject({ method: 'POST', url: `/api/fi/customers/${c.id}/orders/${id}/events/ticket/`, headers: bearer(c) })).json()
      .ticket as string;
  // Nothing kept: the minute moves (the ticket read does not keep the order).
  h.clock.advance(1);
  let t = await ticket();
  let frame = '';
  const open = await counted(async () => {
    const s = await openSse(`${base}/api/fi/customers/${c.id}/orders/${id}/events/?ticket=${t}&lang=en`);
    assert.is(s.status, 200, s.body);
    frame = (await s.next()).data;
    s.close();
  });
  console.log(`  order stream open: ${open.length} statements (before: ${STREAM_OPEN_BEFORE})`);
  assert.is(open.filter((x) => /FROM orders WHERE id = \$1/.test(x)).length, 1, open.join('\n'));
  assert.ok(open.length < STREAM_OPEN_BEFORE, open.join('\n'));
  assert.is(frame, (await read(c, id)).body);
  t = await ticket();
  const kept = await counted(async () => {
    const s = await openSse(`${base}/api/fi/customers/${c.id}/orders/${id}/events/?ticket=${t}&lang=en`);
    await s.next();
    s.close();
  });
  assert.equal(kept, []);
});

test("PostgreSQL: another process's change drops the kept order read (LISTEN/NOTIFY)", async () => {
  if (!usePostgres) return;
  const c = await customer(h);
  const id = (await join(c, 2)).json().id as number;
  assert.is((await read(c, id)).json().customer_at_pob, false);
  assert.equal(await counted(() => read(c, id)), []);
  // The check-in goes through the harness's own app: another process as far as announcements go.
  const res = await h.app.inject({ method: 'PATCH', url: orderUrl(c, id), headers: bearer(c), payload: { customer_at_pob: true } });
  assert.is(res.statusCode, 200, res.body);
  const version = (await h.db.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = 2')).rows[0].v;
  while ((deps.changes.versionOf(2) ?? 0) < Number(version)) await new Promise((r) => setTimeout(r, 10));
  assert.is((await read(c, id)).json().customer_at_pob, true);
});

test.run();

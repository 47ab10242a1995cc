/**
 * What an operator action costs in statements, counted through a Db wrapper (src/server/db/counting.ts) on both
 * engines: the bearer's key is resolved once per request and the order's row read once (locked, in the shop's
 * transaction); the answer is the row as the transition wrote it, the same as a later read sees.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { countingDb, type CountingDb } from '../../../src/server/db/counting.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { orderState } from '../../../src/server/queue/order-wire.ts';
import { orderById } from '../../../src/server/repos/orders.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';
import { harness, type Harness } from '../harness.ts';
import { call, customer, item, menu, operatorKey } from '../queue-helpers.ts';

/** Kallio: idle, open round the clock. */
const SHOP = 2;

let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
let deps: Deps;
let key: string;

test.before(async () => {
  h = await harness({ seed: seedDemo });
  db = countingDb(h.db);
  deps = { ...h.deps, db };
  app = await buildApp(deps);
  await app.ready();
  key = await operatorKey(h, SHOP);
});
test.after(async () => {
  await app.close();
  await h.close();
});

/** Runs fn with the turn notifier held back, so its after-commit work is not counted as the action's. */
async function withoutNotifier<T>(fn: () => Promise<T>): Promise<T> {
  let release = () => {};
  deps.turns.enqueue(() => new Promise<void>((r) => (release = r)));
  try {
    return await fn();
  } finally {
    release();
    await deps.turns.idle();
  }
}

async function join(): Promise<WireOrder> {
  const c = await customer(h);
  const m = await menu(h, SHOP);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const res = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: SHOP, items: [item(s)] },
  });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** One operator action through the app, counted: its statements and its answer. */
async function counted(path: string, body: unknown) {
  db.reset();
  const [res, statements] = await withoutNotifier(async () => {
    const r = await app.inject({
      method: 'POST',
      url: `/api/fi/operator/${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    });
    return [r, [...db.statements]] as const;
  });
  assert.is(res.statusCode, 200, res.body);
  return { statements, answer: res.json() };
}

const keyReads = (s: readonly string[]) => s.filter((x) => /FROM operator_keys WHERE hash/.test(x)).length;
const orderReads = (s: readonly string[]) => s.filter((x) => /^SELECT .* FROM orders WHERE id = \$1/.test(x)).length;

test('start, check-in, no-show and finish resolve the key once and read the order once, answering as a later read does', async () => {
  const queue = (await call<WireOperatorQueue>(h, 'GET', `/api/fi/operator/pobs/${SHOP}/queue/`, { token: key })).body;
  const barber = queue.barbers.find((b) => b.on_shift && b.serving === null)!;
  assert.ok(barber, 'an idle barber');
  const [a, b] = [await join(), await join()];
  const runs = [
    ['check-in', `orders/${a.id}/check-in/`, {}],
    ['start', `orders/${a.id}/start/`, { barber_id: barber.id }],
    ['finish', `orders/${a.id}/finish/`, {}],
    ['no-show', `orders/${b.id}/no-show/`, {}],
  ] as const;
  for (const [name, path, body] of runs) {
    const { statements, answer } = await counted(path, body);
    console.log(`  ${name}: ${statements.length} statements, key resolved ${keyReads(statements)}×, order read ${orderReads(statements)}×`);
    assert.is(keyReads(statements), 1, `${name}: the key is resolved once\n${statements.join('\n')}`);
    assert.is(orderReads(statements), 1, `${name}: the order is read once\n${statements.join('\n')}`);
    const id = path.includes(`/${a.id}/`) ? a.id : b.id;
    assert.equal(answer, orderState((await orderById(h.db, id))!), `${name}: the answer is the order as a later read sees it`);
  }
});

test.run();

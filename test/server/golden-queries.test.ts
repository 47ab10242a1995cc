/**
 * Query budget of a join: POST /customers/{id}/orders/ on the seeded demo runs at most JOIN_BUDGET SQL
 * statements (the guard's customer check, the shop's lock, the checks, the engine's reads, the inserts), and
 * answers from what its transaction computed instead of reading the order back. Counted through a Db wrapper
 * (src/server/db/counting.ts) on both engines.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { countingDb, type CountingDb } from '../../src/server/db/counting.ts';
import type { Deps } from '../../src/server/deps.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { harness, type Harness } from './harness.ts';
import { call, customer, item, menu } from './queue-helpers.ts';

const JOIN_BUDGET = 12;

let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
let deps: Deps;

test.before(async () => {
  h = await harness({ seed: seedDemo });
  db = countingDb(h.db);
  deps = { ...h.deps, db };
  app = await buildApp(deps);
  await app.ready();
});
test.after(async () => {
  await app.close();
  await h.close();
});

/** Runs fn with the turn notifier held back, so its after-commit check is not counted as the join's. */
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

async function countJoin(shopId: number, extras: number, barberId: number | null = null, idempotencyKey?: string) {
  const c = await customer(h);
  const m = await menu(h, shopId);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const body = { pob_id: shopId, barber_id: barberId, items: [item(s, m.extra_services[s.id].slice(0, extras))] };
  // Warm: the token keys are read once per database, not per request.
  await app.inject({ method: 'GET', url: `/api/fi/customers/${c.id}/`, headers: { authorization: `Bearer ${c.token}` } });
  db.reset();
  const [res, statements] = await withoutNotifier(async () => {
    const headers = { authorization: `Bearer ${c.token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
    const r = await app.inject({ method: 'POST', url: `/api/fi/customers/${c.id}/orders/`, headers, payload: body });
    return [r, [...db.statements]] as const;
  });
  assert.is(res.statusCode, 201, res.body);
  // The answer is the order as a later read sees it.
  const again = await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${res.json().id}/`, { token: c.token });
  assert.equal(res.json(), again.body);
  return statements;
}

test(`a join with an extra runs at most ${JOIN_BUDGET} statements and answers as a later read does`, async () => {
  const idle = await countJoin(2, 1);
  console.log(`  join (idle shop, one extra): ${idle.length} statements`);
  assert.ok(idle.length <= JOIN_BUDGET, `${idle.length} statements:\n${idle.join('\n')}`);
  const busy = await countJoin(1, 0);
  console.log(`  join (busy shop): ${busy.length} statements`);
  assert.ok(busy.length <= JOIN_BUDGET, `${busy.length} statements:\n${busy.join('\n')}`);
  const barber = (await menu(h, 1)).queues[0].barber.id;
  const chosen = await countJoin(1, 1, barber);
  console.log(`  join (busy shop, chosen barber, one extra): ${chosen.length} statements`);
  assert.ok(chosen.length <= JOIN_BUDGET, `${chosen.length} statements:\n${chosen.join('\n')}`);
  // An Idempotency-Key is looked up in the join's first check and kept with one statement more.
  const keyed = await countJoin(2, 1, null, 'golden-queries-key');
  console.log(`  join (idle shop, one extra, Idempotency-Key): ${keyed.length} statements`);
  assert.ok(keyed.length <= JOIN_BUDGET, `${keyed.length} statements:\n${keyed.join('\n')}`);
});

test.run();

/**
 * Reads never wait behind writes, by count and order, not by time. On PGlite statements run one at a time (on PGlite's
 * own thread since db/pglite-worker.mjs; db/pglite.test.ts checks that): a cached shop list or shop page is answered
 * from memory without a statement, so 200 phones polling the list add no database work and never queue behind a join; a
 * queue change that commits still shows in the next read. On PostgreSQL too: other processes' changes are announced
 * through LISTEN/NOTIFY, so a kept read asks nothing either.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { harness, type Harness } from './harness.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { countingDb, type CountingDb } from '../../src/server/db/counting.ts';
import { customer, item, menu } from './queue-helpers.ts';
import type { WirePob } from '../../src/shared/wire.ts';

const reads = suite('cached reads cost no database work');
let h: Harness;
let app: FastifyInstance;
let db: CountingDb;
reads.before(async () => {
  h = await harness({ seed: seedDemo });
  db = countingDb(h.db);
  app = await buildApp({ ...h.deps, db });
  await app.ready();
});
reads.after(async () => {
  await app.close();
  await h.close();
});

// eslint-disable-next-line -- any: answers are checked field by field in each test
// biome-ignore lint/suspicious/noExplicitAny: a test reads untyped answer bodies unless it names T.
async function call<T = any>(method: 'GET' | 'POST', url: string, opts: { token?: string; body?: object } = {}) {
  const res = await app.inject({ method, url, headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {}, payload: opts.body });
  return { status: res.statusCode, body: res.json() as T };
}

reads('a cached shop list and shop page are answered without a database statement', async () => {
  const list = await call<WirePob[]>('GET', '/api/fi/pobs/');
  const page = await call('GET', '/api/fi/pobs/2/');
  db.reset();
  for (let i = 0; i < 5; i++) {
    assert.equal((await call<WirePob[]>('GET', '/api/fi/pobs/')).body, list.body);
    assert.equal((await call('GET', '/api/fi/pobs/2/')).body, page.body);
  }
  assert.is(db.statements.length, 0, db.statements.join('\n'));
});

reads('a join shows in the next read once it commits, in the list and on the shop page', async () => {
  const list = async () => (await call<WirePob[]>('GET', '/api/fi/pobs/')).body.find((p) => p.id === 2)!;
  const before = await list();
  const page = (await call('GET', '/api/fi/pobs/2/')).body;
  const c = await customer(h);
  const s = (await menu(h, 2)).services[0];
  const joined = await call('POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 2, items: [item(s)] } });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  assert.is((await list()).queue_info.queue_length, before.queue_info.queue_length + 1);
  assert.not.equal((await call('GET', '/api/fi/pobs/2/')).body, page);
});

reads.run();

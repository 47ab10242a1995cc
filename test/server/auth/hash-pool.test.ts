/**
 * Password hashing runs on its own bounded pool of threads: with every hashing thread busy
 * and the queue full, a compressed shop read is still answered, and one login more gets a 503 with
 * Retry-After at once instead of waiting. Tested by order (the read is answered while hashes are still in
 * the pool), not by time.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync } from 'node:zlib';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { DEMO_PASSWORD, seedAccounts } from '../../../src/server/seed/accounts.ts';
import { hashPassword, hashPoolState, OWASP_SCRYPT } from '../../../src/server/auth/passwords.ts';
import type { Db } from '../../../src/server/db/db.ts';

const pool = suite('password hashing pool');
let h: Harness;
pool.before(async () => {
  // The real cost (2^17) so a hash is slow enough to hold its thread; two threads and two places in the queue.
  // The demo accounts share one such hash of their one password: seeding four of them one after the other was
  // most of this file's time, and each login still verifies at the real cost.
  const seed = async (db: Db, now: number) => {
    await seedDemo(db, now);
    await db.transaction((tx) => seedAccounts(tx, now, { scrypt: { logN: 10, r: 8, p: 1 } }));
    await db.query('UPDATE customers SET password_hash = $1', [await hashPassword(DEMO_PASSWORD, OWASP_SCRYPT)]);
  };
  h = await harness({ seed, config: { hashWorkers: 2, hashQueue: 2 } });
});
pool.after(() => h.close());

const login = (i: number) =>
  h.app.inject({
    method: 'POST',
    url: '/api/fi/login/',
    payload: { phone: '+358401000001', password: 'Demo1234' },
    remoteAddress: `10.9.0.${i}`,
  });

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(done(), 'the condition never held');
}

pool('with the hash queue full a br-compressed shop read is answered, and one login more is a 503 with Retry-After', async () => {
  assert.is(h.config.scrypt.logN, 17);
  const logins = [1, 2, 3, 4].map(login);
  let finished = 0;
  for (const l of logins) void l.then(() => finished++);
  await until(() => hashPoolState().running === 2 && hashPoolState().queued === 2);

  const over = await login(5);
  assert.is(over.statusCode, 503);
  assert.equal(Object.keys(over.json()), ['error']);
  assert.match(String(over.headers['retry-after']), /^\d+$/);

  const read = await h.app.inject({ method: 'GET', url: '/api/fi/pobs/1/', headers: { 'accept-encoding': 'br' } });
  assert.is(read.statusCode, 200);
  assert.is(read.headers['content-encoding'], 'br');
  assert.is(JSON.parse(brotliDecompressSync(read.rawPayload).toString()).id, 1);
  // The order that matters: the read came back while logins were still hashing.
  const state = hashPoolState();
  assert.ok(finished < 4 && state.running + state.queued > 0, `read answered after the hashes (${finished} logins done)`);

  for (const res of await Promise.all(logins)) assert.is(res.statusCode, 200, res.body);
  assert.equal([hashPoolState().running, hashPoolState().queued], [0, 0]);
});

pool('the defaults: one hashing thread per core and a queue of 64', async () => {
  const { loadConfig } = await import('../../../src/server/config.ts');
  const { availableParallelism } = await import('node:os');
  const c = loadConfig({ DATABASE_URL: '', STATIC_DIR: '' });
  assert.equal([c.hashWorkers, c.hashQueue], [availableParallelism(), 64]);
});

pool.run();

/**
 * A database that cannot serve (down, unreachable, its disk full) answers 503 with Retry-After, not 500, and the
 * same requests succeed once it is back. Both engines: on PostgreSQL a pool that cannot connect, on PGlite a
 * stopped database thread; a full disk as both engines report it (SQLSTATE 53100).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../../src/server/db/open.ts';
import { openPostgres } from '../../src/server/db/pg.ts';
import type { Db } from '../../src/server/db/db.ts';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { WIRE_ERRORS } from '../../src/shared/wire-errors.ts';
import { harness, usePostgres, type Harness } from './harness.ts';

const down = suite('database unavailable or full: 503 with Retry-After');
let h: Harness;
let real: Db;
down.before(async () => {
  h = await harness({ config: { scrypt: { logN: 10, r: 8, p: 1 } } });
  real = h.deps.db;
});
down.after(async () => {
  h.deps.db = real;
  await h.close();
});

const login = () =>
  h.app.inject({
    method: 'POST',
    url: '/api/fi/login/',
    payload: { phone: '+358501234567', password: 'Whatever-1' },
    remoteAddress: '10.70.0.1',
  });
const codes = () =>
  h.app.inject({ method: 'POST', url: '/api/fi/auth/reset-token/', payload: { phone: '+358501234568' }, remoteAddress: '10.70.0.2' });

/** A database whose writes fail as a full disk makes them fail (reads still work). */
function fullDisk(db: Db): Db {
  const full = () =>
    Object.assign(new Error('could not extend file "base/16384/16999": No space left on device'), { code: '53100', severity: 'ERROR' });
  const isWrite = (sql: string) => /^\s*(WITH|INSERT|UPDATE|DELETE)/i.test(sql);
  return {
    ...db,
    query: (sql, params) => (isWrite(sql) ? Promise.reject(full()) : db.query(sql, params)),
    transaction: (fn) =>
      db.transaction((tx) => fn({ query: (sql, params) => (isWrite(sql) ? Promise.reject(full()) : tx.query(sql, params)) })),
  } as Db;
}

down('a database that is down: 503 with Retry-After and our error shape; back up, the same call works', async () => {
  const broken = usePostgres ? openPostgres('postgres://postgres@127.0.0.1:1/none') : await openDb({ databaseUrl: null, dataDir: null });
  if (!usePostgres) await broken.close();
  h.deps.db = broken;
  try {
    for (const res of [await login(), await codes()]) {
      assert.is(res.statusCode, 503, res.body);
      assert.is(res.headers['retry-after'], '5');
      assert.equal(res.json(), { error: WIRE_ERRORS.busy });
    }
  } finally {
    h.deps.db = real;
    if (usePostgres) await broken.close();
  }
  assert.is((await login()).statusCode, 401, 'answered again once the database is back');
});

down('a full disk: 503 with Retry-After', async () => {
  h.deps.db = fullDisk(real);
  try {
    const res = await codes();
    assert.is(res.statusCode, 503, res.body);
    assert.is(res.headers['retry-after'], '5');
  } finally {
    h.deps.db = real;
  }
  assert.is((await codes()).statusCode, 200);
});

down('only the database failing to serve is a 503: a broken query stays a 500', async () => {
  assert.ok(isDatabaseUnavailable(Object.assign(new Error('the database system is shutting down'), { code: '57P03' })));
  assert.ok(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')));
  assert.not.ok(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' })));
  assert.not.ok(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })));
});

down.run();

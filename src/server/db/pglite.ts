/** Embedded PostgreSQL (PGlite, WASM) in a data directory, guarded by a lock file (lock.ts) so one process owns it. */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from './db.ts';
import { epochMs, TIMESTAMPTZ_OID } from './time.ts';
import { lockDataDir } from './lock.ts';

export { DataDirLockedError } from './lock.ts';

// bigint and numeric as numbers (our ids and sums stay far below 2^53), times as epoch milliseconds (db/time.ts).
const parsers = { 20: Number, 1700: Number, [TIMESTAMPTZ_OID]: epochMs } as const;

/** Opens PGlite in dir (created if missing), or in memory when dir is null (tests). */
export async function openPglite(dir: string | null): Promise<Db> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir);
  }
  let pg: PGlite;
  try {
    // One options object: PGlite ignores a second argument when the first (the data directory) is undefined,
    // which would leave in-memory databases (tests) without our parsers.
    pg = new PGlite({ dataDir: dir ? join(dir, 'pglite') : undefined, parsers });
    await pg.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params);
      return { rows: res.rows };
    },
  });
  return {
    engine: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}

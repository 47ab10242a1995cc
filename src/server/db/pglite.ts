/** Embedded PostgreSQL (PGlite, WASM) in a data directory, guarded by a lock file so one process owns it. */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from './db.ts';
import { epochMs, TIMESTAMPTZ_OID } from './time.ts';

/** Thrown when another live process already holds the data directory. */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/pglite.lock (O_EXCL); a stale lock of a dead process is taken over. */
function lock(dir: string): () => void {
  const file = join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server process (pid ${pid}). ` +
            'Stop it, or start this one with another DATA_DIR, or use DATABASE_URL for several processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

// bigint and numeric as numbers (our ids and sums stay far below 2^53), times as epoch milliseconds (db/time.ts).
const parsers = { 20: Number, 1700: Number, [TIMESTAMPTZ_OID]: epochMs } as const;

/** Opens PGlite in dir (created if missing), or in memory when dir is null (tests). */
export async function openPglite(dir: string | null): Promise<Db> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = lock(dir);
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

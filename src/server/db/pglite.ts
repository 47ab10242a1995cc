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

/** PostgreSQL settings PGlite starts with: each is a size PostgreSQL reads (`16MB`, `1MB`); null keeps PGlite's own. */
export interface PgliteSettings {
  sharedBuffers?: string | null;
  workMem?: string | null;
}

/**
 * The start parameters: PGlite's defaults plus ours. PostgreSQL's 128 MB of shared buffers (PGlite's default)
 * sit in the WASM heap once touched; a demo chain's data fits in a few MB, so a smaller pool keeps the process's
 * memory at rest down (issue 19 "Memory") without a read going to the file system more often.
 */
export function startParams(s: PgliteSettings = {}): string[] {
  const base = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  const extra: string[] = [];
  if (s.sharedBuffers) extra.push('-c', `shared_buffers=${s.sharedBuffers}`);
  if (s.workMem) extra.push('-c', `work_mem=${s.workMem}`);
  return [...base, ...extra];
}

/** Opens PGlite in dir (created if missing), or in memory when dir is null (tests). */
export async function openPglite(dir: string | null, settings: PgliteSettings = {}): Promise<Db> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir);
  }
  let pg: PGlite;
  try {
    // One options object: PGlite ignores a second argument when the first (the data directory) is undefined,
    // which would leave in-memory databases (tests) without our parsers.
    pg = new PGlite({ dataDir: dir ? join(dir, 'pglite') : undefined, parsers, startParams: startParams(settings) });
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

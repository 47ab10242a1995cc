/** Picks the engine from the configuration and brings the schema up to date. */
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { DataDirLockedError, openPglite, type PgliteSettings } from './pglite.ts';
import { openPostgres } from './pg.ts';

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PGlite's start settings (config.ts pglite): its memory at rest moves with them. */
  pglite?: PgliteSettings;
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  const db = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir, opts.pglite);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** For command-line entry points: a data directory held by another process ends this one with its reason. */
export async function openDbOrExit(opts: OpenOptions): Promise<Db> {
  try {
    return await openDb(opts);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

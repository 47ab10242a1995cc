/** Picks the engine from the configuration and brings the schema up to date. */
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './pg.ts';

export async function openDb(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Db> {
  const db = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/**
 * Databases the suites of one `npm test` run start from: test/run.ts names a directory in TEST_DB_TEMPLATES, and
 * the first suite that needs a migrated PGlite (or one with the demo seeded at a given instant) makes it and writes
 * it there as a dump; the others open that dump instead of running PostgreSQL's initdb, the migrations and the
 * seed again (about 3 s of each suite's start on this machine). Without the variable (a file run by hand) every
 * suite builds its own, as before. The directory lives for one run only, so a changed migration or seed is never
 * read from an old dump.
 */
import { cpSync, existsSync, mkdtempSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDb } from '../../src/server/db/open.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { seedDemo } from '../../src/server/seed/index.ts';

export const templatesDir = (): string | null => process.env.TEST_DB_TEMPLATES || null;

/**
 * An in-memory PGlite, migrated, with the demo seeded at `seededAt` when given. Opened from the run's dump when
 * there is one (made here when there is not yet).
 */
export async function templatePglite(seededAt: number | null): Promise<Db> {
  const dir = templatesDir();
  const dump = dir && join(dir, seededAt === null ? 'migrated.tar' : `demo-${seededAt}.tar`);
  if (dump && existsSync(dump)) {
    const db = await openPglite(null, {}, dump);
    // Nothing to do on a dump of this run; kept so a dump could never stand in for a schema it lacks.
    await migrate(db);
    return db;
  }
  const base = dir && seededAt !== null && join(dir, 'migrated.tar');
  const db = await openPglite(null, {}, base && existsSync(base) ? base : undefined);
  try {
    await migrate(db);
    if (!dump) {
      if (seededAt !== null) await seedDemo(db, seededAt);
      return db;
    }
    if (seededAt === null) {
      await db.dumpTo(dump);
      return db;
    }
    if (!base || !existsSync(base)) await db.dumpTo(base as string);
    await seedDemo(db, seededAt);
    await db.dumpTo(dump);
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * Puts an empty, migrated PGlite into the data directory `dataDir` a server process is about to start on (its
 * `pglite/` folder), copied from the run's template, made by the first caller of the run. Without templates, or
 * with a database already there, it does nothing and the server makes its own.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const dir = templatesDir();
  if (!dir || existsSync(join(dataDir, 'pglite'))) return;
  const template = join(dir, 'data-dir');
  if (!existsSync(template)) {
    const making = mkdtempSync(join(dir, 'data-dir-making-'));
    await (await openDb({ databaseUrl: null, dataDir: making })).close();
    // Another suite may have made it meanwhile: either copy is the same.
    if (!existsSync(template)) renameSync(making, template);
  }
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}

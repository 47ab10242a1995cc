/**
 * Databases the suites of one `npm test` run start from: test/run.ts names a directory in TEST_DB_TEMPLATES, and
 * the first suite that needs a migrated PGlite (or one with the demo seeded at a given instant) makes it and writes
 * it there as a dump; the others open that dump instead of running PostgreSQL's initdb, the migrations and the
 * seed again (about 3 s of each suite's start on this machine). Without the variable (a file run by hand) every
 * suite builds its own, as before. The directory lives for one run only, so a changed migration or seed is never
 * read from an old dump. On PostgreSQL the same is done with template databases (`CREATE DATABASE … TEMPLATE`),
 * named after the run and dropped by test/run.ts when the run ends (`dropTemplateDatabases`).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';
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

/** The prefix of this run's template databases on PostgreSQL (null without templates). */
export function templatePrefix(): string | null {
  const dir = templatesDir();
  return dir ? `tpl_${createHash('sha256').update(basename(dir)).digest('hex').slice(0, 10)}_` : null;
}

/** Runs `fn` with a client on the server's maintenance database (TEST_DATABASE_URL's). */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const exists = async (client: pg.Client, name: string) =>
  (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;

/**
 * Creates the database `name` on PostgreSQL: a copy of the run's template (migrated, with the demo seeded at
 * `seededAt` when given; made here under an advisory lock by the first suite that needs it), or, without templates,
 * an empty one. Answers whether it came from a template (migrated and seeded as asked).
 */
export async function createPostgresDatabase(name: string, seededAt: number | null): Promise<boolean> {
  const prefix = templatePrefix();
  if (!prefix) {
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    return false;
  }
  const template = `${prefix}${seededAt === null ? 'migrated' : `demo_${seededAt}`}`;
  await withAdmin(async (c) => {
    if (!(await exists(c, template))) {
      await c.query('SELECT pg_advisory_lock(72233)');
      try {
        if (!(await exists(c, template))) await makeTemplate(c, template, seededAt);
      } finally {
        await c.query('SELECT pg_advisory_unlock(72233)');
      }
    }
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  return true;
}

async function makeTemplate(admin: pg.Client, template: string, seededAt: number | null): Promise<void> {
  const making = `${template}_making`;
  await admin.query(`DROP DATABASE IF EXISTS ${making}`);
  await admin.query(`CREATE DATABASE ${making}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${making}`;
  const db = await openDb({ databaseUrl: url.toString(), dataDir: null });
  try {
    if (seededAt !== null) await seedDemo(db, seededAt);
  } finally {
    await db.close();
  }
  // Renamed once complete and with nobody connected: a copy is only ever taken of a finished template.
  await admin.query(`ALTER DATABASE ${making} RENAME TO ${template}`);
}

/** Drops this run's template databases (test/run.ts, at the end of the run). */
export async function dropTemplateDatabases(): Promise<void> {
  const prefix = templatePrefix();
  if (!prefix || !process.env.TEST_DATABASE_URL) return;
  await withAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  });
}

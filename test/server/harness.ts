/**
 * Builds the real app on a real database for one suite: in-memory PGlite by default, or a fresh
 * PostgreSQL database when TEST_DB=postgres and TEST_DATABASE_URL are set (test/run.ts runs both).
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/open.ts';
import type { Db } from '../../src/server/db/db.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Deps } from '../../src/server/deps.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { templatePglite } from './db-templates.ts';

export const usePostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** A clock tests can set and move. Defaults to a Tuesday 12:00 Helsinki time. */
export function clock(start = Date.parse('2026-11-24T10:00:00Z')) {
  let t = start;
  return {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
    advance: (minutes: number) => {
      t += minutes * 60_000;
    },
  };
}

export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: ReturnType<typeof clock>;
  /** The services the app was built with (the turn notifier, the SMS and push providers …). */
  deps: Deps;
  close: () => Promise<void>;
}

/** Opens a fresh database, optionally seeds it with `seed(db, now)`, and builds the app on it. */
export async function harness(
  opts: {
    seed?: (db: Db, now: number) => Promise<unknown>;
    config?: Partial<Config>;
    start?: number;
    deps?: Parameters<typeof buildDeps>[1];
    /** The logger (default: silent), e.g. one writing to a stream the test reads. */
    log?: Deps['log'];
    /** The `log` SMS provider's own logger (default: at LOG_LEVEL, silent in tests). */
    smsLog?: Deps['log'];
    /** Runs on the app before it is ready: a test's own routes or hooks. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<Harness> {
  const c = clock(opts.start);
  const created = usePostgres ? await createDatabase() : null;
  // On PGlite the demo seeded at the suite's start comes with the database (db-templates.ts).
  const demo = !created && opts.seed === seedDemo;
  const db = created ? await openDb({ databaseUrl: created.url, dataDir: null }) : await templatePglite(demo ? c.now() : null);
  if (opts.seed && !demo) await opts.seed(db, c.now());
  const config = loadConfig(
    { ...process.env, DATABASE_URL: created?.url ?? '', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', STATIC_DIR: '' },
    opts.config,
  );
  const deps = await buildDeps({ config, db, now: c.now, log: opts.log, smsLog: opts.smsLog }, opts.deps);
  const app = await buildApp(deps);
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    clock: c,
    deps,
    async close() {
      await app.close();
      await deps.changes.close();
      await db.close();
      await created?.drop();
    },
  };
}

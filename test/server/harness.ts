/**
 * Builds the real app on a real database for one suite: in-memory PGlite by default, or a fresh
 * PostgreSQL database when TEST_DB=postgres and TEST_DATABASE_URL are set (test/run.ts runs both).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/open.ts';
import type { Db } from '../../src/server/db/db.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Deps } from '../../src/server/deps.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { createPostgresDatabase, templatePglite, withAdmin } from './db-templates.ts';

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

/**
 * A fresh PostgreSQL database for one suite, dropped by `drop`: a copy of the run's migrated template (with the demo
 * seeded at `seededAt` when given) when test/run.ts set templates up (`fromTemplate` then says so), else empty.
 */
export async function createDatabase(
  seededAt: number | null = null,
): Promise<{ url: string; drop: () => Promise<void>; fromTemplate: boolean }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const fromTemplate = await createPostgresDatabase(name, seededAt);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    fromTemplate,
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
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
  // The demo seeded at the suite's start comes with the database, from the run's template (db-templates.ts).
  const wantsDemo = opts.seed === seedDemo;
  const created = usePostgres ? await createDatabase(wantsDemo ? c.now() : null) : null;
  const db = created ? await openDb({ databaseUrl: created.url, dataDir: null }) : await templatePglite(wantsDemo ? c.now() : null);
  const seeded = wantsDemo && (created ? created.fromTemplate : true);
  if (opts.seed && !seeded) await opts.seed(db, c.now());
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

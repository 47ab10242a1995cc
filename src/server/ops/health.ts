/**
 * What the operations endpoints report (routes/health.ts answers them; docs/operations.md): whether this process is
 * ready (the database answers, every migration is applied, on PostgreSQL the announcement listener is connected),
 * who may read the metrics, and the shops' gauges the metrics carry.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { migrationFiles } from '../db/migrate.ts';
import type { Deps } from '../deps.ts';
import { engineRecompute, shopQueueLength, shopWalkInWait } from './metrics.ts';
import { listPobs } from '../domain/shops.ts';
import { isLoopback } from '../operator/local-admin.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Who may read /metrics: the token's bearer when a token or a proxy is configured, else loopback alone. */
export function metricsAllowed(req: FastifyRequest, config: Deps['config']): boolean {
  if (config.metricsToken || config.trustProxy !== false) {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return Boolean(config.metricsToken && m && sameSecret(m[1], config.metricsToken));
  }
  return isLoopback(req.socket.remoteAddress);
}

/** Each shop's queue length and a walk-in's wait now, and how long the engine took for the whole chain. */
export async function shopGauges(deps: Deps): Promise<void> {
  const { rows } = await deps.db.query<{ country: string }>('SELECT DISTINCT country FROM shops ORDER BY country');
  const end = engineRecompute.startTimer();
  const lists = await Promise.all(
    rows.map(({ country }) => listPobs(deps.db, { country, includeTest: deps.config.development, now: deps.now(), lang: 'en' })),
  );
  end();
  shopQueueLength.reset();
  shopWalkInWait.reset();
  for (const list of lists) {
    for (const p of list) {
      const labels = { shop: String(p.id), country: p.country };
      shopQueueLength.set(labels, p.queue_info.queue_length);
      const walkIn = p.service_time_estimates.find((e) => e.priority === 0);
      if (walkIn && walkIn.wait_time !== null) shopWalkInWait.set(labels, walkIn.wait_time);
    }
  }
}

export interface Readiness {
  draining: boolean;
  database: boolean;
  migrations: boolean;
  listener: boolean;
}

/** The readiness checks of a process; `draining` is the caller's (true once the server began to close). */
export function readinessCheck(deps: Deps): (draining: boolean) => Promise<Readiness> {
  const expected = Math.max(0, ...migrationFiles().map((m) => m.version));
  return async (draining) => {
    const checks = { draining, database: false, migrations: false, listener: deps.changes.live };
    try {
      const { rows } = await deps.db.query<{ v: number | null }>('SELECT max(version)::int AS v FROM schema_migrations');
      checks.database = true;
      checks.migrations = (rows[0]?.v ?? 0) >= expected;
    } catch {
      checks.database = false;
    }
    return checks;
  };
}

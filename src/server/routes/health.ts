/**
 * What a load balancer and a monitoring system ask (docs/operations.md): GET /healthz (the process answers),
 * GET /readyz (the database answers, every migration is applied, on PostgreSQL the announcement listener is
 * connected; 503 while draining) and GET /metrics (Prometheus text, metrics.ts). Without TRUST_PROXY and
 * METRICS_TOKEN the metrics answer loopback only; with either set, only a bearer equal to METRICS_TOKEN (behind a
 * proxy every request looks like loopback).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { migrationFiles } from '../db/migrate.ts';
import type { Deps } from '../deps.ts';
import { forbidden } from '../lib/http-error.ts';
import { engineRecompute, registry, shopQueueLength, shopWalkInWait } from '../ops/metrics.ts';
import { listPobs } from '../domain/shops.ts';
import { isLoopback } from '../operator/local-admin.ts';

/** Seconds a load balancer waits before asking a process that is not ready again. */
const NOT_READY_RETRY_S = 5;

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
async function shopGauges(deps: Deps): Promise<void> {
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

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  const expected = Math.max(0, ...migrationFiles().map((m) => m.version));

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = { draining, database: false, migrations: false, listener: deps.changes.live };
    try {
      const { rows } = await deps.db.query<{ v: number | null }>('SELECT max(version)::int AS v FROM schema_migrations');
      checks.database = true;
      checks.migrations = (rows[0]?.v ?? 0) >= expected;
    } catch {
      checks.database = false;
    }
    const ready = !draining && checks.database && checks.migrations && checks.listener;
    if (!ready) reply.status(503).header('retry-after', String(NOT_READY_RETRY_S));
    return { status: ready ? 'ready' : draining ? 'draining' : 'not ready', checks };
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, deps.config)) throw forbidden();
    await shopGauges(deps).catch((err) => req.log.warn({ err }, 'metrics: shop gauges'));
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * What a load balancer and a monitoring system ask (docs/operations.md): GET /healthz (the process answers),
 * GET /readyz (the database answers, every migration is applied, on PostgreSQL the announcement listener is
 * connected; 503 while draining) and GET /metrics (Prometheus text, ops/metrics.ts). The checks are ops/health.ts's:
 * without TRUST_PROXY and METRICS_TOKEN the metrics answer loopback only; with either set, only a bearer equal to
 * METRICS_TOKEN (behind a proxy every request looks like loopback).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { forbidden } from '../lib/http-error.ts';
import { metricsAllowed, readinessCheck, shopGauges } from '../ops/health.ts';
import { registry } from '../ops/metrics.ts';

/** Seconds a load balancer waits before asking a process that is not ready again. */
const NOT_READY_RETRY_S = 5;

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  const readiness = readinessCheck(deps);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = await readiness(draining);
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

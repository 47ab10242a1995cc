/**
 * Prometheus metrics through prom-client, one registry per process: its default process metrics without a prefix
 * (process_resident_memory_bytes, nodejs_eventloop_lag_seconds, …) and the service's own. Counters are
 * incremented where things happen (the wrappers below, streams, announcements, the answer cache); gauges that
 * describe a state (open streams, the hash queue, each shop's queue and walk-in wait) are read at scrape time.
 * GET /metrics serves them (routes/health.ts); see docs/operations.md.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, Queryable } from '../db/db.ts';
import type { PushSender } from '../notify/push.ts';
import type { SmsProvider } from '../notify/sms.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to answer, by route (its pattern) and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Sources of the open streams by kind (one per app: tests build several in one process). */
const streamSources = new Set<() => Map<string, number>>();
export function countStreams(source: () => Map<string, number>): () => void {
  streamSources.add(source);
  return () => streamSources.delete(source);
}
new Gauge({
  name: 'streams_open',
  help: 'Open event streams by kind (pob: a shop, order: a customer, queue: an operator)',
  labelNames: ['kind'],
  registers: [registry],
  collect() {
    this.reset();
    for (const kind of ['pob', 'order', 'queue']) this.set({ kind }, 0);
    for (const source of streamSources) for (const [kind, n] of source()) this.inc({ kind }, n);
  },
});

export const announcements = new Counter({
  name: 'queue_announcements_total',
  help: 'Queue change announcements: sent by this process (a committed change), received from every process',
  labelNames: ['direction'],
  registers: [registry],
});

export const listenerLosses = new Counter({
  name: 'queue_listener_lost_total',
  help: 'Times the announcement listener was lost (its connection closed, or its heartbeat not heard back in time)',
  registers: [registry],
});

export const keptAnswers = new Counter({
  name: 'kept_answers_total',
  help: 'Kept answers (shop list, shop, a customer order): served from what was kept, or rebuilt',
  labelNames: ['outcome'],
  registers: [registry],
});

const dbDuration = new Histogram({
  name: 'db_statement_duration_seconds',
  help: 'Database statement latency (inside and outside transactions)',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});
const dbErrors = new Counter({ name: 'db_statement_errors_total', help: 'Database statements that failed', registers: [registry] });

/** The password hash pool's state the gauge reads; the app hands it the pool's (measureHashPool). */
let hashPool: () => { running: number; queued: number } = () => ({ running: 0, queued: 0 });
/** The gauge of password hashes reads `state` (auth/hash-pool.ts's hashPoolState): the instruments import no layer. */
export function measureHashPool(state: () => { running: number; queued: number }): void {
  hashPool = state;
}

new Gauge({
  name: 'password_hash_queue',
  help: 'Password hashes running and waiting for a thread',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    const s = hashPool();
    this.set({ state: 'running' }, s.running);
    this.set({ state: 'waiting' }, s.queued);
  },
});

export const sms = new Counter({
  name: 'sms_total',
  help: 'SMS sent, and refused by reason (budget: the number had its SMS; error: the gateway failed)',
  labelNames: ['outcome', 'reason'],
  registers: [registry],
});
const push = new Counter({
  name: 'push_total',
  help: 'Push messages sent, and failed by reason (unregistered token, error)',
  labelNames: ['outcome', 'reason'],
  registers: [registry],
});

export const engineRecompute = new Histogram({
  name: 'engine_recompute_seconds',
  help: "Time to recompute every shop's queue plan (loading the queues and running the engine), at each scrape",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
export const shopQueueLength = new Gauge({
  name: 'shop_queue_length',
  help: 'Orders waiting in the shop now',
  labelNames: ['shop', 'country'],
  registers: [registry],
});
export const shopWalkInWait = new Gauge({
  name: 'shop_walk_in_wait_minutes',
  help: 'The wait a walk-in joining the shop now would get, minutes',
  labelNames: ['shop', 'country'],
  registers: [registry],
});

const timed = <T>(run: () => Promise<T>): Promise<T> => {
  const end = dbDuration.startTimer();
  return run().then(
    (v) => {
      end();
      return v;
    },
    (err) => {
      end();
      dbErrors.inc();
      throw err;
    },
  );
};

/** The database with every statement timed and its failures counted. */
export function measuredDb(db: Db): Db {
  const wrap = (q: Queryable): Queryable => ({ query: (sql, params) => timed(() => q.query(sql, params)) });
  return {
    engine: db.engine,
    query: (sql, params) => timed(() => db.query(sql, params)),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: (sql) => timed(() => db.exec(sql)),
    close: () => db.close(),
  };
}

/** The SMS provider with what it sent and what failed counted (the budget's refusals are counted where it refuses). */
export function countedSms(inner: SmsProvider): SmsProvider {
  return {
    name: inner.name,
    outbox: () => inner.outbox(),
    async send(to, text) {
      try {
        await inner.send(to, text);
        sms.inc({ outcome: 'sent', reason: '' });
      } catch (err) {
        sms.inc({ outcome: 'refused', reason: 'error' });
        throw err;
      }
    },
  };
}

export function countedPush(inner: PushSender | null): PushSender | null {
  if (!inner) return null;
  return {
    async send(message) {
      try {
        const outcome = await inner.send(message);
        if (outcome === 'sent') push.inc({ outcome: 'sent', reason: '' });
        else push.inc({ outcome: 'failed', reason: outcome });
        return outcome;
      } catch (err) {
        push.inc({ outcome: 'failed', reason: 'error' });
        throw err;
      }
    },
  };
}

/**
 * What a load balancer and a monitoring system ask: /healthz, /readyz (database, migrations, the listener on
 * PostgreSQL; 503 while draining or with a migration missing) and /metrics (Prometheus text: the default process
 * metrics unprefixed and the service's own; loopback only, or only METRICS_TOKEN's bearer once a token or a proxy
 * is configured). Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../src/server/seed/index.ts';
import { harness, usePostgres, type Harness } from './harness.ts';

const health = suite('health, readiness and metrics');
let h: Harness;
const extra: Harness[] = [];
health.before(async () => {
  h = await harness({ seed: seedDemo });
});
health.after(async () => {
  for (const x of extra) await x.close();
  await h.close();
});

health('/healthz answers while the process runs; /readyz names its checks', async () => {
  const alive = await h.app.inject({ url: '/healthz' });
  assert.is(alive.statusCode, 200);
  assert.equal(alive.json(), { status: 'ok' });
  const ready = await h.app.inject({ url: '/readyz' });
  assert.is(ready.statusCode, 200, ready.body);
  assert.equal(ready.json(), { status: 'ready', checks: { draining: false, database: true, migrations: true, listener: true } });
  assert.is(ready.headers['cache-control'], 'no-store');
});

health('/readyz is 503 with Retry-After while a migration is missing', async () => {
  const { rows } = await h.db.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1',
  );
  await h.db.query('DELETE FROM schema_migrations WHERE version = $1', [rows[0].version]);
  try {
    const res = await h.app.inject({ url: '/readyz' });
    assert.is(res.statusCode, 503);
    assert.ok(Number(res.headers['retry-after']) > 0);
    assert.is(res.json().checks.migrations, false);
  } finally {
    await h.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [rows[0].version, rows[0].name]);
  }
  assert.is((await h.app.inject({ url: '/readyz' })).statusCode, 200);
});

health('/readyz is 503 once the process drains', async () => {
  const other = await harness();
  const closing = other.app.close();
  const res = await other.app.inject({ url: '/readyz' }).catch(() => null);
  await closing;
  await other.deps.changes.close();
  await other.db.close();
  // A closed app may refuse the injection outright; if it answers, it is not ready.
  if (res) assert.is(res.statusCode, 503);
});

health('/metrics: default metrics unprefixed and our own, with the shops’ queues and walk-in waits', async () => {
  await h.app.inject({ url: '/api/fi/pobs/' });
  await h.app.inject({ url: '/api/fi/pobs/' });
  const res = await h.app.inject({ url: '/metrics' });
  assert.is(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain/);
  const text = res.body;
  for (const name of [
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'http_request_duration_seconds',
    'streams_open',
    'queue_announcements_total',
    'kept_answers_total',
    'db_statement_duration_seconds',
    'db_statement_errors_total',
    'password_hash_queue',
    'sms_total',
    'push_total',
    'engine_recompute_seconds',
    'shop_queue_length',
    'shop_walk_in_wait_minutes',
  ]) {
    assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name);
  }
  assert.match(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/:locale\/pobs\/",status="200"\} \d+/m);
  assert.match(text, /^kept_answers_total\{outcome="served"\} [1-9]/m);
  assert.match(text, /^shop_queue_length\{shop="1",country="FI"\} \d+/m);
  assert.match(text, /^shop_walk_in_wait_minutes\{shop="1",country="FI"\} \d+/m);
  assert.match(text, /^streams_open\{kind="queue"\} 0/m);
  assert.match(text, /^db_statement_duration_seconds_count [1-9]/m);
});

health('/metrics: loopback only by default; with METRICS_TOKEN or TRUST_PROXY only the bearer of the token', async () => {
  assert.is((await h.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode, 403, 'not from elsewhere');
  const token = await harness({ config: { metricsToken: 's3cret-token' } });
  extra.push(token);
  assert.is((await token.app.inject({ url: '/metrics' })).statusCode, 403, 'loopback without the bearer');
  assert.is((await token.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode, 403);
  assert.is(
    (await token.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer s3cret-token' } })).statusCode,
    200,
  );
  const proxied = await harness({ config: { trustProxy: 1 } });
  extra.push(proxied);
  assert.is((await proxied.app.inject({ url: '/metrics' })).statusCode, 403, 'behind a proxy loopback proves nothing');
});

health('PostgreSQL: announcements are counted as sent and received', async () => {
  if (!usePostgres) return;
  await h.db.query("SELECT pg_notify('queue_changes', '5 99999 FI')");
  for (let i = 0; i < 100; i++) {
    const text = (await h.app.inject({ url: '/metrics' })).body;
    if (/^queue_announcements_total\{direction="received"\} [1-9]/m.test(text)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.unreachable('the announcement was counted as received');
});

health.run();

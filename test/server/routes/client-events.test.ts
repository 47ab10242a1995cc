/**
 * POST /api/{locale}/client-events/: the app's error reports and analytics events are validated,
 * limited per address, scrubbed, stored for 30 days and logged as structured lines.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { harness, type Harness } from '../harness.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(
      ...String(chunk)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    );
    done();
  },
});

let h: Harness;
test.before(async () => {
  h = await harness({ config: { clientEventsPerAddress: 5 }, log: pino({ level: 'info' }, sink) });
});
test.after(async () => h.close());

let ip = 0;
const post = (body: unknown, address = `10.40.0.${++ip}`) =>
  h.app.inject({ method: 'POST', url: '/api/fi/client-events/', payload: body as object, remoteAddress: address });

const error = (over: Record<string, unknown> = {}) => ({
  kind: 'error',
  name: 'render',
  at: h.clock.now() - 1000,
  route: '/shop/3',
  message: 'TypeError: x is undefined\n\tat Shop',
  stack: 'Shop@https://x/app-4f3a2b1c.js:1:2345\n\tat Boundary',
  ...over,
});
const stored = async () =>
  (
    await h.db.query<Record<string, unknown>>(
      'SELECT kind, name, build, route, locale, message, stack, props FROM client_events ORDER BY id',
    )
  ).rows;

test('a batch of an error and an analytics event is stored and logged, newlines and tabs kept', async () => {
  const before = (await stored()).length;
  const res = await post({
    build: 'b-1a2b',
    events: [
      error(),
      { kind: 'analytics', name: 'queueConfirmation', at: h.clock.now(), route: '/shop/3', props: { shop: 3, priority: 'Gold' } },
    ],
  });
  assert.is(res.statusCode, 202);
  assert.equal(res.json(), { stored: 2 });
  const rows = (await stored()).slice(before);
  assert.equal(
    rows.map((r) => [r.kind, r.name, r.build, r.route, r.locale]),
    [
      ['error', 'render', 'b-1a2b', '/shop/3', 'FI'],
      ['analytics', 'queueConfirmation', 'b-1a2b', '/shop/3', 'FI'],
    ],
  );
  assert.is(rows[0].message, 'TypeError: x is undefined\n\tat Shop');
  assert.is(rows[0].stack, 'Shop@https://x/app-4f3a2b1c.js:1:2345\n\tat Boundary', 'line:column numbers survive the scrubbing');
  assert.equal(rows[1].props, { shop: 3, priority: 'Gold' });
  const logged = lines.filter((l) => l.clientEvent).map((l) => [l.level, l.msg, (l.clientEvent as { name: string }).name]);
  assert.equal(logged.slice(-2), [
    [40, 'client error', 'render'],
    [30, 'client event', 'queueConfirmation'],
  ]);
});

test('tokens, phone numbers and e-mail addresses are scrubbed before storing and logging', async () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl';
  const message = `login failed for +358 40 100 0001 (anna.k@example.fi) with ${jwt}`;
  const res = await post({
    build: 'b1',
    events: [
      error({ message, stack: `Authorization: Bearer ${jwt}\nrefresh=${'a'.repeat(48)}` }),
      { kind: 'analytics', name: 'login', at: 1, route: '/login', props: { phone: '0401000001' } },
    ],
  });
  assert.is(res.statusCode, 202);
  const [e, a] = (await stored()).slice(-2);
  assert.is(e.message, 'login failed for [phone] ([email]) with [token]');
  assert.is(e.stack, 'Authorization: Bearer [token]\nrefresh=[token]');
  assert.equal(a.props, { phone: '[phone]' });
  const text = JSON.stringify(lines);
  for (const secret of ['100 0001', 'anna.k@', jwt, '0401000001']) assert.not.ok(text.includes(secret), secret);
});

test('bad batches get a 400 naming the field and store nothing', async () => {
  const before = (await stored()).length;
  const cases: [unknown, string][] = [
    [{ events: [error()] }, 'Missing build parameter'],
    [{ build: 'b1', events: [] }, 'Invalid events'],
    [{ build: 'b1', events: Array.from({ length: 11 }, () => error()) }, 'Invalid events'],
    [{ build: 'b1', events: [error({ kind: 'crash' })] }, 'Invalid events'],
    [{ build: 'b1', events: [error({ message: undefined })] }, 'Invalid events'],
    [{ build: 'b1', events: [error({ stack: 'x'.repeat(8001) })] }, 'Invalid events'],
    [{ build: 'b1', events: [error({ route: 'https://evil/' })] }, 'Invalid events'],
    [{ build: 'b1', events: [error({ token: 'x' })] }, 'Invalid events'],
    [{ build: 'b1', events: [error()], user: 1 }, 'Unknown field user'],
    [[error()], 'Invalid request body'],
  ];
  for (const [body, text] of cases) {
    const res = await post(body);
    assert.is(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
    assert.is(res.json().error, text);
  }
  assert.is((await stored()).length, before);
});

test('an address is limited (CLIENT_EVENTS_PER_ADDRESS a minute), with Retry-After; another address is not', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await post({ build: 'b1', events: [error()] }, '10.41.0.1')).statusCode);
  assert.equal(statuses, [202, 202, 202, 202, 202, 429, 429]);
  const refused = await post({ build: 'b1', events: [error()] }, '10.41.0.1');
  assert.match(refused.json().error, /^Too many requests\. Try again in \d+ minutes?\.$/);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.is((await post({ build: 'b1', events: [error()] }, '10.41.0.2')).statusCode, 202);
  h.clock.advance(2);
  assert.is((await post({ build: 'b1', events: [error()] }, '10.41.0.1')).statusCode, 202);
});

test('events are kept 30 days: a batch received later deletes the older ones', async () => {
  await post({ build: 'old-build', events: [error()] });
  h.clock.advance(29 * 24 * 60);
  await post({ build: 'b1', events: [error()] });
  assert.ok(
    (await stored()).some((r) => r.build === 'old-build'),
    'kept for 29 days',
  );
  h.clock.advance(2 * 24 * 60);
  await post({ build: 'b2', events: [error()] });
  const builds = (await stored()).map((r) => r.build);
  assert.not.ok(builds.includes('old-build'));
  assert.equal(builds, ['b1', 'b2']);
});

test('config.json tells the app its per-device cap', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/config.json' });
  assert.is(res.json().clientEventsPerMinute, 10);
});

test.run();

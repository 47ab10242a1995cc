/**
 * No log line carries a query's parameters, a token, a password or its hash, a code, a phone
 * or an e-mail. The log stream is captured at level trace (every request line too) through a failing query,
 * a registration, a login, a refresh, a recovery request and reset, and a URL with a token in its query. The
 * one exception is the `log` SMS provider's own line, which shows the message it did not send.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeLogger, makeRawLogger, safeError, scrub } from '../../src/server/ops/log.ts';
import { FAST, call, codeFor, freshPhone, PASSWORD, registration } from './accounts-helpers.ts';
import { harness, type Harness } from './harness.ts';

const lines: string[] = [];
const smsLines: string[] = [];
const sink = (into: string[]) => ({ write: (s: string) => void into.push(s) });

let h: Harness;
test.before(async () => {
  h = await harness({
    config: { ...FAST, logLevel: 'trace' },
    log: makeLogger({ logLevel: 'trace' }, sink(lines)),
    smsLog: makeRawLogger({ logLevel: 'trace' }, sink(smsLines)),
    beforeReady(app) {
      // A query that fails with secrets among its parameters, as a bug in a handler would.
      app.post('/test/failing-query', async (req) => {
        const b = req.body as { hash: string; phone: string; email: string };
        await h.db.query('INSERT INTO customers (id, phone, password_hash, email) VALUES ($1::int, $2, $3, $4)', [
          b.phone,
          b.phone,
          b.hash,
          b.email,
        ]);
        return { ok: true };
      });
    },
  });
});
test.after(async () => h.close());

function assertClean(secrets: Record<string, string>, atLeast: number) {
  assert.ok(lines.length >= atLeast, `the capture sees the log (${lines.length} lines)`);
  for (const line of lines) {
    for (const [what, secret] of Object.entries(secrets)) assert.not.ok(line.includes(secret), `${what} in the log: ${line}`);
  }
}

test('a failing query: logged as an error without its parameters or SQL values', async () => {
  const phone = '+358401112233';
  const body = { hash: '$scrypt$ln=10,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo', phone, email: 'leak@example.fi' };
  const res = await h.app.inject({ method: 'POST', url: '/test/failing-query', payload: body });
  assert.is(res.statusCode, 500);
  assert.equal(res.json(), { error: 'Internal server error' });
  const logged = lines.find((l) => l.includes('unhandled error'));
  assert.ok(logged, 'the failure is logged');
  assert.ok(JSON.parse(logged!).err.code, 'with its SQLSTATE');
  assertClean({ hash: 'c2FsdHNhbHQ', phone: '401112233', email: 'leak@example.fi' }, 3);
});

test('registration, login, refresh, recovery and reset: nothing personal or secret in any line', async () => {
  const phone = freshPhone();
  const email = 'someone.private@example.fi';
  const reg = await call(h, { method: 'POST', url: '/api/fi/register/', body: registration(phone, { email }) });
  assert.is(reg.status, 201);
  const login = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone, password: PASSWORD } });
  assert.is(login.status, 200);
  const { access_token: access, refresh_token: refresh } = login.json;
  assert.is((await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh } })).status, 200);
  // A wrong password and an unknown phone are logged as 4xx requests.
  await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone, password: 'Wrong-Pass-99' } });
  assert.is((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone } })).status, 200);
  const code = (await codeFor(h, phone))!;
  assert.ok(code, 'a code was sent');
  const reset = await call(h, { method: 'POST', url: '/api/fi/auth/reset/', body: { phone, token: code, password: 'Uusi-Salasana-77' } });
  assert.is(reset.status, 200, JSON.stringify(reset.json));
  // Links carry tickets and tokens in their query.
  await h.app.inject({ url: `/api/fi/pobs/?token=${refresh}&to=${encodeURIComponent(phone)}` });
  const hash = (await h.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE phone = $1', [phone])).rows[0]
    .password_hash;
  assertClean(
    {
      phone: phone.slice(4),
      email,
      password: PASSWORD,
      'new password': 'Uusi-Salasana-77',
      'wrong password': 'Wrong-Pass-99',
      hash: hash.split('$').at(-1)!,
      'access token': access.split('.')[2],
      'refresh token': refresh.slice(0, 24),
      code,
    },
    15,
  );
  // The log SMS provider's own line is the exception: it shows what it did not send.
  assert.ok(
    smsLines.some((l) => l.includes(code) && l.includes(phone)),
    'the log provider shows its message',
  );
});

test('scrub and safeError: the patterns, and only the harmless fields of an error', () => {
  assert.is(scrub('call +358 40 111 2233 or mail a.b@example.com, code 123456'), 'call [redacted] or mail [redacted], code [redacted]');
  const err = Object.assign(new Error('value "+358401112233" is out of range'), {
    code: '22003',
    params: ['+358401112233'],
    query: 'SELECT $1',
    detail: 'Key (phone)=(+358401112233)',
  });
  const safe = safeError(err);
  assert.is(safe.code, '22003');
  assert.not.ok(JSON.stringify(safe).includes('401112233'));
  assert.not.ok('params' in safe || 'query' in safe || 'detail' in safe);
});

test.run();

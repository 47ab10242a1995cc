/** The `http` SMS provider against a fake gateway on 127.0.0.1, alone and inside the recovery flow. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSms, SmsGatewayError } from '../../../src/server/notify/sms.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, login, newCustomer } from '../accounts-helpers.ts';

interface Received {
  auth: string | undefined;
  type: string | undefined;
  body: { to: string; text: string };
}

/** A gateway that records what it gets and answers `status` (or never answers when `hang`). */
function fakeGateway() {
  const received: Received[] = [];
  const waiting: Array<(r: Received) => void> = [];
  const state = { status: 202, hang: false };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const r = { auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(raw) };
      received.push(r);
      for (const w of waiting.splice(0)) w(r);
      if (state.hang) return;
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
    });
  });
  return {
    received,
    state,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    async start() {
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const gateway = fakeGateway();
let url = '';
let h: Harness;
test.before(async () => {
  url = await gateway.start();
  h = await accountsHarness({ smsProvider: 'http', smsGatewayUrl: url, smsGatewayToken: 'gw-secret' });
});
test.after(async () => {
  await h.close();
  await gateway.stop();
});

test('httpSms POSTs {to, text} as JSON with the bearer token', async () => {
  await httpSms({ url, token: 'gw-secret' }).send('+358401234567', 'Hello');
  const r = gateway.received.at(-1)!;
  assert.equal(r.body, { to: '+358401234567', text: 'Hello' });
  assert.is(r.auth, 'Bearer gw-secret');
  assert.match(r.type ?? '', /^application\/json/);
});

test('httpSms rejects on a gateway error, an unreachable gateway and a timeout', async () => {
  gateway.state.status = 500;
  // uvu has no `rejects`: the promise must throw a SmsGatewayError whose message matches.
  const fails = async (p: Promise<void>, pattern: RegExp) => {
    try {
      await p;
      assert.unreachable('should have failed');
    } catch (err) {
      assert.instance(err, SmsGatewayError);
      assert.match((err as Error).message, pattern);
    }
  };
  await fails(httpSms({ url, token: null }).send('+358401234567', 'x'), /answered 500/);
  gateway.state.status = 202;
  await fails(httpSms({ url: 'http://127.0.0.1:1/send', token: null }).send('+358401234567', 'x'), /unreachable/);
  gateway.state.hang = true;
  await fails(httpSms({ url, token: null, timeoutMs: 200 }).send('+358401234567', 'x'), /unreachable/);
  gateway.state.hang = false;
});

test('recovery through the gateway: the SMS carries a code that resets the password', async () => {
  const s = await newCustomer(h);
  const sms = gateway.next();
  const res = await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone } });
  assert.equal([res.status, res.json], [200, { ok: true }]);
  const r = await sms;
  assert.is(r.body.to, s.phone);
  assert.is(r.auth, 'Bearer gw-secret');
  const code = /\b(\d{6})\b/.exec(r.body.text)![1];
  assert.is(
    (await call(h, { method: 'POST', url: '/api/fi/auth/reset/', body: { phone: s.phone, token: code, password: 'Uusi-Salainen7' } }))
      .status,
    200,
  );
  await login(h, s.phone, 'Uusi-Salainen7');
  // The http provider keeps no outbox, even in development mode.
  assert.is((await call(h, { url: '/dev/sms-outbox' })).status, 404);
});

test('a failing gateway does not change the answer (it would tell that the phone has an account)', async () => {
  const s = await newCustomer(h);
  gateway.state.status = 503;
  const sms = gateway.next();
  const res = await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone }, ip: '10.40.0.1' });
  await sms;
  gateway.state.status = 202;
  assert.equal([res.status, res.json], [200, { ok: true }]);
});

test.run();

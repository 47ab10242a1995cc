/**
 * Every error answer is `{ "error": text }` (plus `field` for a field at fault), also those
 * Fastify and Node write themselves; none echoes the URL; a HEAD answer has no body; a 503 while shutting
 * down carries Retry-After. The texts are src/shared/wire-errors.ts's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { WIRE_ERRORS } from '../../src/shared/wire-errors.ts';
import { harness, type Harness } from './harness.ts';

let h: Harness;
let port = 0;
let releaseHold: () => void = () => undefined;
let holding: Promise<void>;
let markHolding: () => void = () => undefined;
let markClosing: () => void = () => undefined;
const closing = new Promise<void>((done) => (markClosing = done));

test.before(async () => {
  holding = new Promise<void>((done) => (markHolding = done));
  h = await harness({
    config: { headersTimeoutMs: 400, requestTimeoutMs: 400 },
    beforeReady(app) {
      // A request the test keeps in flight, so a shutdown must wait for it.
      app.get('/test/hold', async () => {
        markHolding();
        await new Promise<void>((done) => (releaseHold = done));
        return { held: true };
      });
      app.addHook('preClose', async () => markClosing());
    },
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
test.after(async () => {
  releaseHold();
  await h.close().catch(() => undefined);
});

const SHAPE = (body: unknown) => {
  assert.type(body, 'object');
  const keys = Object.keys(body as object).sort();
  assert.ok(keys.join() === 'error' || keys.join() === 'error,field', `only error (and field): ${JSON.stringify(body)}`);
  assert.type((body as { error: unknown }).error, 'string');
};

/** Raw bytes to the server; resolves with everything it answered once it closes the socket. */
function raw(send: (s: Socket) => void): Promise<string> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1', () => send(s));
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString('latin1')));
    s.on('close', () => done(got));
    s.on('error', () => undefined);
  });
}

function parseAnswer(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

test("Fastify's own errors through the app: our shape and texts, no URL echoed", async () => {
  const long = '1'.repeat(150);
  const cases: Array<[InjectOptions, number, string]> = [
    [{ url: '/api/fi/pobs/%E0%A4%A/' }, 400, WIRE_ERRORS.invalidUrl],
    [{ url: `/api/fi/pobs/${long}/` }, 414, WIRE_ERRORS.urlTooLong],
    [{ url: '/api/fi/no-such-route/' }, 404, WIRE_ERRORS.notFound],
    [{ url: '/no-such-file.js' }, 404, WIRE_ERRORS.notFound],
    [
      { method: 'POST', url: '/api/fi/login/', payload: '{"phone": "+35840', headers: { 'content-type': 'application/json' } },
      400,
      WIRE_ERRORS.invalidBody,
    ],
    [{ method: 'POST', url: '/api/fi/login/', payload: '', headers: { 'content-type': 'application/json' } }, 400, WIRE_ERRORS.invalidBody],
    [
      {
        method: 'POST',
        url: '/api/fi/login/',
        payload: `{"phone":"${'9'.repeat(70_000)}"}`,
        headers: { 'content-type': 'application/json' },
      },
      413,
      WIRE_ERRORS.bodyTooLarge,
    ],
    [
      { method: 'POST', url: '/api/fi/login/', payload: '<phone/>', headers: { 'content-type': 'application/xml' } },
      415,
      WIRE_ERRORS.unsupportedMediaType,
    ],
  ];
  for (const [req, status, text] of cases) {
    const res = await h.app.inject(req);
    assert.is(res.statusCode, status, `${String(req.url)}: ${res.body}`);
    assert.equal(res.json(), { error: text }, String(req.url));
    assert.not.ok(res.body.includes('pobs') || res.body.includes('no-such'), 'no URL echoed');
  }
});

test('HEAD: no body, on answers and on errors', async () => {
  for (const url of ['/api/fi/pobs/', '/api/fi/pobs/999999/', '/api/fi/no-such-route/', '/config.json']) {
    const res = await h.app.inject({ method: 'HEAD', url });
    assert.is(res.body, '', url);
  }
  const answer = parseAnswer(await raw((s) => s.write('HEAD /api/fi/pobs/999999/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')));
  assert.is(answer.status, 404);
  assert.is(answer.body, '');
});

test("Node's parser errors: a malformed request (400) and oversized headers (431) in our shape", async () => {
  const bad = parseAnswer(await raw((s) => s.write('NOT HTTP AT ALL\r\n\r\n')));
  assert.is(bad.status, 400);
  assert.equal(JSON.parse(bad.body), { error: WIRE_ERRORS.badRequest });
  const big = parseAnswer(await raw((s) => s.write(`GET /config.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)));
  assert.is(big.status, 431);
  assert.equal(JSON.parse(big.body), { error: WIRE_ERRORS.headersTooLarge });
});

test('a request that does not arrive in time: 408 in our shape', async () => {
  // Headers never finished; HEADERS_TIMEOUT_MS is 400 here.
  const slow = parseAnswer(await raw((s) => s.write('GET /config.json HTTP/1.1\r\nHost: x\r\n')));
  assert.is(slow.status, 408);
  assert.equal(JSON.parse(slow.body), { error: WIRE_ERRORS.requestTimeout });
});

test('every 4xx of the API keeps the shape (a sample of refusals)', async () => {
  for (const [method, url, payload] of [
    ['GET', '/api/xx/pobs/', undefined],
    ['GET', '/api/fi/pobs/abc/', undefined],
    ['POST', '/api/fi/login/', { phone: '' }],
    ['GET', '/api/fi/customers/1/', undefined],
    ['POST', '/api/fi/register/', []],
  ] as const) {
    const res = await h.app.inject({ method, url, payload: payload as object | undefined });
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${url}: ${res.statusCode}`);
    SHAPE(res.json());
  }
});

// Last: it closes the app.
test('while shutting down: a request on an open connection gets 503 with Retry-After in our shape', async () => {
  const answers = raw((s) => {
    s.write('GET /test/hold HTTP/1.1\r\nHost: x\r\n\r\n');
    // Once the first request is in flight and the app has begun closing, a second one on the same connection.
    void holding.then(async () => {
      void h.app.close();
      await closing;
      // The first request ends once the server has the second; the second's answer waits in order behind it.
      h.app.server.once('request', () => setImmediate(releaseHold));
      s.write('GET /config.json HTTP/1.1\r\nHost: x\r\n\r\n');
    });
  });
  const text = await answers;
  const second = text.slice(text.indexOf('HTTP/1.1', 10));
  const answer = parseAnswer(second);
  assert.ok(text.startsWith('HTTP/1.1 200'), text.slice(0, 200));
  assert.is(answer.status, 503, second);
  assert.ok(Number(answer.headers['retry-after']) > 0, 'Retry-After');
  assert.equal(JSON.parse(answer.body), { error: WIRE_ERRORS.restarting });
});

test.run();

/**
 * Connection limits on a listening server with real sockets: a client trickling its headers
 * or its body is cut off, an idle keep-alive socket closes, and one address cannot open more than the cap.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type Socket } from 'node:net';
import { harness, type Harness } from './harness.ts';
import { timeoutOptions } from '../../src/server/http/limits.ts';

const limits = suite('HTTP connection limits');
// Short timeouts so the suite does not wait 30 s; the defaults are checked in the last test.
let short: Harness;
limits.before(async () => {
  short = await harness({ config: { requestTimeoutMs: 1_000, headersTimeoutMs: 500, keepAliveTimeoutMs: 300 } });
});
limits.after(() => short.close());

async function listen(h: Harness): Promise<number> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return (h.app.server.address() as { port: number }).port;
}

function open(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (b) => (received += b));
    socket.on('error', () => {});
    const closed = new Promise<string>((r) => socket.on('close', () => r(received)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `chunk` every `everyMs` until the socket closes; fails (rather than hangs) when it never does. */
async function trickle(socket: Socket, closed: Promise<string>, chunk: string, everyMs: number): Promise<string> {
  const timer = setInterval(() => socket.writable && socket.write(chunk), everyMs);
  // A safety net so a regression fails instead of hanging the suite; not a measure of the timeout.
  const never = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the trickling socket was never closed')), 20_000).unref(),
  );
  try {
    return await Promise.race([closed, never]);
  } catch (err) {
    socket.destroy();
    throw err;
  } finally {
    clearInterval(timer);
  }
}

limits('a socket trickling a body is closed with a 408 within REQUEST_TIMEOUT_MS', async () => {
  const { socket, closed } = await open(await listen(short));
  const started = performance.now();
  socket.write('POST /api/fi/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
  const answer = await trickle(socket, closed, ' ', 100);
  assert.match(answer, /^HTTP\/1\.1 408/);
  const took = performance.now() - started;
  assert.ok(took <= short.config.requestTimeoutMs, `closed after ${Math.round(took)} ms`);
});

limits("Node's own timers and their check interval together stay within the settings", () => {
  for (const [request, headers] of [
    [30_000, 10_000],
    [1_000, 500],
    [100, 100],
  ]) {
    const t = timeoutOptions({ requestTimeoutMs: request, headersTimeoutMs: headers, keepAliveTimeoutMs: 5_000 });
    const every = t.http.connectionsCheckingInterval ?? 30_000;
    assert.ok(t.requestTimeout + every <= request, `request ${request}: ${t.requestTimeout} + ${every}`);
    assert.ok((t.http.headersTimeout ?? 0) + every <= headers, `headers ${headers}: ${t.http.headersTimeout} + ${every}`);
    assert.ok((t.http.headersTimeout ?? 0) <= t.requestTimeout);
  }
});

limits('a socket trickling its headers is closed; an idle keep-alive socket is closed after an answer', async () => {
  const port = (short.app.server.address() as { port: number }).port;
  const slow = await open(port);
  slow.socket.write('GET /config.json HTTP/1.1\r\nHost: x\r\n');
  const answer = await trickle(slow.socket, slow.closed, 'X-Pad: y\r\n', 100);
  assert.match(answer, /^HTTP\/1\.1 408/);

  const idle = await open(port);
  idle.socket.write('GET /config.json HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
  const served = await idle.closed; // the server closes the idle socket; the client never does
  assert.match(served, /^HTTP\/1\.1 200/);
});

limits('one address holds at most 256 connections: the 257th gets a 503 and is closed; a freed slot is reusable', async () => {
  const h = await harness();
  assert.equal([h.config.requestTimeoutMs, h.config.headersTimeoutMs, h.config.keepAliveTimeoutMs], [30_000, 10_000, 5_000]);
  const sockets: Socket[] = [];
  try {
    assert.is(h.config.maxConnectionsPerAddress, 256);
    const port = await listen(h);
    const held = [];
    for (let i = 0; i < 256; i++) held.push(await open(port));
    sockets.push(...held.map((c) => c.socket));
    const refused = await open(port);
    sockets.push(refused.socket);
    const answer = await refused.closed;
    assert.match(answer, /^HTTP\/1\.1 503/);
    assert.match(answer, /Retry-After: \d+/i);
    assert.equal(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), { error: 'Too many connections from this address' });

    // The held connections still work, and closing one frees a slot.
    const last = held[255];
    last.socket.write('GET /config.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(await last.closed, /^HTTP\/1\.1 200/);
    // The server sees the close a moment after the client does: try a few times before calling it a failure.
    let reused = '';
    for (let attempt = 0; attempt < 20 && !reused.startsWith('HTTP/1.1 200'); attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 50));
      const again = await open(port);
      sockets.push(again.socket);
      again.socket.write('GET /config.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      reused = await again.closed;
    }
    assert.match(reused, /^HTTP\/1\.1 200/);
  } finally {
    for (const s of sockets) s.destroy();
    await h.close();
  }
});

limits.run();

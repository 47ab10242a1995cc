/**
 * Two real server processes on one PostgreSQL database: a change made through process A reaches a
 * stream that process B serves, B's kept reads show it, and a ticket A hands out opens a stream on B.
 * B's announcement listener reaches PostgreSQL through a TCP proxy in this test (LISTEN_DATABASE_URL; its pool
 * goes straight), so the listener's connection can be lost without a close: B must see it, say not ready, serve
 * A's change all the same, and follow announcements again once the database is reachable.
 * PostgreSQL only (PGlite is one process: its data directory is locked to it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usePostgres } from './harness.ts';
import { openSse, type SseStream } from './sse.ts';

const root = join(import.meta.dirname, '../..');
/**
 * Kallio, open round the clock, as in kill.test.ts: these servers run on the real clock, and the full switch of a
 * shop that is closed right now changes nothing its public stream shows (shop 1 made this test fail before
 * its opening hour).
 */
const SHOP = 2;
const dir = mkdtempSync(join(tmpdir(), 'walkin-live-'));
const children: ChildProcess[] = [];
const streams: SseStream[] = [];
let drop: (() => Promise<void>) | null = null;

/**
 * A TCP proxy on 127.0.0.1 to PostgreSQL. `freeze()` loses the way to the database silently, as a dropped NAT entry
 * or a failed-over host does: every connection through it stops forwarding both ways and is never closed, and so
 * does every connection opened until `thaw()`; after it, new connections go through again.
 */
function frozenProxy(target: URL) {
  let frozen = false;
  const cut = new Set<Socket>();
  const open = new Set<{ down: Socket; up: Socket; cut: boolean }>();
  const server: Server = createServer((down) => {
    const up = connect(Number(target.port || 5432), target.hostname);
    const pair = { down, up, cut: frozen };
    open.add(pair);
    const pipe = (from: Socket, to: Socket) => {
      from.on('data', (b) => !pair.cut && to.write(b));
      from.on('error', () => {});
      from.on('close', () => !pair.cut && to.destroy());
    };
    pipe(down, up);
    pipe(up, down);
    down.on('close', () => !pair.cut && open.delete(pair));
  });
  return {
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port))),
    freeze() {
      frozen = true;
      for (const p of open) {
        p.cut = true;
        cut.add(p.down).add(p.up);
      }
    },
    thaw() {
      frozen = false;
      for (const p of open) if (p.cut) open.delete(p);
    },
    close() {
      for (const p of open) cut.add(p.down).add(p.up);
      for (const c of cut) c.destroy();
      server.close();
    },
  };
}
let proxy: ReturnType<typeof frozenProxy> | null = null;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function start(url: string, env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: '',
      SIMULATOR: '0',
      SCRYPT_LOG_N: '10',
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise<string>((done, fail) => {
    const take = (b: Buffer) => {
      out += b;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) done(m[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => fail(new Error(`server exited before listening: ${code}\n${out}`)));
  });
}

test.after(async () => {
  for (const s of streams) s.close();
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)));
  proxy?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

let a = '';
let b = '';
let auth: Record<string, string> = {};
/** B's public stream of the shop. */
let s: SseStream;

test('a change through process A reaches the stream and the kept reads of process B', async () => {
  if (!usePostgres) return console.log('two-process test: PostgreSQL only, skipped on PGlite');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  proxy = frozenProxy(url);
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${await proxy.listen()}`;
  a = await start(url.toString());
  // A heartbeat every 200 ms heard back within 1 s: a lost listener is seen within 1.2 s (the defaults: 5 s).
  b = await start(url.toString(), { LISTEN_DATABASE_URL: proxied.toString(), LISTEN_HEARTBEAT_MS: '200', LISTEN_DEADLINE_MS: '1000' });
  const key = (JSON.parse(readFileSync(join(dir, 'operator-keys.json'), 'utf8')) as Record<string, { key: string }>)[String(SHOP)].key;
  auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  // B keeps the shop's answer and streams it.
  const before = await (await fetch(`${b}/api/fi/pobs/${SHOP}/`)).json();
  assert.is(before.queue_state, 'open', 'the switch must change what the public stream shows');
  s = await openSse(`${b}/api/fi/pobs/${SHOP}/events/`);
  streams.push(s);
  const first = await s.next();
  // An operator ticket from A opens B's operator stream.
  const ticket = (
    await (
      await fetch(`${a}/api/fi/operator/pobs/${SHOP}/events/ticket/`, { method: 'POST', headers: { authorization: auth.authorization } })
    ).json()
  ).ticket;
  const q = await openSse(`${b}/api/fi/operator/pobs/${SHOP}/events/?ticket=${ticket}`);
  streams.push(q);
  assert.is(q.status, 200, q.body);
  const qFirst = await q.next();

  const res = await fetch(`${a}/api/fi/operator/pobs/${SHOP}/`, { method: 'PATCH', headers: auth, body: JSON.stringify({ full: true }) });
  assert.is(res.status, 200, await res.text());
  const changed = await s.next((e) => JSON.parse(e.data).queue_state === 'full', 1);
  assert.ok(Number(changed.id) > Number(first.id), 'the event id is the new queue_version');
  const qChanged = await q.next((e) => JSON.parse(e.data).pob.full === true, 1);
  assert.is(qChanged.id, changed.id);
  assert.ok(Number(qChanged.id) > Number(qFirst.id));
  assert.is((await (await fetch(`${b}/api/fi/pobs/${SHOP}/`)).json()).queue_state, 'full', "B's kept read follows A's change");
});

const queueState = async (base: string) =>
  ((await (await fetch(`${base}/api/fi/pobs/${SHOP}/`)).json()) as { queue_state: string }).queue_state;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("B's listener lost without a close: B says not ready, serves A's change within 10 s, and follows again once back", async () => {
  if (!usePostgres) return;
  assert.is((await fetch(`${b}/readyz`)).status, 200);
  assert.is(await queueState(b), 'full', 'B keeps the answer of the first test');
  const seen = s.events.length;

  proxy!.freeze();
  const cut = Date.now();
  const res = await fetch(`${a}/api/fi/operator/pobs/${SHOP}/`, { method: 'PATCH', headers: auth, body: JSON.stringify({ full: false }) });
  assert.is(res.status, 200, await res.text());
  // Nothing closes B's listener: only its heartbeat tells. Until B reaches the database again it is not ready,
  // and its answers are read afresh.
  let state = '';
  let ready = 0;
  while (Date.now() - cut < 10_000) {
    [state, ready] = await Promise.all([queueState(b), fetch(`${b}/readyz`).then((r) => r.status)]);
    if (state === 'open' && ready === 503) break;
    await sleep(50);
  }
  assert.is(state, 'open', `B serves A's change within 10 s of the cut (${Date.now() - cut} ms)`);
  assert.is(ready, 503, 'B says not ready while its listener is lost');

  // The database is reachable again: B listens anew, is ready, and its stream shows what it missed.
  proxy!.thaw();
  while ((await fetch(`${b}/readyz`)).status !== 200 && Date.now() - cut < 20_000) await sleep(50);
  assert.is((await fetch(`${b}/readyz`)).status, 200, 'B is ready again once it listens');
  await s.next((e) => JSON.parse(e.data).queue_state === 'open', seen);
  // And follows A's changes again as they are announced.
  const after = s.events.length;
  const again = await fetch(`${a}/api/fi/operator/pobs/${SHOP}/`, { method: 'PATCH', headers: auth, body: JSON.stringify({ full: true }) });
  assert.is(again.status, 200, await again.text());
  await s.next((e) => JSON.parse(e.data).queue_state === 'full', after);
  assert.is(await queueState(b), 'full');
});

test.run();

/**
 * Two real server processes on one PostgreSQL database: a change made through process A reaches a
 * stream that process B serves, B's kept reads show it, and a ticket A hands out opens a stream on B.
 * PostgreSQL only (PGlite is one process: its data directory is locked to it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function start(url: string): Promise<string> {
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
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

test('a change through process A reaches the stream and the kept reads of process B', async () => {
  if (!usePostgres) return console.log('two-process test: PostgreSQL only, skipped on PGlite');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const a = await start(url.toString());
  const b = await start(url.toString());
  const key = (JSON.parse(readFileSync(join(dir, 'operator-keys.json'), 'utf8')) as Record<string, { key: string }>)[String(SHOP)].key;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  // B keeps the shop's answer and streams it.
  const before = await (await fetch(`${b}/api/fi/pobs/${SHOP}/`)).json();
  assert.is(before.queue_state, 'open', 'the switch must change what the public stream shows');
  const s = await openSse(`${b}/api/fi/pobs/${SHOP}/events/`);
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

test.run();

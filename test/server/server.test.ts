/**
 * The server process as an operator meets it: a second start on the same PGlite directory fails with a clear
 * message, SIGTERM shuts down cleanly and frees the directory, and a 5xx never leaks internals.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/server/db/open.ts';
import { buildApp } from '../../src/server/app.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { loadConfig } from '../../src/server/config.ts';
import { migratedDataDir } from './db-templates.ts';

const root = join(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const startup = suite('server start-up and shutdown');
const dir = mkdtempSync(join(tmpdir(), 'walkin-startup-'));
// Starts from the run's migrated database instead of PostgreSQL's initdb (db-templates.ts).
await migratedDataDir(dir);

function start(): { done: Promise<{ code: number | null; out: string }>; listening: Promise<void>; kill: (s: NodeJS.Signals) => void } {
  const child = spawn(tsx, [join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: '',
      SIMULATOR: '0',
      SCRYPT_LOG_N: '10',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let onListen: () => void;
  const listening = new Promise<void>((r) => (onListen = r));
  const take = (b: Buffer) => {
    out += b;
    if (out.includes('Listening on')) onListen();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const done = new Promise<{ code: number | null; out: string }>((r) => child.on('exit', (code) => r({ code, out })));
  return { done, listening, kill: (s) => child.kill(s) };
}

startup.after(() => rmSync(dir, { recursive: true, force: true }));

startup('a second process on the same data directory stops with a clear message; SIGTERM frees it', async () => {
  const first = start();
  await Promise.race([first.listening, first.done.then((r) => Promise.reject(new Error(r.out)))]);
  assert.ok(existsSync(join(dir, 'pglite.lock')));
  const second = await start().done;
  assert.is(second.code, 1);
  assert.match(second.out, /in use by another server process/);
  first.kill('SIGTERM');
  const ended = await first.done;
  assert.is(ended.code, 0, ended.out);
  assert.match(ended.out, /SIGTERM: shutting down/);
  assert.not.ok(existsSync(join(dir, 'pglite.lock')), 'the lock is released');
  // And the next start reuses the data (no second seed).
  const third = start();
  await third.listening;
  third.kill('SIGINT');
  const r = await third.done;
  assert.is(r.code, 0);
  assert.not.match(r.out, /Seeded the demo chain/);
});

startup('a server error answers 500 with no stack or SQL', async () => {
  const db = await openDb({ databaseUrl: null, dataDir: null });
  const app = await buildApp(
    await buildDeps({ db, now: Date.now, config: loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', STATIC_DIR: '' }) }),
  );
  try {
    app.get('/api/fi/boom/', async () => {
      throw new Error('relation "secret_table" does not exist at /src/server/x.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/api/fi/boom/' });
    assert.is(res.statusCode, 500);
    assert.equal(res.json(), { error: 'Internal server error' });
    // A broken JSON body is the client's fault: a 400 with a message, not a 500.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/fi/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    assert.is(bad.statusCode, 400);
    assert.type(bad.json().error, 'string');
  } finally {
    await app.close();
    await db.close();
  }
});

startup.run();

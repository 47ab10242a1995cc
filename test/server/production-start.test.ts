/**
 * The production start as a supervisor meets it: `npm start` builds and runs the server bundle with node, and
 * SIGTERM to npm's own process drains the requests in flight and exits 0 with nothing left serving. With
 * NODE_ENV=production an empty database gets no demo chain unless SEED is set, never the demo accounts, and no
 * password is logged: both engines (PostgreSQL: a fresh database; PGlite: a fresh data directory).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/server/db/open.ts';
import { buildServer } from '../../scripts/build-server.ts';
import { createDatabase, usePostgres } from './harness.ts';
import { migratedDataDir } from './db-templates.ts';

const root = join(import.meta.dirname, '../..');
const prod = suite('production start');
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
prod.after(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** A fresh database for one start: a PostgreSQL database or a PGlite directory. */
async function freshDatabase(): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDb> }> {
  const dir = mkdtempSync(join(tmpdir(), 'walkin-prod-'));
  dirs.push(dir);
  if (usePostgres) {
    const created = await createDatabase();
    drops.push(created.drop);
    return { env: { DATABASE_URL: created.url, DATA_DIR: dir }, open: () => openDb({ databaseUrl: created.url, dataDir: null }) };
  }
  await migratedDataDir(dir);
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openDb({ databaseUrl: null, dataDir: dir }) };
}

interface Started {
  child: ChildProcess;
  port: Promise<number>;
  done: Promise<{ code: number | null; out: string }>;
}

/**
 * A copy of the repo's sources in a temporary folder (node_modules linked): `npm start` builds there, so the build it
 * runs never rewrites the dist/ that the suites running beside this one read.
 */
function repoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'walkin-repo-'));
  dirs.push(dir);
  for (const name of ['package.json', 'build.ts', 'tsconfig.json', 'tsconfig.base.json', 'src', 'public', 'locales', 'scripts'])
    cpSync(join(root, name), join(dir, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function start(cmd: string, args: string[], env: Record<string, string>, cwd = root): Started {
  const child = spawn(cmd, args, {
    cwd,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      SIMULATOR: '',
      SEED: '',
      SCRYPT_LOG_N: '10',
      NODE_ENV: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let onPort: (p: number) => void = () => {};
  const port = new Promise<number>((r) => (onPort = r));
  const take = (b: Buffer) => {
    out += b;
    const m = /Listening on http:\/\/localhost:(\d+)/.exec(out);
    if (m) onPort(Number(m[1]));
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const done = new Promise<{ code: number | null; out: string }>((r) => child.on('exit', (code) => r({ code, out })));
  return { child, port: Promise.race([port, done.then((r) => Promise.reject(new Error(`exited ${r.code}: ${r.out}`)))]), done };
}

const refused = (port: number) =>
  new Promise<boolean>((r) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      r(false);
    });
    s.once('error', () => r(true));
  });

/** A JSON request on the agent's kept connections; resolves with the status, or the error's code. */
function send(agent: Agent, port: number, method: string, path: string, body?: unknown): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

// The process chain (npm → node) is the same on both engines; the database's part is the next test's: PGlite only.
prod('SIGTERM to `npm start` drains the requests in flight and exits 0; nothing is left serving', async () => {
  if (usePostgres) return;
  const db = await freshDatabase();
  // Password hashes at a cost that takes a while: the logins are still being worked on when SIGTERM comes.
  const env = { ...db.env, SEED: '0', SIMULATOR: '0', SCRYPT_LOG_N: '15', HASH_WORKERS: '1' };
  const s = start('npm', ['start', '--silent'], env, repoCopy());
  const port = await s.port;
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const warm = await Promise.all(Array.from({ length: 6 }, () => send(agent, port, 'GET', '/config.json')));
  assert.equal(warm, Array(6).fill(200));
  const logins = Array.from({ length: 6 }, (_, i) =>
    send(agent, port, 'POST', '/api/fi/login/', { phone: `+35850999000${i}`, password: 'Not-the-one-1' }),
  );
  await new Promise((r) => setTimeout(r, 100));
  s.child.kill('SIGTERM');
  assert.equal(await Promise.all(logins), Array(6).fill(401), 'every login in flight was answered');
  agent.destroy();
  const ended = await s.done;
  assert.is(ended.code, 0, ended.out);
  assert.match(ended.out, /SIGTERM: shutting down/);
  assert.ok(await refused(port), 'no process serves the port any more');
});

prod('NODE_ENV=production on an empty database: no demo chain, no accounts, no password in the log; SEED=1 seeds shops only', async () => {
  const bundle = await buildServer(root);
  const production = { NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '1' };
  const empty = await freshDatabase();
  const first = start(process.execPath, [bundle], { ...empty.env, ...production });
  const port = await first.port;
  const shops = await (await fetch(`http://127.0.0.1:${port}/api/fi/pobs/`)).json();
  assert.equal(shops, [], 'no demo shops');
  first.child.kill('SIGTERM');
  const one = await first.done;
  assert.is(one.code, 0, one.out);
  assert.not.match(one.out, /password|Demo customers|simulator on/i);

  const seeded = await freshDatabase();
  const second = start(process.execPath, [bundle], { ...seeded.env, ...production, SEED: '1' });
  const port2 = await second.port;
  const list = (await (await fetch(`http://127.0.0.1:${port2}/api/fi/pobs/`)).json()) as unknown[];
  assert.ok(list.length > 0, 'SEED=1 seeds the demo shops');
  second.child.kill('SIGTERM');
  const two = await second.done;
  assert.is(two.code, 0, two.out);
  assert.match(two.out, /Seeded the demo chain/);
  assert.not.match(two.out, /password|Demo customers|Demo1234/i);
  const db = await seeded.open();
  try {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers');
    assert.is(rows[0].n, 0, 'no demo accounts');
  } finally {
    await db.close();
  }
});

prod.run();

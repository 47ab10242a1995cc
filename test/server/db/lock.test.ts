/**
 * The PGlite data-directory lock with real processes: a live owner holds the directory, but
 * an owner that is a zombie (killed, not yet reaped) or a PID now used by another process does not.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, openPglite } from '../../../src/server/db/pglite.ts';

const lock = suite('PGlite data-directory lock');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'walkin-lock-'));
  dirs.push(d);
  return d;
};
lock.after(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const stat = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return { state: f[0], start: Number(f[19]) };
};

/** A process that stays alive until the suite ends. */
function sleeper(): number {
  const c = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(c);
  return c.pid!;
}

async function opens(dir: string): Promise<boolean> {
  try {
    const db = await openPglite(dir);
    await db.close();
    return true;
  } catch (err) {
    if (err instanceof DataDirLockedError) return false;
    throw err;
  }
}

lock('a live owner with its start time holds the directory', async () => {
  const dir = fresh();
  const pid = sleeper();
  writeFileSync(join(dir, 'pglite.lock'), `${pid} ${stat(pid).start}`);
  assert.not.ok(await opens(dir), 'a live owner must keep the directory');
  assert.ok(existsSync(join(dir, 'pglite.lock')), 'and its lock stays');
});

lock('a reused PID (the lock names another start time) does not hold the directory', async () => {
  const dir = fresh();
  const pid = sleeper();
  writeFileSync(join(dir, 'pglite.lock'), `${pid} ${stat(pid).start - 1}`);
  assert.ok(await opens(dir));
  assert.not.ok(existsSync(join(dir, 'pglite.lock')), 'closing releases the lock');
});

lock('a zombie owner (killed, not yet reaped by its parent) does not hold the directory', async () => {
  const dir = fresh();
  // The shell starts a short-lived child, then becomes `sleep`, which never reaps it: the child stays a zombie.
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = Number(await new Promise<string>((r) => parent.stdout!.once('data', (b) => r(String(b).trim()))));
  const start = stat(pid).start;
  for (let i = 0; i < 200 && stat(pid).state !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
  assert.is(stat(pid).state, 'Z', 'the child is a zombie');
  writeFileSync(join(dir, 'pglite.lock'), `${pid} ${start}`);
  assert.ok(await opens(dir));
  // A lock of the older format (the bare PID) too.
  writeFileSync(join(dir, 'pglite.lock'), `${pid}`);
  assert.ok(await opens(dir));
});

lock('the lock written records this process with its start time', async () => {
  const dir = fresh();
  const db = await openPglite(dir);
  try {
    assert.is(readFileSync(join(dir, 'pglite.lock'), 'utf8'), `${process.pid} ${stat(process.pid).start}`);
  } finally {
    await db.close();
  }
});

lock.run();

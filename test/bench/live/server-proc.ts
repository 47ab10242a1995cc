/**
 * The real server as a child process for the benches (live.bench.ts, capacity.bench.ts): started under node with
 * `npm run serve`'s flags (not the tsx wrapper, so the pid is the server's own), and fresh PostgreSQL databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { onCores } from './cores.ts';
import { serveFlags } from './serve-flags.ts';

const root = join(import.meta.dirname, '..', '..', '..');

export interface Proc {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a script (the server with `npm run serve`'s flags) and waits for "Listening on". `pin: false` leaves it
 * where the kernel puts it; by default the server side runs on its cores (cores.ts).
 */
export async function start(script: string, env: Record<string, string> = {}, pin = true): Promise<Proc> {
  // BENCH_SERVER_FLAGS: more Node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them.
  const more = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const flags = script === 'src/server/server.ts' ? [...serveFlags(), ...more] : [];
  const args = [...flags, '--import', 'tsx', join(root, script)];
  const child = spawn(...(pin ? onCores('server', process.execPath, args) : ([process.execPath, args] as const)), {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      STREAMS_PER_ADDRESS: '100000',
      DEVELOPMENT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((done, fail) => {
    let listening = false;
    const take = (b: Buffer) => {
      // Once it listens, whatever the server logs (LOG_LEVEL=warn: warnings and errors) is shown: a stream read
      // that failed, a listener that dropped, are why a figure is missing.
      if (listening) return void process.stderr.write(`[${script}] ${b}`);
      out += b;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        listening = true;
        done(m[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => fail(new Error(`${script} exited (${code}):\n${out}`)));
  });
  return {
    child,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process, in MB (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A new, empty database on the PostgreSQL at `pgUrl`, and how to drop it. */
export async function freshDatabase(pgUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

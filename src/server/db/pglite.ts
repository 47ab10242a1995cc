/**
 * Embedded PostgreSQL (PGlite, WASM) in a data directory, guarded by a lock file (lock.ts) so one process owns it.
 *
 * PGlite runs on its own thread (pglite-worker.mjs): its WASM used to run on the main thread,
 * where every statement of a join held up the accepts, the cached reads and their compression of everything
 * else. The lock stays with this process. A transaction's statements go to the thread and run inside one PGlite
 * transaction, which holds PGlite's one connection until it commits or rolls back, as before; errors come back
 * with PostgreSQL's fields (`code`, `constraint`, …), so unique violations still map to their 409s.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Db, Queryable } from './db.ts';
import { epochMs } from './time.ts';
import { lockDataDir } from './lock.ts';

export { DataDirLockedError } from './lock.ts';

type Request =
  | { op: 'open'; dataDir: string | null; startParams: string[]; load?: string }
  | { op: 'dump'; path: string }
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
type Answer = {
  id: number;
  rows?: Record<string, unknown>[];
  times?: string[];
  ok?: true;
  error?: Record<string, unknown> & { message: string };
};

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

/** A database error as thrown on the main thread, carrying the fields PGlite gave it (code, constraint, detail, …). */
function rebuild(fields: Record<string, unknown> & { message: string }): Error {
  const err = new Error(fields.message);
  const { stack, message: _m, ...rest } = fields;
  Object.assign(err, rest);
  if (typeof stack === 'string') err.stack = stack;
  return err;
}

/** PostgreSQL settings PGlite starts with: each is a size PostgreSQL reads (`16MB`, `1MB`); null keeps PGlite's own. */
export interface PgliteSettings {
  sharedBuffers?: string | null;
  workMem?: string | null;
}

/**
 * Our start parameters, after PGlite's defaults (the database thread adds those). PostgreSQL's 128 MB of shared
 * buffers (PGlite's default) sit in the WASM heap once touched; a demo chain's data fits in a few MB, so a smaller
 * pool keeps the process's memory at rest down without a read going to the file system more often.
 */
export function startParams(s: PgliteSettings = {}): string[] {
  const extra: string[] = [];
  if (s.sharedBuffers) extra.push('-c', `shared_buffers=${s.sharedBuffers}`);
  if (s.workMem) extra.push('-c', `work_mem=${s.workMem}`);
  return extra;
}

/** PGlite's database, which can also write itself out as a dump another one opens from (`openPglite`'s `load`). */
export interface PgliteDb extends Db {
  dumpTo(path: string): Promise<void>;
}

/**
 * Opens PGlite in dir (created if missing), or in memory when dir is null (tests); `load` names a dump written by
 * `dumpTo` to start from instead of an empty cluster (it spares PostgreSQL's initdb, seconds on a slow machine).
 */
export async function openPglite(dir: string | null, settings: PgliteSettings = {}, load?: string): Promise<PgliteDb> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir);
  }
  const { port1: port, port2 } = new MessageChannel();
  const worker = new Worker(workerUrl, { workerData: { port: port2 }, transferList: [port2] });
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  // The thread keeps the process alive only while it owes an answer, as PGlite in this thread did.
  worker.unref();
  port.unref();
  const settle = () => {
    if (!pending.size) port.unref();
  };
  const fail = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const onAnswer = (a: Answer) => {
    const p = pending.get(a.id);
    if (!p) return;
    pending.delete(a.id);
    settle();
    if (a.error) p.reject(rebuild(a.error));
    else p.resolve(a);
  };
  port.on('message', onAnswer);
  // An answer that arrived is taken at the start of every HTTP request too, not only on the event loop's next
  // turn: a turn under 200 busy connections lasts tens of milliseconds, and a join's transaction (a dozen
  // statements, each waiting for its answer to be taken) would hold PGlite's one connection for a dozen turns,
  // queueing the other joins and every shop-list refresh behind it. Taken here, its next statement is sent
  // after the current request's handler, as when PGlite ran on this thread.
  const drain = () => {
    if (!pending.size) return;
    for (let m = receiveMessageOnPort(port); m; m = pending.size ? receiveMessageOnPort(port) : undefined) onAnswer(m.message as Answer);
  };
  subscribe('http.server.request.start', drain);
  worker.on('error', fail);
  worker.on('exit', (code) => fail(Object.assign(new Error(`The database thread stopped (exit ${code})`), { code: 'DB_STOPPED' })));
  const call = (req: Request): Promise<Answer> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.ref();
      port.postMessage({ id, ...req });
    });
  };
  const rows = <T>(a: Answer): { rows: T[] } => {
    const out = a.rows ?? [];
    // timestamptz arrive as text (the thread has no TypeScript): parsed here by the parser pg.ts uses too.
    if (a.times?.length) {
      for (const row of out) for (const name of a.times) if (typeof row[name] === 'string') row[name] = epochMs(row[name] as string);
    }
    return { rows: out as T[] };
  };

  try {
    await call({ op: 'open', dataDir: dir ? join(dir, 'pglite') : null, startParams: startParams(settings), load });
  } catch (err) {
    unsubscribe('http.server.request.start', drain);
    await worker.terminate();
    unlock();
    throw err;
  }
  let nextTx = 1;
  let closed: Promise<void> | null = null;
  return {
    engine: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return rows<T>(await call({ op: 'query', sql, params }));
    },
    async exec(sql) {
      await call({ op: 'exec', sql });
    },
    async dumpTo(path) {
      await call({ op: 'dump', path });
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      const q: Queryable = {
        async query<T>(sql: string, params?: unknown[]) {
          return rows<T>(await call({ op: 'query', sql, params, tx }));
        },
      };
      let out: T;
      try {
        out = await fn(q);
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return out;
    },
    close() {
      closed ??= (async () => {
        try {
          if (!dead) await call({ op: 'close' });
        } finally {
          unsubscribe('http.server.request.start', drain);
          port.close();
          await worker.terminate();
          unlock();
        }
      })();
      return closed;
    },
  };
}

/**
 * A bounded pool of scrypt threads. Logins used to hash on libuv's thread pool (4 threads),
 * where the answers' compression runs too: 40 concurrent logins held a compressed shop read for 15 s. Here
 * at most `workers` hashes run at once, each on its own thread, at most `queue` wait, and beyond that the
 * caller gets a 503 with Retry-After at once instead of an unbounded wait.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

/** What a hashing thread (scrypt-worker.mjs) is sent and answers. */
interface ScryptJob {
  id: number;
  password: string;
  salt: Uint8Array;
  keyBytes: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}
type ScryptResult = { id: number; key: Uint8Array } | { id: number; error: string };

/** The queue is full: try again shortly. The error handler turns retryAfterSeconds into Retry-After. */
export class HashBusyError extends HttpError {
  constructor() {
    super(503, WIRE_ERRORS.busy, undefined, 2);
  }
}

export interface HashPoolLimits {
  /** Hashing threads (HASH_WORKERS; default one per core). */
  workers: number;
  /** Hashes that may wait for a thread (HASH_QUEUE; default 64). */
  queue: number;
}

export const defaultHashPoolLimits = (): HashPoolLimits => ({ workers: availableParallelism(), queue: 64 });

type Job = Omit<ScryptJob, 'id'> & { resolve: (key: Buffer) => void; reject: (err: Error) => void };

const workerUrl = new URL('./scrypt-worker.mjs', import.meta.url);
let limits = defaultHashPoolLimits();
const idle: Worker[] = [];
const busy = new Map<Worker, Job>();
const waiting: Job[] = [];
let nextId = 1;

/** Sets the pool's limits (buildApp does, from the config); running and waiting hashes are kept. */
export function setHashPoolLimits(next: HashPoolLimits): void {
  limits = { ...next };
  while (idle.length && idle.length + busy.size > limits.workers) void idle.pop()!.terminate();
  pump();
}

/** How many hashes run and wait now (tests use it to fill the queue deterministically). */
export const hashPoolState = () => ({ running: busy.size, queued: waiting.length, ...limits });

/** Derives a key on a pool thread; rejects with HashBusyError when the queue is full. */
export function scryptInPool(job: Omit<ScryptJob, 'id'>): Promise<Buffer> {
  if (waiting.length >= limits.queue && !idle.length && busy.size >= limits.workers) return Promise.reject(new HashBusyError());
  return new Promise((resolve, reject) => {
    waiting.push({ ...job, resolve, reject });
    pump();
  });
}

function spawnWorker(): Worker {
  const w = new Worker(workerUrl);
  w.unref(); // an idle pool never keeps the process alive
  w.on('message', (msg: ScryptResult) => {
    const job = busy.get(w);
    busy.delete(w);
    w.unref();
    if (job) {
      if ('key' in msg) job.resolve(Buffer.from(msg.key.buffer, msg.key.byteOffset, msg.key.byteLength));
      else job.reject(new Error(msg.error));
    }
    if (idle.length + busy.size < limits.workers) idle.push(w);
    else void w.terminate();
    pump();
  });
  w.on('error', (err) => {
    // A thread that died takes its job with it; the next hash starts a fresh thread.
    busy.get(w)?.reject(err);
    busy.delete(w);
    const i = idle.indexOf(w);
    if (i >= 0) idle.splice(i, 1);
    pump();
  });
  return w;
}

function pump(): void {
  while (waiting.length && (idle.length || busy.size < limits.workers)) {
    const w = idle.pop() ?? spawnWorker();
    const job = waiting.shift()!;
    busy.set(w, job);
    w.ref(); // a hash in progress keeps the process alive until it answers
    const { resolve: _r, reject: _j, ...data } = job;
    w.postMessage({ ...data, id: nextId++ } satisfies ScryptJob);
  }
}

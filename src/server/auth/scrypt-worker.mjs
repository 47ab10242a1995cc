/**
 * A hashing thread of auth/hash-pool.ts. scryptSync blocks this thread only: a hash never takes a slot of
 * libuv's small thread pool, where the answers' brotli/gzip compression and file reads run.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit tsx's loader on Node 20, so a .ts worker
 * would not load under `npm start` or the tests. The message shapes are ScryptJob / ScryptResult in hash-pool.ts.
 */
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (job) => {
  let result;
  try {
    const key = scryptSync(job.password, job.salt, job.keyBytes, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    result = { id: job.id, key };
  } catch (err) {
    result = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort.postMessage(result);
});

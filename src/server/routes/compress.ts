/**
 * Compresses JSON answers over 1 KB (the shop list is ~9 KB) for phones on slow networks: brotli when the
 * client takes it, else gzip. Static files are precompressed at build time and skip this.
 *
 * The same answer goes to every phone while the shop cache holds it, so the last few compressed answers are
 * kept by their exact bytes and concurrent requests share one compression: under 200 connections on the shop
 * list this turns hundreds of brotli runs a second (each a trip through libuv's thread pool that, on a small
 * machine, took the main thread's core) into one per change.
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;
/** Distinct answers kept compressed, and the largest kept (bigger ones are compressed each time). */
const KEEP = 32;
const KEEP_MAX_BYTES = 256 * 1024;

/** Kept answers by their JSON, one map per encoding: the payload itself is the key (a cached shop answer is the
 * same string object each time, routes/shops.ts, so its hash is computed once), never a concatenation. */
const kept = { br: new Map<string, Promise<Buffer>>(), gz: new Map<string, Promise<Buffer>>() };

function compressed(payload: string, useBr: boolean): Promise<Buffer> {
  const run = () => (useBr ? br(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gz(payload, { level: 6 }));
  if (payload.length > KEEP_MAX_BYTES) return run();
  const key = payload;
  const map = useBr ? kept.br : kept.gz;
  const hit = map.get(key);
  if (hit) {
    // Most recently used last: the oldest is the one dropped.
    map.delete(key);
    map.set(key, hit);
    return hit;
  }
  const out = run();
  map.set(key, out);
  out.catch(() => map.get(key) === out && map.delete(key));
  if (map.size > KEEP) map.delete(map.keys().next().value!);
  return out;
}

export function compressJson(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every answer, and most (kept reads, small ones) pass as they are.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const useBr = /\bbr\b/.test(accept);
    if (!useBr && !/\bgzip\b/.test(accept)) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', useBr ? 'br' : 'gzip');
    reply.removeHeader('content-length');
    // Quality 5 / level 6: most of the saving for a fraction of the CPU of the maximum settings.
    compressed(payload, useBr).then((bytes) => done(null, bytes), done);
  });
}

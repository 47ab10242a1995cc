/**
 * Compresses JSON answers over 1 KB (the shop list is ~9 KB) for phones on slow networks: brotli when the
 * client takes it, else gzip. Static files are precompressed at build time and skip this.
 *
 * The same answer goes to every phone while the shop cache holds it, so the last few compressed answers are
 * kept by their exact bytes and concurrent requests share one compression: under 200 connections on the shop
 * list this turns hundreds of brotli runs a second (each a trip through libuv's thread pool that, on a small
 * machine, took the main thread's core) into one per change (issue 17 item 5).
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;
/** Distinct answers kept compressed, and the largest kept (bigger ones are compressed each time). */
const KEEP = 32;
const KEEP_MAX_BYTES = 256 * 1024;

const kept = new Map<string, Promise<Buffer>>();

function compressed(payload: string, useBr: boolean): Promise<Buffer> {
  const run = () => (useBr ? br(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gz(payload, { level: 6 }));
  if (payload.length > KEEP_MAX_BYTES) return run();
  const key = (useBr ? 'br\n' : 'gz\n') + payload;
  const hit = kept.get(key);
  if (hit) {
    // Most recently used last: the oldest is the one dropped.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const out = run();
  kept.set(key, out);
  out.catch(() => kept.get(key) === out && kept.delete(key));
  if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return out;
}

export function compressJson(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const useBr = /\bbr\b/.test(accept);
    if (!useBr && !/\bgzip\b/.test(accept)) return payload;
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', useBr ? 'br' : 'gzip');
    reply.removeHeader('content-length');
    // Quality 5 / level 6: most of the saving for a fraction of the CPU of the maximum settings.
    return compressed(payload, useBr);
  });
}

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accept = String(acceptEncoding ?? '');
  if (/\bbr\b(?!;q=0(\.0*)?\b)/.test(accept)) return 'br';
  if (/\bgzip\b(?!;q=0(\.0*)?\b)/.test(accept)) return 'gzip';
  return null;
}

/** Whether If-None-Match names the ETag (or is `*`); weak comparison, as RFC 9110 has it for GET. */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return String(ifNoneMatch)
    .split(',')
    .some((t) => {
      const tag = t.trim();
      return tag === '*' || tag.replace(/^W\//, '') === bare;
    });
}

/**
 * Sends a kept answer (domain/pob-cache.ts) as it is: 304 when the client has it, else its precompressed bytes
 * (or its JSON to a client that takes no compression), with the ETag. Nothing is serialized or compressed here.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: { json: string; etag: string; encoded(e: 'br' | 'gzip'): Promise<Buffer> }): Promise<unknown> | FastifyReply {
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  // Revalidated each time: the answer moves with the queue.
  reply.header('cache-control', 'no-cache');
  if (notModified(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.json.length >= MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.json);
  reply.header('content-encoding', encoding);
  return answer.encoded(encoding).then((bytes) => reply.send(bytes));
}

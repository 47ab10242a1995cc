/**
 * Answers from kept bytes (shop-cache.ts): the ETag and 304, and the precompressed form the client takes.
 * routes/compress.ts compresses every other JSON answer; these skip it (their content-encoding is set).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers this small go uncompressed (as routes/compress.ts does). */
const MIN_BYTES = 1024;

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
 * Sends a kept answer (shop-cache.ts) as it is: 304 when the client has it, else its precompressed bytes
 * (or its JSON to a client that takes no compression), with the ETag. Nothing is serialized or compressed here.
 */
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: { json: string; etag: string; encoded(e: 'br' | 'gzip'): Promise<Buffer> },
  cacheControl = 'no-cache',
): Promise<unknown> | FastifyReply {
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  // Revalidated each time: the answer moves with the queue (a customer's own answer: in his browser only).
  reply.header('cache-control', cacheControl);
  if (notModified(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.json.length >= MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.json);
  reply.header('content-encoding', encoding);
  return answer.encoded(encoding).then((bytes) => reply.send(bytes));
}

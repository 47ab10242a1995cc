/**
 * Compresses JSON answers over 1 KB (the shop list is ~9 KB) for phones on slow networks: brotli when the
 * client takes it, else gzip. Static files are precompressed at build time and skip this.
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;

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
    return useBr ? br(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gz(payload, { level: 6 });
  });
}

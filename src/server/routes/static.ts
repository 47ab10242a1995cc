/**
 * Serves the built client from memory: precompressed brotli/gzip siblings chosen by Accept-Encoding,
 * immutable caching for content-hashed files, no-cache for index.html and the service worker, and
 * index.html for every client route (a path without a file extension).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

/** Answers a GET asking for HTML with a page of its own (routes/pages.ts); false: not a page it renders. */
export type PageHandler = (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
  cache: string;
}

/** A file name carrying an esbuild content hash, e.g. main-5GXK2ZQH.js. */
const HASHED = /-[A-Z0-9]{8}\.(js|css|png|jpg|webp|svg|woff2)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function load(dir: string, hidden: string | null): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const files = walk(dir);
  const names = new Set(files);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const url = `/${relative(dir, file).split(sep).join('/')}`;
    // The server's own files (its render entry) are none for browsers.
    if (hidden && url.startsWith(`/${hidden}/`)) continue;
    const body = readFileSync(file);
    const base = url.slice(url.lastIndexOf('/') + 1);
    const cache = HASHED.test(base)
      ? 'public, max-age=31536000, immutable'
      : base === 'index.html' || base === 'sw.js'
        ? 'no-cache'
        : 'public, max-age=3600';
    assets.set(url, {
      body,
      br: names.has(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gz: names.has(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
      cache,
    });
  }
  return assets;
}

function send(req: FastifyRequest, reply: FastifyReply, asset: Asset) {
  reply
    .header('content-type', asset.type)
    .header('cache-control', asset.cache)
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (asset.br && /\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(asset.br);
  if (asset.gz && /\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(asset.gz);
  return reply.send(asset.body);
}

/**
 * `pages`: the public screens rendered by the server (routes/pages.ts); the others get the plain shell.
 * `hidden`: a directory under `dir` that is never served (the server's own files).
 */
export function staticFiles(dir: string | null, opts: { pages?: PageHandler; hidden?: string } = {}) {
  let assets: Map<string, Asset> | null = null;
  const get = () => (assets ??= dir ? load(dir, opts.hidden ?? null) : new Map());

  const fallback = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0]);
    const html = req.method === 'GET' && !extname(path) && (req.headers.accept ?? '').includes('text/html');
    if (html && opts.pages && (await opts.pages(req, reply, path))) return reply;
    const asset = get().get(path === '/' ? '/index.html' : path);
    if (asset && (req.method === 'GET' || req.method === 'HEAD')) return send(req, reply, asset);
    // Client routes (no extension) get the app shell; the client router shows its own 404 page.
    const index = get().get('/index.html');
    if (index && html) return send(req, reply, index);
    return reply.status(404).send({ error: WIRE_ERRORS.notFound });
  };

  // Every non-API request that no route claims lands in the app's not-found handler, which calls this.
  return fallback;
}

/**
 * Which caching strategy the service worker uses for a request, and which caches it keeps. Pure, so the
 * rules are tested in Node; sw/index.ts only carries them out.
 *
 * - shell:   a navigation to a client route gets the precached index.html (the app shell).
 * - asset:   hashed files, icons and images: cache-first (a hashed name never changes its content).
 * - public:  shop and barber reads and the runtime config: network first, the cached copy when offline.
 * - private: the customer's orders (the tracking screen) and receipts: network first, kept in a cache of
 *            that customer alone (`private-<id>`), which the page deletes on logout. A PATCH of an order
 *            (check in, leave) answers the order, which then replaces its cached read ('private-write');
 *            joining (the POST) answers the new order, which becomes its cached read ('private-create'), as
 *            tracking starts from that answer without reading the order again.
 *            The profile is not cached here: the app keeps it in storage and a sync without an answer
 *            keeps the stored copy, which is fresher than any cached answer (an order sent since, say).
 * - network: everything else (other writes, other origins, other authenticated calls).
 */
import { appLanguage, DEFAULT_LANGUAGE } from '../../shared/locales.ts';
import { FALLBACK_HEADER, foreignPrivateCaches, PRIVATE_PREFIX, privateCache } from './names.ts';

export { FALLBACK_HEADER, foreignPrivateCaches };

export type Strategy =
  | { kind: 'shell' }
  | { kind: 'asset' }
  | { kind: 'public' }
  | { kind: 'private'; cache: string }
  | { kind: 'private-write'; cache: string }
  | { kind: 'private-create'; cache: string }
  | { kind: 'network' };

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** Whether the request carries an Authorization header. */
  auth: boolean;
}

/** Public API reads and hashed files; the shell cache carries the build's version in its name. */
export const PUBLIC_CACHE = 'api-v1';
export const ASSET_CACHE = 'assets-v1';
export const SHELL_PREFIX = 'shell-';
/** How long a read waits for the network before the cached copy is shown (a slow 3G answer is ~1–2 s). */
export const NETWORK_TIMEOUT_MS = 4_000;

const PRIVATE_READ = /^\/api\/[^/]+\/customers\/(\d+)\/(orders|receipts)(\/|$)/;
const ORDER = /^\/api\/[^/]+\/customers\/(\d+)\/orders\/\d+\/?$/;
const ORDERS = /^\/api\/[^/]+\/customers\/(\d+)\/orders\/$/;
const PUBLIC_READ = /^\/api\/[^/]+\/(pobs|employees)(\/|$)/;
const ASSET = /^\/(assets|icons|images)\//;
/** Event streams (and their tickets): never cached, never answered by the worker. */
const STREAM = /^\/api\/[^/]+\/.*\/events(\/|$)/;
/** Server paths a browser may navigate to that are not client routes. */
const SERVER_PAGES = /^\/(api|dev|locate)(\/|$)/;

export function strategyFor(req: RequestFacts, origin: string): Strategy {
  const url = new URL(req.url);
  if (url.origin !== origin) return { kind: 'network' };
  const path = url.pathname;
  if (STREAM.test(path)) return { kind: 'network' };
  if (req.method === 'PATCH' && req.auth) {
    const order = ORDER.exec(path);
    return order ? { kind: 'private-write', cache: privateCache(order[1]) } : { kind: 'network' };
  }
  if (req.method === 'POST' && req.auth) {
    const orders = ORDERS.exec(path);
    return orders ? { kind: 'private-create', cache: privateCache(orders[1]) } : { kind: 'network' };
  }
  if (req.method !== 'GET') return { kind: 'network' };
  if (req.mode === 'navigate') {
    // A path with an extension is a file (sw.js, manifest), never a client route.
    return SERVER_PAGES.test(path) || /\.[a-z0-9]+$/i.test(path) ? { kind: 'network' } : { kind: 'shell' };
  }
  if (ASSET.test(path) || path === '/manifest.webmanifest') return { kind: 'asset' };
  // Authenticated reads: only the customer's orders and receipts are kept, in that customer's own cache.
  if (req.auth) {
    const own = PRIVATE_READ.exec(path);
    return own ? { kind: 'private', cache: privateCache(own[1]) } : { kind: 'network' };
  }
  if (PUBLIC_READ.test(path) || path === '/config.json') return { kind: 'public' };
  return { kind: 'network' };
}

/** Caches an activating worker deletes: other versions of the shell, and caches no version uses any more. */
export function staleCaches(keys: readonly string[], shell: string): string[] {
  return keys.filter((k) => k !== shell && k !== PUBLIC_CACHE && k !== ASSET_CACHE && !k.startsWith(PRIVATE_PREFIX));
}

/** Entries of the asset cache that belong to no file of this build (hashed names of older builds). */
export function staleAssets(cachedUrls: readonly string[], current: ReadonlySet<string>): string[] {
  return cachedUrls.filter((u) => {
    const path = new URL(u).pathname;
    return path.startsWith('/assets/') && !current.has(path);
  });
}

/** Reads whose answer depends on the language they name (menu texts, notices, bios, receipt rows). */
const LANGUAGE_READ = /^\/api\/[^/]+\/((pobs|employees)(\/|$)|customers\/\d+\/receipts(\/|$))/;

/**
 * The key a read is cached under. A catalogue or receipts read keeps only `lang` (missing: the server's
 * fallback, Finnish) and `dev`, in one order, so a copy is served only for the language it was read in and
 * the same read in another spelling of the query shares one entry. Other URLs are their own key.
 */
export function cacheKey(url: string): string {
  const u = new URL(url);
  if (!LANGUAGE_READ.test(u.pathname)) return url;
  const lang = appLanguage(u.searchParams.get('lang')) ?? DEFAULT_LANGUAGE;
  const dev = u.searchParams.get('dev');
  const query = new URLSearchParams({ lang });
  if (dev === '1' || dev === 'true') query.set('dev', '1');
  return `${u.origin}${u.pathname}?${query}`;
}

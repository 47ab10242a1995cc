/**
 * Security headers through helmet: a strict Content-Security-Policy built from the
 * configuration, frame-ancestors 'none' with X-Frame-Options DENY, nosniff, a Referrer-Policy, optional HSTS,
 * and `Cache-Control: no-store` for the answers that carry tokens or the profile (`noStore`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import { pageLoader, scriptHash } from './page-loader.ts';

/** The tile server the client's own map draws from (src/client/lib/map.ts OSM_TILE_URL): always allowed. */
export const OSM_TILES = 'https://tile.openstreetmap.org';

/**
 * Google's documented allowlist for the Maps JavaScript API and the static map image
 * (developers.google.com/maps/documentation/javascript/content-security-policy), added only with MAPS_KEY.
 */
const MAPS = {
  script: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
  ],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['https://*.google.com'],
};

/**
 * The hosts firebase/messaging talks to when the customer turns push on (FIREBASE_CONFIG). Its code is
 * bundled into our own lazily loaded chunk, so it needs no script host: only these fetch targets.
 */
const FCM_CONNECT = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/** `'sha256-…'` sources for every inline <script> of a page (build.ts injects one: the newcomer preload). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(scriptHash(m[2]));
  }
  return hashes;
}

/** The inline-script hashes of the built index.html the server will serve and of its rendered pages' loader (none without a client). */
function shellHashes(staticDir: string | null): string[] {
  const index = staticDir ? join(staticDir, 'index.html') : null;
  const loader = pageLoader(staticDir);
  return [...(index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : []), ...(loader ? [scriptHash(loader)] : [])];
}

export type Directives = Record<string, string[]>;

export function cspDirectives(config: Pick<Config, 'mapsKey' | 'firebase'>, scriptHashes: string[]): Directives {
  const maps = Boolean(config.mapsKey);
  const push = Boolean(config.firebase);
  return {
    'default-src': ["'self'"],
    // No 'unsafe-inline' for scripts, ever: the one inline script of the shell is allowed by its hash. The maps
    // JS API (only with MAPS_KEY) loads further scripts from Google's hosts and, by Google's guide, needs eval.
    'script-src': ["'self'", ...scriptHashes, ...(maps ? [...MAPS.script, "'unsafe-eval'"] : [])],
    // Inline event handlers (onerror=, onclick= in message HTML or anywhere) never run.
    'script-src-attr': ["'none'"],
    // The app styles itself with its one stylesheet; React's style props are set through the CSSOM
    // (element.style), which CSP does not govern, so neither <style> elements nor style="" attributes are
    // needed, and message HTML cannot restyle the page. The maps JS API injects <style> elements and style
    // attributes without a nonce (a precached shell cannot carry a per-response nonce), so with MAPS_KEY only,
    // styles may be inline: a style cannot run code.
    'style-src': ["'self'", ...(maps ? ["'unsafe-inline'", ...MAPS.style] : [])],
    'style-src-attr': [maps ? "'unsafe-inline'" : "'none'"],
    // data: for the barbers' initials images (lib/initials.ts); OSM tiles for the app's own map.
    'img-src': ["'self'", 'data:', OSM_TILES, ...(maps ? MAPS.img : [])],
    'connect-src': ["'self'", ...(maps ? MAPS.connect : []), ...(push ? FCM_CONNECT : [])],
    'font-src': ["'self'", ...(maps ? MAPS.font : [])],
    'frame-src': maps ? MAPS.frame : ["'none'"],
    'worker-src': ["'self'", ...(maps ? ['blob:'] : [])],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * helmet's middleware is built once here and run on every answer. (@fastify/helmet builds it anew for each
 * request, parsing the policy every time: about 12 % of the main thread under a read load in the live bench.)
 */
export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, shellHashes(config.staticDir)) },
    frameguard: { action: 'deny' },
    // Origin only, and only over HTTPS: OpenStreetMap's tile policy asks for a Referer; paths stay private.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Off unless HSTS_MAX_AGE is set: the demo runs on plain http, where a pinned HTTPS would lock users out.
    strictTransportSecurity: config.hstsMaxAge > 0 ? { maxAge: config.hstsMaxAge, includeSubDomains: false } : false,
    // The app embeds nothing cross-origin that would need to opt in; tiles and maps images are plain <img>.
    crossOriginEmbedderPolicy: false,
  });
  // The API's answers are data, never a page: a short policy that allows nothing, and none of the page's headers
  // a browser only reads for documents. Written as they are, no middleware: they ride on every read. The built
  // files that are never a page get the same (NEVER_A_PAGE).
  const api: [string, string][] = [
    ['content-security-policy', API_CSP],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(config.hstsMaxAge > 0 ? [['strict-transport-security', `max-age=${config.hstsMaxAge}`] as [string, string]] : []),
  ];
  // helmet's headers depend on nothing of the request: taken once from its middleware and written as they are,
  // like the API's (its chain of a dozen middlewares per answer cost a kept page a tenth of its throughput).
  const page: [string, string][] = [];
  headers(
    {} as IncomingMessage,
    { setHeader: (name: string, value: unknown) => page.push([name, String(value)]), removeHeader: () => {} } as unknown as ServerResponse,
    () => {},
  );
  app.addHook('onRequest', (req, reply, next) => {
    for (const [name, value] of req.url.startsWith('/api/') || NEVER_A_PAGE.test(req.url) ? api : page) reply.raw.setHeader(name, value);
    next();
  });
}

/**
 * The built files a browser never shows as a page: scripts (but the worker's, whose own policy governs it), styles,
 * the strings, images other than SVG (which can be opened as a document and run script), the manifest. They get the
 * API's short headers: the page's policy and the rest of its headers only act on documents, and were 0.7 KB of every
 * such answer, which a slow network pays for each of a first visit's dozen files (docs/decisions.md).
 */
const NEVER_A_PAGE = /^\/(?:(?:assets|icons|images)\/[^?]*\.(?:js|css|json|png|jpe?g|webp|woff2?|map)|manifest\.webmanifest)(?:\?|$)/;

/** The Content-Security-Policy of every answer under /api/ (JSON, streams): nothing may load, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Route option for answers carrying tokens or the profile: no cache (browser, proxy) may keep them. */
export async function noStore(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/**
 * Fields whose value lets its holder act (a session, a device key, a pairing or redeem code, a stream ticket, the
 * push token): an answer that carries one is never kept by a browser or proxy. Public keys of config.json
 * (mapsKey, vapidKey) and the post code are not among them.
 */
export const SECRET_FIELDS = new Set(['access_token', 'refresh_token', 'token', 'ticket', 'key', 'code', 'redeemCode', 'fcm_token']);

/** Whether a JSON schema names a secret field anywhere inside it. */
export function carriesSecret(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  const props = (schema as { properties?: Record<string, unknown> }).properties;
  if (props && typeof props === 'object' && Object.keys(props).some((k) => SECRET_FIELDS.has(k))) return true;
  return Object.values(schema).some((v) => carriesSecret(v, seen));
}

/**
 * onRoute hook: a route whose success answer (by its response schema) carries a secret gets `noStore` first of
 * its onRequest hooks, so its every answer, errors included, is `Cache-Control: no-store`.
 */
export function noStoreForSecrets(route: RouteOptions): void {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response || !Object.entries(response).some(([status, schema]) => status.startsWith('2') && carriesSecret(schema))) return;
  const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  if (hooks.includes(noStore)) return;
  route.onRequest = [noStore, ...hooks] as RouteOptions['onRequest'];
}

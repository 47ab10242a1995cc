/**
 * Security headers through helmet: a strict Content-Security-Policy built from the
 * configuration, frame-ancestors 'none' with X-Frame-Options DENY, nosniff, a Referrer-Policy, optional HSTS,
 * and `Cache-Control: no-store` for the answers that carry tokens or the profile (`noStore`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** The tile server the client's own map draws from (src/client/lib/map.ts OSM_TILE_URL): always allowed. */
export const OSM_TILES = 'https://tile.openstreetmap.org';

/**
 * Google's documented allowlist for the Maps JavaScript API and the static map image
 * (developers.google.com/maps/documentation/javascript/content-security-policy), added only with MAPS_KEY.
 */
const MAPS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com'],
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
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline-script hashes of the built index.html the server will serve (none without a client). */
function shellHashes(staticDir: string | null): string[] {
  const index = staticDir ? join(staticDir, 'index.html') : null;
  return index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
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
  app.addHook('onRequest', (req, reply, next) => headers(req.raw, reply.raw, (err?: unknown) => next(err as Error | undefined)));
}

/** Route option for answers carrying tokens or the profile: no cache (browser, proxy) may keep them. */
export async function noStore(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

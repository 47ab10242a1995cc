/**
 * The service worker (rules in routes.ts): precaches the shell that build.ts lists, answers
 * navigations with it, serves hashed files cache-first (lazy chunks are cached on first use), and reads
 * the API network first with a timeout and the cached copy as the fallback; the customer's order reads go to
 * a cache of that customer alone, which the page deletes on logout. An update waits for SKIP_WAITING.
 */
import { pushNotice } from './push-message.ts';
import {
  ASSET_CACHE,
  cacheKey,
  FALLBACK_HEADER,
  NETWORK_TIMEOUT_MS,
  PUBLIC_CACHE,
  SHELL_PREFIX,
  staleAssets,
  staleCaches,
  strategyFor,
} from './routes.ts';

declare const __PRECACHE__: string[];
declare const __ASSETS__: string[];
declare const __VERSION__: string;
const sw = self as unknown as ServiceWorkerGlobalScope;

const SHELL = `${SHELL_PREFIX}${__VERSION__}`;
const HASHED = /-[A-Z0-9]{8}\.\w+$/;

/** A hashed file already cached by an older version is copied, so an update downloads only what changed. */
async function precache() {
  const cache = await caches.open(SHELL);
  await Promise.all(
    __PRECACHE__.map(async (url) => {
      const hashed = HASHED.test(url);
      const old = hashed ? await caches.match(url) : undefined;
      // Hashed files may come from the HTTP cache (the page has just loaded them); the rest revalidate.
      const res = old ?? (await fetch(new Request(url, { cache: hashed ? 'default' : 'no-cache' })));
      if (!res.ok) throw new Error(`precache ${url}: ${res.status}`);
      await cache.put(url, res);
    }),
  );
}

sw.addEventListener('install', (event) => event.waitUntil(precache()));

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), SHELL).map((k) => caches.delete(k)));
      const assets = await caches.open(ASSET_CACHE);
      const current = new Set(__ASSETS__);
      await Promise.all(
        staleAssets(
          (await assets.keys()).map((r) => r.url),
          current,
        ).map((u) => assets.delete(u)),
      );
      await sw.clients.claim();
    })(),
  );
});

/** Caches the public reads and files a page loaded before this worker controlled it (its first visit). */
async function warm(urls: unknown[]) {
  await Promise.all(
    urls.slice(0, 100).map(async (u) => {
      if (typeof u !== 'string') return;
      const req = new Request(u);
      const s = strategyFor({ method: 'GET', url: req.url, mode: 'cors', auth: false }, location.origin);
      if (s.kind !== 'asset' && s.kind !== 'public') return;
      if (s.kind === 'asset' && (await caches.match(req))) return;
      try {
        const res = await fetch(req);
        if (res.ok) await (await caches.open(s.kind === 'asset' ? ASSET_CACHE : PUBLIC_CACHE)).put(cacheKey(req.url), res);
      } catch {
        // Offline already: nothing to keep.
      }
    }),
  );
}

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void sw.skipWaiting();
  else if (data?.type === 'CACHE_URLS' && Array.isArray(data.urls)) event.waitUntil(warm(data.urls));
});

/** The cached copy, marked so the page knows it is not fresh (its offline banner shows). */
function marked(hit: Response): Response {
  const headers = new Headers(hit.headers);
  headers.set(FALLBACK_HEADER, '1');
  return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
}

/** Network first; the cached copy when the network fails, or when it is slower than the timeout. */
function networkFirst(event: FetchEvent, cacheName: string): Promise<Response> {
  const req = event.request;
  // The language of a catalogue or receipts read is part of its key: a copy never answers another language.
  const key = cacheKey(req.url);
  let stored: Promise<unknown> = Promise.resolve();
  const network = fetch(req).then((res) => {
    if (res.ok) {
      // Cloned now: the page may read the body before the cache is open.
      const copy = res.clone();
      stored = caches.open(cacheName).then((c) => c.put(key, copy));
    }
    return res;
  });
  // A late answer after the timeout still refreshes the cache for next time.
  event.waitUntil(network.then(() => stored).catch(() => undefined));
  const cached = async () => {
    const hit = await caches.match(key, { cacheName, ignoreVary: true });
    return hit ? marked(hit) : network;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => cached().then(resolve, reject), NETWORK_TIMEOUT_MS);
    network.then(
      (res) => {
        clearTimeout(timer);
        resolve(res);
      },
      () => {
        clearTimeout(timer);
        cached().then(resolve, reject);
      },
    );
  });
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const hit = await caches.match(event.request);
  if (hit) return hit;
  const res = await fetch(event.request);
  if (res.ok && res.type === 'basic') {
    const copy = res.clone();
    event.waitUntil(caches.open(ASSET_CACHE).then((c) => c.put(event.request, copy)));
  }
  return res;
}

/** An order's PATCH answers the order: it becomes the cached read, so a reload offline shows the check-in. */
async function writeThrough(event: FetchEvent, cacheName: string): Promise<Response> {
  const res = await fetch(event.request);
  if (res.ok) {
    const copy = res.clone();
    event.waitUntil(caches.open(cacheName).then((c) => c.put(new Request(event.request.url), copy)));
  }
  return res;
}

/** Joining answers the new order: it becomes the cached read of that order, so a reload offline shows it. */
async function createThrough(event: FetchEvent, cacheName: string): Promise<Response> {
  const res = await fetch(event.request);
  if (res.ok) {
    const copy = res.clone();
    event.waitUntil(
      (async () => {
        const id = ((await copy.clone().json()) as { id?: unknown } | null)?.id;
        if (typeof id === 'number') await (await caches.open(cacheName)).put(new Request(`${event.request.url}${id}/`), copy);
      })().catch(() => undefined),
    );
  }
  return res;
}

async function shell(event: FetchEvent): Promise<Response> {
  return (await caches.match('/', { cacheName: SHELL })) ?? fetch(event.request);
}

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const s = strategyFor({ method: req.method, url: req.url, mode: req.mode, auth: req.headers.has('authorization') }, location.origin);
  if (s.kind === 'shell') event.respondWith(shell(event));
  else if (s.kind === 'asset') event.respondWith(cacheFirst(event));
  else if (s.kind === 'public') event.respondWith(networkFirst(event, PUBLIC_CACHE));
  else if (s.kind === 'private') event.respondWith(networkFirst(event, s.cache));
  else if (s.kind === 'private-write') event.respondWith(writeThrough(event, s.cache));
  else if (s.kind === 'private-create') event.respondWith(createThrough(event, s.cache));
});

// Push: firebase subscribes this worker, so the notices of the queue arrive here.
sw.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = null;
  }
  const n = pushNotice(payload, location.origin, 'Walk-in Barbers');
  event.waitUntil(
    sw.registration.showNotification(n.title, {
      body: n.body,
      tag: n.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: n.link },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link ?? '/tracking', location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = open.find((c) => new URL(c.url).origin === location.origin);
      if (client) {
        await client.focus();
        await client.navigate(link).catch(() => undefined);
      } else await sw.clients.openWindow(link);
    })(),
  );
});

/// <reference lib="webworker" />
/**
 * The service worker: precaches the hashed shell that build.ts lists, serves hashed assets cache-first,
 * API reads and pages network-first with the cached copy as the offline fallback.
 */
declare const __PRECACHE__: string[];
declare const __VERSION__: string;
const sw = self as unknown as ServiceWorkerGlobalScope;

const SHELL = `shell-${__VERSION__}`;
const RUNTIME = 'runtime-v1';

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll(__PRECACHE__)));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('shell-') && key !== SHELL) await caches.delete(key);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

async function networkFirst(req: Request, fallbackUrl?: string): Promise<Response> {
  const cache = await caches.open(RUNTIME);
  try {
    const res = await fetch(req);
    if (res.ok) void cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = (await cache.match(req)) ?? (fallbackUrl ? await caches.match(fallbackUrl) : undefined);
    if (hit) return hit;
    throw err;
  }
}

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  // Logged-in reads carry a token: never keep another person's data in a shared cache.
  if (req.headers.has('authorization')) return;
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/images/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(caches.match(req).then((hit) => hit ?? fetch(req)));
  } else if (url.pathname.startsWith('/api/') || url.pathname === '/config.json') {
    event.respondWith(networkFirst(req));
  } else if (req.mode === 'navigate') {
    event.respondWith(networkFirst(req, '/'));
  }
});

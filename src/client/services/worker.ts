/**
 * The service worker bridge: register, and when an update is waiting, activate it and reload.
 * Also the page's side of the worker's caches: the customer's private cache is deleted from here.
 */
import { foreignPrivateCaches } from '../sw/routes.ts';

export function registerWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const container = navigator.serviceWorker;
  // The first install claims the page without a reload; only a later change of worker is an update.
  let controlled = Boolean(container.controller);
  let reloading = false;
  // What this first visit loaded past the worker (before it took over) is handed to it, so it opens offline too.
  const warm = (entries: PerformanceEntryList) => {
    const urls = entries.filter((e) => !(e as PerformanceResourceTiming).workerStart).map((e) => e.name);
    if (urls.length) container.controller?.postMessage({ type: 'CACHE_URLS', urls });
  };
  // Requests still on their way when the worker takes over finish uncached too: they arrive here.
  if (!controlled && typeof PerformanceObserver !== 'undefined')
    new PerformanceObserver((list) => warm(list.getEntries())).observe({ type: 'resource' });
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      warm(performance.getEntriesByType('resource'));
      return;
    }
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  const activate = (w: ServiceWorker | null) => {
    if (w && container.controller) w.postMessage({ type: 'SKIP_WAITING' });
  };
  container
    .register('/sw.js')
    .then((reg) => {
      activate(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => w.state === 'installed' && activate(w));
      });
    })
    .catch(() => {
      // No worker (private mode, old browser): the app works online as before.
    });
}

/** Deletes the cached reads of every customer but the one logged in (all of them after a logout). */
export async function forgetPrivateReads(customerId: number | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(foreignPrivateCaches(await caches.keys(), customerId).map((k) => caches.delete(k)));
  } catch {
    // Storage blocked: there is nothing cached to forget.
  }
}

/** The browser's own idea of the connection; calls back on every change. Returns the stop. */
export function watchConnection(onChange: (online: boolean) => void): () => void {
  const on = () => onChange(true);
  const off = () => onChange(false);
  addEventListener('online', on);
  addEventListener('offline', off);
  onChange(navigator.onLine !== false);
  return () => {
    removeEventListener('online', on);
    removeEventListener('offline', off);
  };
}

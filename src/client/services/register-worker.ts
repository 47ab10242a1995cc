/**
 * The service worker bridge: register, and when an update is waiting, activate it and reload. Loaded at the first
 * interaction or when the page is hidden (app/start.ts): nothing before then needs it, so it stays out of the first visit.
 * The hand-over of what a rendered page carried to the worker's cache comes in the same chunk (one request less).
 */
export { keepCarried } from './carried.ts';

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

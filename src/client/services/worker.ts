/**
 * The service worker bridge (SPEC.md §2): register, and when an update is waiting, activate it and reload.
 */
export function registerWorker() {
  if (!('serviceWorker' in navigator) || location.hostname === '' || !window.isSecureContext) return;
  let reloading = false;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes control without a reload; only an update reloads.
    if (reloading || !hadController) return;
    reloading = true;
    location.reload();
  });
  navigator.serviceWorker
    .register('/sw.js')
    .then((reg) => {
      const activate = (w: ServiceWorker | null) => hadController && w?.postMessage({ type: 'SKIP_WAITING' });
      if (reg.waiting) activate(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => w.state === 'installed' && activate(w));
      });
    })
    .catch(() => {
      // No worker (private mode, old browser): the app works online as before.
    });
}

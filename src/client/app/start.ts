/**
 * Everything the first route needs, started by main.tsx. build.ts makes every lazily loaded chunk import
 * this module too, so the whole first-route graph lands in one shared chunk instead of a dozen small ones.
 */
import { createElement, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { listen, routeTaps } from '../router/history.ts';
import { match } from '../router/match.ts';
import { ROUTES } from '../router/routes.ts';
import { loadScreen, loaders } from './screens.ts';
import { boot } from './boot.ts';
import { App } from './App.tsx';
import { serverMarkup } from '../lib/hydrated.ts';
import { readPageData } from '../services/page-data.ts';
import { startOffline } from '../state/offline.ts';

/**
 * The app, calling `onStarted` once its first render is on the page (after hydration, when hydrating), in a task
 * of its own: not in the one that ran the first render's effects, which a slow phone would then be busy with longer.
 */
function Started({ onStarted }: { onStarted: () => void }) {
  useEffect(() => {
    routeTaps(true);
    setTimeout(onStarted);
  }, [onStarted]);
  return createElement(App);
}

export function start(root: HTMLElement) {
  routeTaps(false);
  listen();
  // Before boot, so a config or dictionary fetch that finds no network already shows the banner.
  startOffline();
  // Markup the server rendered, with the data it came from; the service worker's shell has none.
  const page = root.firstElementChild && !root.querySelector('.boot-loader') ? readPageData() : null;
  // The first screen's chunk downloads while storage, config and the dictionary load.
  const screen = match(ROUTES, location.pathname).route.screen;
  const chunk = page ? loadScreen(screen) : loaders[screen]();
  chunk.catch(() => {});
  boot(page)
    .catch((err) => {
      console.error('boot', err);
      return () => {};
    })
    .then(async (late) => {
      // Hydrating needs the screen itself at hand: a screen that suspended would be rendered afresh.
      // A tap on a link before this point has moved the app to another screen than the markup's: rendered afresh.
      const hydrating = page !== null && page.path === location.pathname && (await chunk.then(() => true).catch(() => false));
      const app = createElement(Started, { onStarted: late });
      // Hydration runs in one go: in slices, a change arriving meanwhile (a stream's frame, the clock) would meet
      // markup not yet taken over and be a hydration error. A render from scratch is a transition: React renders the
      // first screen in slices, so a slow phone never freezes for it.
      serverMarkup(hydrating);
      // From here the app hears taps itself: the loader stops noting them (components/early-taps.ts).
      (window as { __live?: 1 }).__live = 1;
      if (hydrating) hydrateRoot(root, app);
      else startTransition(() => createRoot(root).render(app));
      // The worker's registration and the hand-over of what a rendered page carried to its cache: nothing the first
      // screen shows needs them, so they wait for the first interaction (or the page being hidden) and leave a slow
      // network to the first screen. Offline, a chunk not cached yet fails to load: the worker registered on an
      // earlier visit is there anyway.
      atFirstInteraction(() =>
        import('../services/register-worker.ts')
          .then((m) => {
            m.registerWorker();
            if (page) void m.keepCarried(page);
          })
          .catch(() => {}),
      );
    });
}

/** Runs `f` once, at the first tap, key or scroll, or when the page's visibility changes (hidden, or the app left). */
function atFirstInteraction(f: () => void) {
  const on = ['pointerdown', 'keydown', 'scroll', 'visibilitychange'];
  const go = () => {
    for (const type of on) removeEventListener(type, go, true);
    f();
  };
  for (const type of on) addEventListener(type, go, { capture: true, passive: true });
}

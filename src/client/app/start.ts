/**
 * Everything the first route needs, started by main.tsx. build.ts makes every lazily loaded chunk import
 * this module too, so the whole first-route graph lands in one shared chunk instead of a dozen small ones.
 */
import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { listen } from '../router/history.ts';
import { match } from '../router/match.ts';
import { ROUTES } from '../router/routes.ts';
import { loaders } from './screens.ts';
import { boot } from './boot.ts';
import { App } from './App.tsx';
import { registerWorker } from '../services/worker.ts';
import { startOffline } from '../state/offline.ts';

export function start(root: HTMLElement) {
  listen();
  // Before boot, so a config or dictionary fetch that finds no network already shows the banner.
  startOffline();
  // The first screen's chunk downloads while storage, config and the dictionary load.
  void loaders[match(ROUTES, location.pathname).route.screen]().catch(() => {});
  boot()
    .catch((err) => console.error('boot', err))
    .finally(() => {
      // As a transition React renders the first screen in slices, so a slow phone never freezes for it.
      const app = createRoot(root);
      startTransition(() => app.render(createElement(App)));
      registerWorker();
    });
}

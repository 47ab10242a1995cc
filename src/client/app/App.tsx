/** The app shell: the matched screen with its slide, the navigation bar, the notice bar, the offline banner. */
import { Suspense, useDeferredValue, useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { loc, redirect } from '../router/history.ts';
import { guard, match, showsNav } from '../router/match.ts';
import { ROUTES } from '../router/routes.ts';
import { loggedIn } from '../state/session.ts';
import { screen } from './screens.ts';
import { Nav } from './Nav.tsx';
import { NoticeBar } from './NoticeBar.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { Loader } from '../components/Loader.tsx';
import { TrackingButton } from '../components/TrackingButton.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

export function App() {
  useSignals();
  // The screen follows the location as a deferred value: a screen whose code is still on its way leaves the last one
  // in place (marked busy) instead of a spinner, which React would then hold for 300 ms at least however soon the
  // code came (docs/decisions.md, "Moving between screens").
  const current = loc.value;
  const shown = useDeferredValue(current);
  const busy = shown !== current;
  const { path, direction } = shown;
  const m = match(ROUTES, path);
  const blocked = guard(m.route, loggedIn.value);
  // The guard's answer is a new object each render: the effect keys on its fields, not on it.
  const to = blocked?.to;
  const animate = blocked?.animate;

  // path is a trigger the effect does not read: a second blocked path with the same target must redirect again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (to) redirect(to, animate);
  }, [to, animate, path]);

  if (blocked) return <Loader fullScreen />;
  const Screen = screen(m.route.screen);
  const nav = showsNav(path);
  return (
    <>
      <NoticeBar />
      <OfflineBanner />
      {/* Above the screen's <main>: a later screen that suspends leaves the shown one as it is. */}
      <Suspense
        fallback={
          <main id="main" className="page">
            <Loader fullScreen />
          </main>
        }
      >
        <main
          id="main"
          className={`page slide-${direction}${nav ? ' with-nav' : ''}${busy ? ' page-busy' : ''}`}
          aria-busy={busy || undefined}
          key={path}
        >
          <ErrorBoundary>
            <Screen params={m.params} path={path} />
          </ErrorBoundary>
        </main>
      </Suspense>
      <TrackingButton path={path} />
      {nav && <Nav path={current.path} />}
    </>
  );
}

/**
 * The 404 page: 'Oh dear, a 404.' and a link back home. Paths under /operator are the shop's console: the catch-all
 * route lands here and the console's own chunk is loaded from this lazy chunk, so the first route (at its 85 KB budget)
 * carries no byte of the console and a customer's device never downloads it.
 */
import { lazy, Suspense } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { loc } from '../../router/history.ts';
import { Loader } from '../../components/Loader.tsx';
import type { ScreenProps } from '../../router/routes.ts';

const Console = lazy(() => import('../Operator/index.tsx'));

export const isConsolePath = (path: string) => path === '/operator' || path.startsWith('/operator/');

export default function NotFound(props: Partial<ScreenProps>) {
  useSignals();
  const path = props.path ?? loc.value.path;
  if (isConsolePath(path)) {
    return (
      <Suspense fallback={<Loader fullScreen />}>
        <Console params={{}} path={path} />
      </Suspense>
    );
  }
  return (
    <section className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <a className="button primary" href="/home">
        {t('notFound.home')}
      </a>
    </section>
  );
}

/** The 404 page (SPEC.md §2): 'Oh dear, a 404.' and a link back home. */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';

export default function NotFound() {
  useSignals();
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

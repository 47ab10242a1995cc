/**
 * The barbers list: a search box (500 ms debounce), favourites when there is
 * no query, and everyone alphabetically; 10 skeletons while loading; refreshed every minute.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Icon } from '../../components/Icon.tsx';
import type { Barber } from '../../lib/types.ts';
import {
  barberQuery,
  barberQueryInput,
  barberResults,
  favoriteBarbersShown,
  setBarberQuery,
  watchBarbers,
} from '../../state/barber-search.ts';
import { barbers, barbersError, barbersStatus, loadBarbers } from '../../state/barbers.ts';
import { t } from '../../state/i18n.ts';
import { BarberCard, BarberCardSkeleton } from './BarberCard.tsx';

const SKELETONS = 10;

function List({ items }: { items: Barber[] }) {
  return (
    <ul className="barber-list">
      {items.map((b) => (
        <BarberCard key={b.id} barber={b} />
      ))}
    </ul>
  );
}

function Body() {
  useSignals();
  const status = barbersStatus.value;
  const loaded = barbers.value.length > 0;
  if (!loaded && (status === 'idle' || status === 'pending')) {
    return (
      <div className="section" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('barbers.loading')}
        </span>
        <ul className="barber-list">
          {Array.from({ length: SKELETONS }, (_, i) => (
            // loading placeholders have no identity, and their count is fixed while they show.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <BarberCardSkeleton key={i} />
          ))}
        </ul>
      </div>
    );
  }
  if (!loaded && status === 'rejected') {
    return (
      <div className="empty" role="alert">
        <p>{t('barbers.error')}</p>
        {barbersError.value && <p className="barbers-error-reason">{barbersError.value}</p>}
        <button type="button" className="button" onClick={() => void loadBarbers()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const query = barberQuery.value.trim();
  const results = barberResults.value;
  const favourites = favoriteBarbersShown.value;
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {query ? t('barbers.resultCount', { count: results.length }) : ''}
      </p>
      {favourites.length > 0 && (
        <section className="section" aria-labelledby="barbers-favourites">
          <h2 id="barbers-favourites" className="section-title">
            {t('barbers.favourites')}
          </h2>
          <List items={favourites} />
        </section>
      )}
      <section className="section" aria-labelledby="barbers-all">
        <h2 id="barbers-all" className="section-title">
          {t(query ? 'barbers.results' : 'barbers.all')}
        </h2>
        {results.length ? <List items={results} /> : <p className="empty">{t(loaded ? 'barbers.notFound' : 'barbers.none')}</p>}
      </section>
    </>
  );
}

export default function Barbers(_props: ScreenProps) {
  useSignals();
  useEffect(() => watchBarbers(), []);
  return (
    <div className="barbers">
      <header className="barbers-header">
        <h1>{t('barbers.title')}</h1>
        <p className="muted">{t('barbers.subtitle')}</p>
        <div className="barbers-search">
          <label htmlFor="barber-search" className="visually-hidden">
            {t('barbers.searchLabel')}
          </label>
          <Icon name="search" size={20} />
          <input
            id="barber-search"
            className="input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            placeholder={t('barbers.searchPlaceholder')}
            value={barberQueryInput.value}
            onChange={(e) => setBarberQuery(e.currentTarget.value)}
          />
        </div>
      </header>
      <Body />
    </div>
  );
}

/**
 * The shop list at / and /home: header with the language link, search, Closest and Map
 * buttons, favourites (when not searching) and the list. The first route, so it stays light: the map
 * overlay is its own chunk, loaded when the Map button is pressed.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Icon } from '../../components/Icon.tsx';
import { Loader } from '../../components/Loader.tsx';
import { geo, locate } from '../../state/geo.ts';
import { appliedQuery, favoriteShops, results, startShopList } from '../../state/home.ts';
import { language, t } from '../../state/i18n.ts';
import { Cards, ShopList } from './ShopList.tsx';
import { SearchBox } from './SearchBox.tsx';

const MapOverlay = lazy(() => import('../../components/MapOverlay/index.tsx'));

export default function Home(_props: ScreenProps) {
  useSignals();
  const [mapOpen, setMapOpen] = useState(false);
  const mapButton = useRef<HTMLButtonElement>(null);
  useEffect(() => startShopList(), []);

  const q = appliedQuery.value;
  const pending = geo.value.status === 'pending';
  const favourites = favoriteShops.value;
  const count = results.value.length;
  const lang = language.value;

  const closeMap = () => {
    setMapOpen(false);
    mapButton.current?.focus();
  };

  return (
    <div className="home">
      <header className="top-bar home-header">
        <h1>{t('home.appName')}</h1>
        <a className="home-language" href="/profile/language" aria-label={t('home.language', { language: lang.toUpperCase() })}>
          <Icon name="globe" size={20} />
          <span aria-hidden="true">{lang.toUpperCase()}</span>
        </a>
      </header>

      <div className="home-tools">
        <SearchBox />
        <div className="home-actions">
          <button type="button" className="button home-closest" onClick={() => void locate()} disabled={pending} aria-busy={pending}>
            {pending ? <span className="spinner spinner-small" aria-hidden="true" /> : <Icon name="locate" size={20} />}
            <span>{t(pending ? 'home.locating' : 'home.closest')}</span>
          </button>
          <button type="button" ref={mapButton} className="button home-map" onClick={() => setMapOpen(true)} aria-haspopup="dialog">
            <Icon name="map" size={20} />
            <span>{t('home.map')}</span>
          </button>
        </div>
        <p className={q ? 'home-count' : 'visually-hidden'} role="status" aria-live="polite">
          {q ? t(count === 1 ? 'home.results.one' : 'home.results.many', { count }) : ''}
        </p>
      </div>

      {!q && favourites.length > 0 && (
        <section className="section home-favorites">
          <h2 className="section-title" id="home-favorites">
            {t('home.favorites')}
          </h2>
          <Cards list={favourites} labelledBy="home-favorites" />
        </section>
      )}

      <ShopList />

      {mapOpen && (
        <Suspense fallback={<Loader fullScreen label={t('map.loading')} />}>
          <MapOverlay shops={results.value} onClose={closeMap} />
        </Suspense>
      )}
    </div>
  );
}

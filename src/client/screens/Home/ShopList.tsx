/**
 * The list part of the home screen: skeletons while loading, the error with a retry, 'no results', and
 * the shops alphabetically or grouped by distance.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { ShopCard } from '../../components/ShopCard.tsx';
import { alphabetical, appliedQuery, groups, retryShops, type ShopWithDistance } from '../../state/home.ts';
import { t } from '../../state/i18n.ts';
import { favoriteShopIds, toggleFavoriteShop } from '../../state/prefs.ts';
import { listStatus, shops } from '../../state/shops.ts';

const SKELETONS = 6;

export function Cards({ list, labelledBy }: { list: ShopWithDistance[]; labelledBy: string }) {
  useSignals();
  const favs = favoriteShopIds.value;
  return (
    <ul className="shop-list" aria-labelledby={labelledBy}>
      {list.map((s) => (
        <ShopCard key={s.id} shop={s} distance={s.distance} favorite={favs.includes(s.id)} onToggleFavorite={toggleFavoriteShop} />
      ))}
    </ul>
  );
}

export function ShopList() {
  useSignals();
  const status = listStatus.value;
  const all = shops.value;

  if (all.length === 0 && (status === 'idle' || status === 'pending')) {
    return (
      <section className="section" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('home.loading')}
        </p>
        <ul className="shop-list" aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            // loading placeholders have no identity, and their count is fixed while they show.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="shop-card skeleton" />
          ))}
        </ul>
      </section>
    );
  }

  if (all.length === 0 && status === 'rejected') {
    return (
      <section className="section home-error" role="alert">
        <h2>{t('home.error.title')}</h2>
        <p className="muted">{t('home.error.text')}</p>
        <button type="button" className="button primary" onClick={() => void retryShops()}>
          {t('home.error.retry')}
        </button>
      </section>
    );
  }

  if (all.length === 0) return <p className="empty">{t('home.empty')}</p>;

  const q = appliedQuery.value;
  const grouped = groups.value;
  const count = grouped ? grouped.reduce((n, g) => n + g.shops.length, 0) : alphabetical.value.length;
  if (q && count === 0) return <p className="empty">{t('home.search.none', { query: q })}</p>;

  if (grouped) {
    return (
      <>
        {grouped.map((g) => (
          <section className="section" key={g.group}>
            <h2 className="section-title" id={`home-group-${g.group}`}>
              {t(`home.groups.${g.group}`)}
            </h2>
            <Cards list={g.shops} labelledBy={`home-group-${g.group}`} />
          </section>
        ))}
      </>
    );
  }
  return (
    <section className="section">
      <h2 className="section-title" id="home-all">
        {t(q ? 'home.results.title' : 'home.all')}
      </h2>
      <Cards list={alphabetical.value} labelledBy="home-all" />
    </section>
  );
}

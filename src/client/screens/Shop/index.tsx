/**
 * Shop detail at /barbershop/{id}: header image, name and hours, the wait, notices, the barber
 * selector, the services with chip navigation and the map. Loads on entry, refreshes every 30 s, and goes
 * to /home when the shop cannot be loaded.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { StaticMap } from '../../components/StaticMap.tsx';
import { t } from '../../state/i18n.ts';
import { keepDraft } from '../../state/draft.ts';
import { enterOrder } from '../../state/order.ts';
import { enterShopPage } from '../../state/shop-page.ts';
import { shop } from '../../state/shops.ts';
import { BarberSelect } from './BarberSelect.tsx';
import { BackButton, FixedHeader, HeaderImage } from './Header.tsx';
import { Info } from './Info.tsx';
import { ActiveOrder, OrderFlow } from './OrderBar.tsx';
import { ServiceList } from './ServiceList.tsx';
import { usePinnedHeader } from './scroll.ts';
import { Notices, Wait } from './Wait.tsx';

function Skeleton() {
  useSignals();
  return (
    <div className="shop-page" aria-busy="true">
      <BackButton />
      <div className="shop-hero skeleton" />
      <p className="visually-hidden" role="status">
        {t('shop.loading')}
      </p>
      <div className="section shop-skeleton" aria-hidden="true">
        <div className="skeleton line wide" />
        <div className="skeleton line" />
        <div className="skeleton line" />
        <div className="skeleton block" />
        <div className="skeleton block" />
      </div>
    </div>
  );
}

export default function Shop({ params }: ScreenProps) {
  useSignals();
  const idParam = params.id;
  useEffect(() => enterShopPage(idParam), [idParam]);
  // After enterShopPage, which may clear the barber that ?barber= preselects; leaving clears the order.
  useEffect(() => enterOrder(idParam), [idParam]);
  // Last: what the customer chose before (a reload, Back) comes back once the menu is in, then every change is kept.
  useEffect(() => keepDraft(idParam), [idParam]);
  usePinnedHeader(idParam);
  const s = shop.value;
  if (!s || s.id !== Number(idParam)) return <Skeleton />;
  return (
    <div className="shop-page">
      <BackButton />
      <FixedHeader name={s.name} />
      <HeaderImage id={s.id} image={s.image} name={s.name} />
      <Info shop={s} />
      <div className="section">
        <ActiveOrder />
        <Wait />
      </div>
      <Notices shop={s} />
      <BarberSelect shop={s} />
      <ServiceList shop={s} />
      <section className="shop-location section" aria-labelledby="shop-location-title">
        <h2 id="shop-location-title" className="section-title">
          {t('shop.map.title')}
        </h2>
        <StaticMap coords={s.coords} name={s.name} address={s.address} city={s.city} />
      </section>
      <OrderFlow shop={s} />
    </div>
  );
}

/**
 * Shop detail at /barbershop/{id}: header image, name and hours, the wait, notices, the barber
 * selector, the services with chip navigation and the map. Loads on entry, refreshes every 30 s, and goes
 * to /home when the shop cannot be loaded. From the server's markup the barbers, the services and the map hydrate
 * as parts of their own, after the top (parts.tsx).
 */
import { useEffect } from 'react';
import { afterMarkup } from '../../lib/after-markup.ts';
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
import { hydrateInParts, Part, startParts } from './parts.tsx';

/** The parts hydrated on their own, in page order: each reads the shop itself (parts.tsx). */
const PARTS = ['barbers', 'services', 'map'] as const;

function Barbers() {
  useSignals();
  const s = shop.value;
  return s && <BarberSelect shop={s} />;
}

function Services() {
  useSignals();
  const s = shop.value;
  return s && <ServiceList shop={s} />;
}

function Location() {
  useSignals();
  const s = shop.value;
  if (!s) return null;
  return (
    <section className="shop-location section" aria-labelledby="shop-location-title">
      <h2 id="shop-location-title" className="section-title">
        {t('shop.map.title')}
      </h2>
      <StaticMap coords={s.coords} name={s.name} address={s.address} city={s.city} />
    </section>
  );
}

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
  // After enterShopPage, which may clear the barber that ?barber= preselects; leaving clears the order. Last: what
  // the customer chose before (a reload, Back) comes back once the menu is in, then every change is kept. Both
  // change what the parts show: they wait until the parts have hydrated.
  useEffect(
    () =>
      afterMarkup(() => {
        const leave = enterOrder(idParam);
        const stopDraft = keepDraft(idParam);
        return () => {
          leave();
          stopDraft();
        };
      }),
    [idParam],
  );
  usePinnedHeader(idParam);
  useEffect(startParts, []);
  const s = shop.value;
  if (!s || s.id !== Number(idParam)) return <Skeleton />;
  hydrateInParts(PARTS);
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
      <Part name="barbers" content={Barbers} />
      <Part name="services" content={Services} />
      <Part name="map" content={Location} />
      <OrderFlow shop={s} />
    </div>
  );
}

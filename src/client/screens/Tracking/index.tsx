/**
 * Tracking at /tracking: the wait in minutes with its colour, the queue message,
 * customers ahead, a party's people (Party.tsx), the shop (its address opens the map), check in, step out, leave
 * with a confirm, and the order's services. Refreshes every 30 s while shown; when the order ends, / follows after 500 ms.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Icon } from '../../components/Icon.tsx';
import { shopOfOrder, type TrackedOrder } from '../../lib/tracking.ts';
import { locale, t } from '../../state/i18n.ts';
import { resetPartyTracking } from '../../state/tracking/party-tracking.ts';
import { ended, fetchStatus, order, refreshOrder, startTracking } from '../../state/tracking/tracking.ts';
import { Actions } from './Actions.tsx';
import { Nearby } from './Nearby.tsx';
import { Party } from './Party.tsx';
import { Receipt } from './Receipt.tsx';
import { WaitCard } from './WaitCard.tsx';

const ShopMapDialog = lazy(() => import('../../components/ShopMapDialog.tsx'));

function ShopInfo({ order: o, onOpenMap }: { order: TrackedOrder; onOpenMap: () => void }) {
  useSignals();
  const address = o.shop.address.includes(o.shop.city) ? o.shop.address : [o.shop.address, o.shop.city].filter(Boolean).join(', ');
  return (
    <section className="tracking-shop section" aria-labelledby="tracking-shop-title">
      <h2 id="tracking-shop-title" className="section-title">
        {t('tracking.shop.title')}
      </h2>
      <button type="button" className="tracking-shop-button card" onClick={onOpenMap}>
        <Icon name="pin" />
        <span className="tracking-shop-text">
          <strong>{o.shop.name}</strong>
          <span className="muted">{address}</span>
        </span>
        <span className="tracking-shop-map">{t('tracking.shop.openMap')}</span>
      </button>
      <p className="tracking-barber muted">{o.barber ? t('tracking.barber', { name: o.barber.name }) : t('tracking.anyone')}</p>
    </section>
  );
}

function Placeholder() {
  useSignals();
  if (fetchStatus.value === 'rejected') {
    return (
      <div className="empty tracking-error" role="alert">
        <p>{t('common.error')}</p>
        <button type="button" className="button" onClick={() => void refreshOrder()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="tracking-skeleton section" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('tracking.loading')}
      </p>
      <div className="skeleton tracking-skeleton-wait" />
      <div className="skeleton tracking-skeleton-line" />
      <div className="skeleton tracking-skeleton-line short" />
    </div>
  );
}

export default function Tracking(_props: ScreenProps) {
  useSignals();
  const [mapOpen, setMapOpen] = useState(false);
  useEffect(() => {
    const stop = startTracking();
    return () => {
      stop();
      resetPartyTracking();
    };
  }, []);
  const o = order.value;
  return (
    <div className="tracking-page">
      <header className="top-bar">
        <h1>{t('tracking.title')}</h1>
      </header>
      {ended.value ? (
        <div className="empty tracking-ended" role="status">
          <p>{t('tracking.ended')}</p>
          <a className="button" href="/">
            {t('tracking.home')}
          </a>
        </div>
      ) : o ? (
        <>
          <WaitCard order={o} />
          <Nearby order={o} />
          <Party order={o} />
          <Actions order={o} />
          <ShopInfo order={o} onOpenMap={() => setMapOpen(true)} />
          <Receipt order={o} />
        </>
      ) : (
        <Placeholder />
      )}
      {mapOpen && o && (
        <Suspense fallback={null}>
          <ShopMapDialog shop={shopOfOrder(o, locale.value)} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The order flow on the shop page: the bar with the chosen services, their total and Next;
 * then the login dialog (logged out), the under-5-minutes confirm, the review, and the shop's map.
 */
import { lazy, Suspense, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { MAX_ORDER_ITEMS } from '../../../shared/constants.ts';
import { activeElsewhere, dialog, editable, error, full, next, status, totals } from '../../state/order.ts';
import { pageState } from '../../state/shop-page.ts';

const ShopMapDialog = lazy(() => import('../../components/ShopMapDialog.tsx'));
const OrderDialogs = lazy(() => import('./OrderDialogs.tsx'));
const Nearby = lazy(() => import('./Nearby.tsx'));
const OfferSpacer = lazy(() => import('./Nearby.tsx').then((m) => ({ default: m.OfferSpacer })));

export function OrderBar({ shopName }: { shopName: string }) {
  useSignals();
  if (status.value === 'idle') return null;
  const sum = totals.value;
  const loc = locale.value;
  const closed = pageState.value !== 'taking-orders';
  const count = sum.services === 1 ? t('order.bar.one') : t('order.bar.many', { count: sum.services });
  return (
    <>
      <div className="order-bar-spacer" aria-hidden="true" />
      <Suspense fallback={null}>
        <OfferSpacer />
      </Suspense>
      <section className="order-bar" aria-label={t('order.bar.label')}>
        {/* A shorter queue nearby sits on top of the bar, where the customer is looking while he picks. */}
        <Suspense fallback={null}>
          <Nearby hereName={shopName} />
        </Suspense>
        <div className="order-bar-summary">
          <p className="order-bar-count" aria-live="polite" aria-atomic="true">
            <span>{count}</span> · <span>{formatMinutes(sum.duration, loc)}</span> ·{' '}
            <strong className="order-bar-total">{formatPrice(sum.price, loc)}</strong>
          </p>
          {activeElsewhere.value ? (
            <p className="order-bar-note">{t('order.active.title')}</p>
          ) : closed ? (
            <p className="order-bar-note">{t('order.bar.notTaking')}</p>
          ) : error.value === 'timeslot' ? (
            <p className="order-bar-note">{t('order.errors.timeslot.title')}</p>
          ) : (
            full.value && <p className="order-bar-note">{t('order.bar.limit', { max: MAX_ORDER_ITEMS })}</p>
          )}
        </div>
        <button type="button" className="button primary order-next" onClick={next} disabled={!editable.value}>
          {t('order.next')}
        </button>
      </section>
    </>
  );
}

/** With an active order the page says so and offers tracking before anything is built. */
export function ActiveOrder() {
  useSignals();
  if (!activeElsewhere.value) return null;
  return (
    <section className="shop-active-order card" aria-labelledby="shop-active-order-title">
      <h2 id="shop-active-order-title" className="shop-active-order-title">
        {t('order.active.title')}
      </h2>
      <p>{t('order.active.text')}</p>
      <a className="button primary block" href="/tracking">
        {t('order.active.track')}
      </a>
    </section>
  );
}

export function OrderFlow({ shop }: { shop: ShopDetail }) {
  useSignals();
  const [mapOpen, setMapOpen] = useState(false);
  // The dialogs' code comes once a service is picked (or a dialog is asked for): after the first tap, before Next.
  const wanted = status.value !== 'idle' || dialog.value !== null;
  return (
    <>
      <OrderBar shopName={shop.name} />
      {wanted && (
        <Suspense fallback={null}>
          <OrderDialogs shop={shop} onOpenMap={() => setMapOpen(true)} />
        </Suspense>
      )}
      {mapOpen && (
        <Suspense fallback={null}>
          <ShopMapDialog shop={shop} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

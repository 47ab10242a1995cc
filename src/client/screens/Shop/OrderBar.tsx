/**
 * The order flow on the shop page: the bar with the chosen services, their total and Next;
 * then the login dialog (logged out), the under-5-minutes confirm, the review, and the shop's map.
 */
import { lazy, Suspense, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { NearbyOffer } from '../../components/NearbyOffer.tsx';
import { LoginDialog } from '../../components/LoginDialog/index.tsx';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { MAX_ORDER_ITEMS } from '../../../shared/constants.ts';
import {
  activeElsewhere,
  cancelLowWait,
  closeLogin,
  confirmLowWait,
  dialog,
  editable,
  error,
  full,
  loginSucceeded,
  next,
  status,
  totals,
} from '../../state/order.ts';
import { offer } from '../../state/nearby.ts';
import { goThere } from '../../state/nearby-shop.ts';
import { pageState } from '../../state/shop-page.ts';
import { ReviewModal } from './ReviewModal.tsx';

const ShopMapDialog = lazy(() => import('../../components/ShopMapDialog.tsx'));

export function OrderBar({ shopName }: { shopName: string }) {
  useSignals();
  if (status.value === 'idle') return null;
  const sum = totals.value;
  const loc = locale.value;
  const closed = pageState.value !== 'taking-orders';
  const count = sum.services === 1 ? t('order.bar.one') : t('order.bar.many', { count: sum.services });
  return (
    <>
      <div className={offer.value ? 'order-bar-spacer with-offer' : 'order-bar-spacer'} aria-hidden="true" />
      <section className="order-bar" aria-label={t('order.bar.label')}>
        {/* A shorter queue nearby sits on top of the bar, where the customer is looking while he picks. */}
        <NearbyOffer hereName={shopName} takeLabel={t('nearby.go')} onTake={goThere} />
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
  const open = dialog.value;
  return (
    <>
      <OrderBar shopName={shop.name} />
      {status.value === 'accepted' && <ReviewModal shop={shop} onOpenMap={() => setMapOpen(true)} />}
      {open === 'low-wait' && (
        <ConfirmDialog
          className="low-wait-dialog"
          title={t('order.lowWait.title')}
          description={t('order.lowWait.text')}
          cancelLabel={t('order.lowWait.cancel')}
          confirmLabel={t('order.lowWait.confirm')}
          onCancel={cancelLowWait}
          onConfirm={confirmLowWait}
        />
      )}
      <LoginDialog open={open === 'login'} onClose={closeLogin} onSuccess={loginSucceeded} />
      {mapOpen && (
        <Suspense fallback={null}>
          <ShopMapDialog shop={shop} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

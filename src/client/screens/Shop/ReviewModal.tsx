/**
 * The order review: the shop with a map image that opens the map, the barber,
 * the wait, the chosen services with their extras, the totals, and the send. Closing it (Escape, the
 * backdrop, 'Edit order') goes back to editing with the selection kept.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Timer } from '../../components/Timer.tsx';
import { WaitWindow } from '../../components/WaitWindow.tsx';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import { orderTotals } from '../../lib/order.ts';
import { nameError } from '../../lib/party.ts';
import { intlOfLanguage } from '../../lib/shop-detail.ts';
import { shopMap } from '../../lib/static-map.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { config } from '../../state/config.ts';
import { language, locale, t } from '../../state/i18n.ts';
import { backToEditing, barber, lines, sending, sentWait, totals } from '../../state/order.ts';
import { reviewBody, sendOrder } from '../../state/order-send.ts';
import { changed, current, quoteStatus, resetQuote, startQuoting } from '../../state/quote.ts';
import { companionLines, companions, firstInvalid } from '../../state/party.ts';
import { selectedQueue } from '../../state/shop-page.ts';
import { EtaChoice } from './EtaChoice.tsx';
import { focusFirstInvalid, Party } from './Party.tsx';
import { PartyDone } from './PartyDone.tsx';

/** Join: a companion with something wrong stops it, and his first wrong field gets the focus. */
async function send() {
  const sent = await sendOrder();
  const bad = firstInvalid.peek();
  if (!sent && bad) focusFirstInvalid(bad.key, nameError(bad.name) === null);
}

function MapPreview({ shop, onOpen }: { shop: ShopDetail; onOpen: () => void }) {
  useSignals();
  const [failed, setFailed] = useState(false);
  const map = shopMap(shop.coords, null, config.value.mapsKey, intlOfLanguage(language.value).split('-')[0]);
  return (
    <button type="button" className="review-map" onClick={onOpen} aria-label={t('order.review.openMap', { name: shop.name })}>
      {map.image && !failed ? (
        <img className="static-map-image" src={map.image} alt="" width={map.width} height={map.height} onError={() => setFailed(true)} />
      ) : (
        <span className="static-map-placeholder review-map-placeholder">
          <span className="static-map-pin" aria-hidden="true">
            <Icon name="pin" size={28} />
          </span>
        </span>
      )}
      <span className="review-map-hint" aria-hidden="true">
        <Icon name="map" size={16} /> {t('order.review.mapHint')}
      </span>
    </button>
  );
}

/** The wait for him: the quote of exactly what would be sent (state/quote.ts), a dash while it is asked for. */
function QuotedWait({ frozen }: { frozen: boolean }) {
  useSignals();
  const q = current.value;
  const minutes = frozen ? (sentWait.value ?? q?.queue ?? null) : (q?.queue ?? null);
  return (
    <dd aria-busy={quoteStatus.value === 'pending' || undefined}>
      <Timer minutes={minutes} />
      {q && <WaitWindow wait={q.queue} low={q.queue_low} high={q.queue_high} />}
    </dd>
  );
}

export function ReviewModal({ shop, onOpenMap }: { shop: ShopDetail; onOpenMap: () => void }) {
  useSignals();
  // While the review is open it follows the quote of what it would send; closed, the quote is forgotten.
  useEffect(() => {
    const stop = startQuoting(reviewBody);
    return () => {
      stop();
      resetQuote();
    };
  }, []);
  const moved = changed.value;
  const loc = locale.value;
  const people = companions.value.length + 1;
  const sum = people > 1 ? orderTotals([...lines.value, ...companionLines.value.flat()]) : totals.value;
  const state = sending.value;
  const busy = state === 'pending';
  const sent = state === 'fulfilled';
  const chosenBarber = barber.value !== null ? selectedQueue.value?.barber.name : null;
  const address = shop.address.includes(shop.city) ? shop.address : `${shop.address}, ${shop.city}`;
  return (
    <Dialog labelledBy="review-title" onClose={backToEditing} className="review-dialog">
      <div className="dialog-head">
        <h2 id="review-title">{t('order.review.title')}</h2>
        <button type="button" className="icon-button" onClick={backToEditing} disabled={busy || sent} aria-label={t('order.review.edit')}>
          <Icon name="close" />
        </button>
      </div>
      <MapPreview shop={shop} onOpen={onOpenMap} />
      <dl className="review-facts">
        <div>
          <dt>{t('order.review.shop')}</dt>
          <dd>
            <strong>{shop.name}</strong>
            <span className="muted">{address}</span>
          </dd>
        </div>
        <div>
          <dt>{t('order.review.barber')}</dt>
          <dd>{chosenBarber ?? t('order.review.anyone')}</dd>
        </div>
        <div>
          <dt>{t('order.review.wait')}</dt>
          <QuotedWait frozen={busy || sent} />
        </div>
      </dl>
      <EtaChoice />
      <h3 className="review-services-title">{people > 1 ? t('party.yourServices') : t('order.review.services')}</h3>
      <ul className="review-lines">
        {lines.value.map(({ service, extras }) => (
          <li key={service.id}>
            <span className="review-line">
              <span>{service.title}</span>
              <span>{formatPrice(service.price, loc)}</span>
            </span>
            {extras.map((e) => (
              <span key={e.id} className="review-line extra">
                <span>+ {e.title}</span>
                <span>{formatPrice(e.price, loc)}</span>
              </span>
            ))}
          </li>
        ))}
      </ul>
      <Party shop={shop} locked={busy || sent} />
      <p className="review-total">
        <span>{people > 1 ? t('party.total', { count: people }) : t('order.review.total')}</span>
        <span className="muted">{formatMinutes(sum.duration, loc)}</span>
        <strong>{formatPrice(sum.price, loc)}</strong>
      </p>
      <p className="muted review-note">{t('order.review.note')}</p>
      {people > 1 && <PartyDone />}
      <p className="review-sent" role="status">
        {sent ? t('order.review.sent') : moved && !busy ? t('order.review.changed', { wait: moved.queue }) : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={backToEditing} disabled={busy || sent}>
          {t('order.review.edit')}
        </button>
        <button
          type="button"
          className="button primary order-send"
          onClick={() => void send()}
          disabled={busy || sent}
          aria-busy={busy || undefined}
          data-autofocus
        >
          {(busy || sent) && <span className="button-spinner" aria-hidden="true" />}
          {busy || sent ? t('order.review.sending') : t('order.review.send')}
        </button>
      </div>
    </Dialog>
  );
}

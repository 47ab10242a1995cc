/**
 * The one line of a shorter queue nearby (state/nearby.ts): "Hakaniemi: usually 5–10 min, 800 m away", what the
 * other shop lacks, the screen's action ("Go there", "Move my place") and "No thanks". Part of the page, not a
 * dialog: a labelled section with real buttons, reached in the page's tab order.
 */
import { useId } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatMinutes } from '../lib/format.ts';
import { formatDistance } from '../lib/format-distance.ts';
import { intlOfLanguage } from '../lib/shop-detail.ts';
import { language, locale, t } from '../state/i18n.ts';
import { offer, refuseOffer, type NearbyOffer as Offer } from '../state/nearby.ts';
import { windowText } from './WaitWindow.tsx';

/** The offer's words: the shop, its window (its wait when the window says nothing more) and how far it is. */
export function offerText(o: Offer, hereName: string): string {
  const s = o.candidate.shop;
  // No wait reads as the timer says it ("Now"), not "0 min".
  const when = windowText(s.queue, s.queueLow, s.queueHigh) || (s.queue === 0 ? t('timer.now') : formatMinutes(s.queue, locale.value));
  const distance = formatDistance(o.candidate.km, locale.value);
  return o.candidate.fromCustomer
    ? t('nearby.line', { name: s.name, window: when, distance })
    : t('nearby.lineFromShop', { name: s.name, window: when, distance, here: hereName });
}

/** The titles as a list in the customer's language ("beard trim and hot towel"). */
function listOf(items: readonly string[]): string {
  try {
    return new Intl.ListFormat(intlOfLanguage(language.value), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

interface NearbyOfferProps {
  /** This shop's name, for the distance when the customer's position is unknown. */
  hereName: string;
  takeLabel: string;
  onTake: () => void;
  busy?: boolean;
}

export function NearbyOffer({ hereName, takeLabel, onTake, busy = false }: NearbyOfferProps) {
  useSignals();
  const id = useId();
  const o = offer.value;
  if (!o) return null;
  return (
    <section className="nearby-offer" aria-labelledby={`${id}-title`} aria-describedby={`${id}-line`}>
      <div className="nearby-offer-text">
        <p id={`${id}-title`} className="nearby-offer-title">
          {t('nearby.title', { minutes: Math.round(o.candidate.gain) })}
        </p>
        <p id={`${id}-line`} className="nearby-offer-line">
          {offerText(o, hereName)}
          {o.missing.length > 0 && <span className="nearby-offer-missing"> {t('nearby.missing', { items: listOf(o.missing) })}</span>}
        </p>
      </div>
      <div className="nearby-offer-actions">
        <button type="button" className="button primary nearby-offer-take" onClick={onTake} disabled={busy}>
          {takeLabel}
        </button>
        <button type="button" className="button nearby-offer-refuse" onClick={refuseOffer} disabled={busy}>
          {t('nearby.refuse')}
        </button>
      </div>
    </section>
  );
}

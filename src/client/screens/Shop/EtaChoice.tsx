/**
 * The review step's "When will you be at the shop?": the trip from the customer's position when location
 * is allowed (walking or driving), else (or instead) "I'm here" / about 10 / about 20 / 30 min or more; "leave now"
 * when the turn alert would fall due at once.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ETA_CHOICES, type EtaChoice as Choice } from '../../lib/travel.ts';
import { intlOfLanguage } from '../../lib/shop-detail.ts';
import { chooseEta, effectiveChoice, leaveAtOnce, leaveByAt, prepareEta, trip } from '../../state/eta.ts';
import { language, localeInfo, t } from '../../state/i18n.ts';
import { formatClock } from '../../lib/format.ts';
import { sending } from '../../state/order.ts';

// In the shop's time zone, never the phone's.
const clock = (at: number) => formatClock(at, intlOfLanguage(language.value), localeInfo.value.timezone);
const label = (c: Choice) => (c === 0 ? t('eta.choices.here') : t(`eta.choices.m${c}`));

export function EtaChoice() {
  useSignals();
  useEffect(() => void prepareEta(), []);
  const current = effectiveChoice.value;
  const tr = trip.value;
  const locked = sending.value === 'pending' || sending.value === 'fulfilled';
  return (
    <fieldset className="eta-choice" disabled={locked}>
      <legend className="review-services-title">{t('eta.title')}</legend>
      <div className="eta-options">
        {tr && (
          <label className="eta-option eta-location">
            <input type="radio" name="eta" checked={current === 'location'} onChange={() => chooseEta('location')} />
            <span>{t(`eta.location.${tr.mode}`, { minutes: tr.minutes })}</span>
          </label>
        )}
        {ETA_CHOICES.map((c) => (
          <label key={c} className="eta-option">
            <input type="radio" name="eta" checked={current === c} onChange={() => chooseEta(c)} />
            <span>{label(c)}</span>
          </label>
        ))}
      </div>
      <p className="eta-leave-now" role="status">
        {leaveAtOnce.value ? t('eta.leaveNow') : leaveByAt.value !== null ? t('window.leaveBy', { time: clock(leaveByAt.value) }) : ''}
      </p>
    </fieldset>
  );
}

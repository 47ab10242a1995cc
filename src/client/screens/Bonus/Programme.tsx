/**
 * The bonus programme: the counter (amount, expiration date) and a slider of benefits,
 * 2.1 per view with 20 px spacing, redeemable first; redeeming shows the code.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { CSSProperties } from 'react';
import type { WireBenefit } from '../../../shared/wire-account.ts';
import { BONUS_SLIDE_SPACING, BONUS_SLIDES_PER_VIEW, dateOnlyToIso } from '../../lib/account.ts';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { benefitState } from '../../lib/members.ts';
import { locale, t } from '../../state/i18n.ts';
import { benefits, canUseBenefits, redeem, redeeming } from '../../state/bonus.ts';
import { profile } from '../../state/session.ts';

function BenefitCard({ benefit }: { benefit: WireBenefit }) {
  useSignals();
  const state = benefitState(benefit);
  const busy = redeeming.value[benefit.id];
  return (
    <li className={`benefit card benefit-${state}`}>
      <h3 className="benefit-title">{benefit.title}</h3>
      <p className="benefit-value">{benefit.value}</p>
      {state === 'redeemed' ? (
        <p className="benefit-state">
          {t('bonus.redeemedOn', { date: formatDate(benefit.dateRedeemed ?? '', locale.value) })}
          {benefit.redeemCode && (
            <strong className="benefit-code">
              <span className="muted">{t('bonus.code')}</span> {benefit.redeemCode}
            </strong>
          )}
        </p>
      ) : state === 'redeemable' ? (
        <button
          type="button"
          className="button primary"
          disabled={busy === 'pending' || !canUseBenefits.value}
          aria-busy={busy === 'pending'}
          onClick={() => void redeem(benefit.id)}
        >
          {busy === 'pending' ? t('bonus.redeeming') : t('bonus.redeem')}
        </button>
      ) : (
        <p className="benefit-state muted">{t('bonus.notRedeemable')}</p>
      )}
      {busy === 'rejected' && (
        <p className="field-error" role="alert">
          {t('bonus.redeemFailed')}
        </p>
      )}
    </li>
  );
}

export function BonusProgramme() {
  useSignals();
  const bonus = profile.value?.bonus;
  const list = benefits.value;
  const slider = { '--per-view': BONUS_SLIDES_PER_VIEW, '--gap': `${BONUS_SLIDE_SPACING}px` } as CSSProperties;
  return (
    <>
      <section className="section bonus-counter card" aria-labelledby="bonus-amount-label">
        <h2 id="bonus-amount-label" className="section-title">
          {t('bonus.amount')}
        </h2>
        <p className="bonus-amount" aria-live="polite">
          {formatPrice(bonus?.amount ?? 0, locale.value)}
        </p>
        {bonus?.expirationDate && (
          <p className="muted">{t('bonus.expires', { date: formatDate(dateOnlyToIso(bonus.expirationDate) ?? '', locale.value) })}</p>
        )}
      </section>
      <section className="section" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section-title">
          {t('bonus.benefits')}
        </h2>
        {!canUseBenefits.value && (
          <p className="form-note">
            {t('bonus.needEmail')} <a href="/profile/email">{t('bonus.addEmail')}</a>
          </p>
        )}
        {list.length === 0 ? (
          <p className="empty">{t('bonus.noBenefits')}</p>
        ) : (
          <ul className="benefit-slider" style={slider} aria-label={t('bonus.benefits')}>
            {list.map((b) => (
              <BenefitCard key={b.id} benefit={b} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

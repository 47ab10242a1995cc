/**
 * Notifications: SMS permission (patching the inverse) and push, which works only on
 * Android with Chrome and a firebase config; without that config "not available here", else the browser notice.
 * When the turn alert comes: the default, or 10, 20 or 30 minutes before the turn (alert_lead_minutes).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { patchStatus } from '../../state/account.ts';
import { profile } from '../../state/session.ts';
import { setAlertLead, toggleSmsPermission } from '../../state/permissions.ts';
import { ALERT_LEAD_CHOICES, DEFAULT_ALERT_LEAD_MINUTES } from '../../lib/travel.ts';
import { pushAvailable, pushEnabled, pushMissing, pushStatus, togglePush } from '../../state/push.ts';
import { SubPage, Toggle } from '../../components/SubPage.tsx';
import { ProofOffer } from '../../components/PhoneProof.tsx';

export default function Notifications(_props: ScreenProps) {
  useSignals();
  const patching = patchStatus.value === 'loading';
  const push = pushStatus.value;
  const p = profile.value;
  // Until the phone is proven no alert SMS goes to it, whatever the permission says: shown off, and why.
  const unproven = p?.phone_proven === false;
  return (
    <SubPage title={t('notifications.title')}>
      <Toggle
        id="allow-sms"
        label={t('notifications.sms')}
        description={unproven ? t('notifications.smsUnproven') : t('notifications.smsText')}
        checked={!unproven && p?.allow_sms !== false}
        busy={patching && push !== 'pending'}
        disabled={unproven}
        onToggle={() => void toggleSmsPermission()}
      />
      {unproven && p && <ProofOffer phone={p.phone} />}
      <Toggle
        id="push"
        label={t('notifications.push')}
        description={
          pushAvailable.value
            ? t('notifications.pushText')
            : pushMissing.value === 'service'
              ? t(unproven ? 'notifications.notConfiguredNoSms' : 'notifications.notConfigured')
              : t('notifications.unsupported')
        }
        checked={pushEnabled.value}
        busy={push === 'pending'}
        onToggle={() => void togglePush()}
      />
      <fieldset className="alert-lead" disabled={patching}>
        <legend>{t('notifications.lead.title')}</legend>
        <p className="muted alert-lead-text">{t('notifications.lead.text')}</p>
        {([null, ...ALERT_LEAD_CHOICES] as const).map((m) => (
          <label key={m ?? 'default'} className="alert-lead-option">
            <input
              type="radio"
              name="alert-lead"
              checked={(profile.value?.alert_lead_minutes ?? null) === m}
              onChange={() => void setAlertLead(m)}
            />
            <span>
              {m === null
                ? t('notifications.lead.default', { minutes: DEFAULT_ALERT_LEAD_MINUTES })
                : t('notifications.lead.minutes', { minutes: m })}
            </span>
          </label>
        ))}
      </fieldset>
      <p className={patchStatus.value === 'error' || push === 'rejected' ? 'status-line error' : 'status-line'} aria-live="polite">
        {push === 'rejected'
          ? t('notifications.pushFailed')
          : patchStatus.value === 'error'
            ? t('account.patchFailed')
            : patching
              ? t('account.saving')
              : ''}
      </p>
    </SubPage>
  );
}

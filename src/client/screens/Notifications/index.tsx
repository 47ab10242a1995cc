/**
 * Notifications (SPEC.md §2, §4, §6): SMS permission (patching the inverse) and push, which works only on
 * Android with Chrome and a firebase config; elsewhere the not-supported notice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../app/screens.ts';
import { t } from '../../state/i18n.ts';
import { patchStatus } from '../../state/account.ts';
import { profile } from '../../state/session.ts';
import { toggleSmsPermission } from '../../state/permissions.ts';
import { pushAvailable, pushEnabled, pushStatus, togglePush } from '../../state/push.ts';
import { SubPage, Toggle } from '../Profile/ui.tsx';

export default function Notifications(_props: ScreenProps) {
  useSignals();
  const patching = patchStatus.value === 'loading';
  const push = pushStatus.value;
  return (
    <SubPage title={t('notifications.title')}>
      <Toggle
        id="allow-sms"
        label={t('notifications.sms')}
        description={t('notifications.smsText')}
        checked={profile.value?.allow_sms !== false}
        busy={patching && push !== 'pending'}
        onToggle={() => void toggleSmsPermission()}
      />
      <Toggle
        id="push"
        label={t('notifications.push')}
        description={pushAvailable.value ? t('notifications.pushText') : t('notifications.unsupported')}
        checked={pushEnabled.value}
        busy={push === 'pending'}
        onToggle={() => void togglePush()}
      />
      <p className={patchStatus.value === 'error' || push === 'rejected' ? 'status-line error' : 'status-line'} aria-live="polite">
        {push === 'rejected' ? t('notifications.pushFailed') : patchStatus.value === 'error' ? t('account.patchFailed') : patching ? t('account.saving') : ''}
      </p>
    </SubPage>
  );
}

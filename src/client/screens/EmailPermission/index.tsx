/** E-mail permission: one switch; each tap patches the profile with the inverse value. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { patchStatus } from '../../state/account.ts';
import { profile } from '../../state/session.ts';
import { toggleEmailPermission } from '../../state/permissions.ts';
import { SubPage, Toggle } from '../../components/SubPage.tsx';

export default function EmailPermission(_props: ScreenProps) {
  useSignals();
  const status = patchStatus.value;
  return (
    <SubPage title={t('email.permissionTitle')}>
      <p>{t('email.permissionText')}</p>
      <Toggle
        id="allow-email"
        label={t('email.permissionLabel')}
        description={profile.value?.email ? profile.value.email : t('email.permissionNoEmail')}
        checked={Boolean(profile.value?.allow_email)}
        busy={status === 'loading'}
        onToggle={() => void toggleEmailPermission()}
      />
      <p className={status === 'error' ? 'status-line error' : 'status-line'} aria-live="polite">
        {status === 'error' ? t('account.patchFailed') : status === 'loading' ? t('account.saving') : ''}
      </p>
    </SubPage>
  );
}

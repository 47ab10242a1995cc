/**
 * Password change: current, new and confirm; submit disabled until valid; the server's
 * error text or a generic one; success replaces the form.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { RULE_PARAMS } from '../../lib/validation.ts';
import { t } from '../../state/i18n.ts';
import {
  editPassword as edit,
  leavePassword,
  passwordError,
  passwordForm as form,
  passwordStatus,
  submitPasswordChange,
} from '../../state/password.ts';
import { PasswordField } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, bindField, FormError, SuccessCard } from '../../components/form/Form.tsx';
import { SubPage } from '../../components/SubPage.tsx';

export default function Password(_props: ScreenProps) {
  useSignals();
  useEffect(() => leavePassword, []);
  const status = passwordStatus.value;
  return (
    <SubPage title={t('password.title')}>
      {status === 'success' ? (
        <SuccessCard text={t('password.done')} link={{ href: '/profile', label: t('password.backToProfile'), primary: false }} />
      ) : (
        <AccountForm attempt={() => form.attempt()} onSubmit={() => void submitPasswordChange()}>
          <PasswordField
            {...bindField('password-old', t('password.old'), form, 'old_password', edit)}
            autoComplete="current-password"
            required
          />
          <PasswordField
            {...bindField('password-new', t('password.new'), form, 'new_password', edit)}
            hint={t('account.passwordRule', RULE_PARAMS)}
            autoComplete="new-password"
            required
          />
          <PasswordField
            {...bindField('password-confirm', t('password.confirm'), form, 'confirm', edit)}
            autoComplete="new-password"
            required
          />
          <FormError text={status === 'failure' && passwordError.value} />
          <AnnouncedSubmit
            label={t('password.save')}
            pendingLabel={t('password.saving')}
            pending={status === 'pending'}
            disabled={!form.valid.value}
          />
        </AccountForm>
      )}
    </SubPage>
  );
}

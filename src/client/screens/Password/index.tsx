/**
 * Password change (SPEC.md §2, §5, §8): current, new and confirm; submit disabled until valid; the server's
 * error text or a generic one; success replaces the form.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../app/screens.ts';
import { t } from '../../state/i18n.ts';
import { editPassword as edit, leavePassword, passwordError, passwordForm as form, passwordStatus, submitPasswordChange } from '../../state/password.ts';
import { attemptOnEnter, PasswordField } from '../../components/LoginDialog/fields.tsx';
import { SubPage } from '../Profile/ui.tsx';

export default function Password(_props: ScreenProps) {
  useSignals();
  useEffect(() => leavePassword, []);
  const status = passwordStatus.value;
  const v = form.values.value;
  return (
    <SubPage title={t('password.title')}>
      {status === 'success' ? (
        <div className="form-success" role="status">
          <p>{t('password.done')}</p>
          <a className="button block" href="/profile">
            {t('password.backToProfile')}
          </a>
        </div>
      ) : (
        <form
          className="account-form"
          noValidate
          onKeyDown={attemptOnEnter(() => form.attempt())}
          onSubmit={(e) => {
            e.preventDefault();
            void submitPasswordChange();
          }}
        >
          <PasswordField id="password-old" label={t('password.old')} value={v.old_password} onValue={(x) => edit('old_password', x)} onBlur={() => form.blur('old_password')} error={form.shown('old_password')} autoComplete="current-password" required />
          <PasswordField
            id="password-new"
            label={t('password.new')}
            value={v.new_password}
            onValue={(x) => edit('new_password', x)}
            onBlur={() => form.blur('new_password')}
            error={form.shown('new_password')}
            hint={t('password.newHint')}
            autoComplete="new-password"
            required
          />
          <PasswordField id="password-confirm" label={t('password.confirm')} value={v.confirm} onValue={(x) => edit('confirm', x)} onBlur={() => form.blur('confirm')} error={form.shown('confirm')} autoComplete="new-password" required />
          <div aria-live="assertive">
            {status === 'failure' && (
              <p className="form-errors" role="alert">
                {passwordError.value}
              </p>
            )}
          </div>
          <button type="submit" className="button primary block" disabled={!form.valid.value || status === 'pending'} aria-busy={status === 'pending'}>
            {status === 'pending' ? t('password.saving') : t('password.save')}
          </button>
        </form>
      )}
    </SubPage>
  );
}

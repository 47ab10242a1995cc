/**
 * The login form, shared by the login page and the login dialog: dial code and
 * phone, password, 'stay logged in'; a failure marks both fields and shows the VPN hint.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { loginFailure, loginStatus, tokenError } from '../../state/account.ts';
import { bothWrong, editLogin, loginForm } from '../../state/login.ts';
import { Checkbox, PasswordField, PhoneField } from '../form/fields.tsx';
import { AccountForm, AnnouncedSubmit, bind, bindField, FormAlert } from '../form/Form.tsx';

function failureText(failure: { status: number; message: string; retryAfter?: number } | null): string {
  if (!failure) return '';
  if (failure.status === 0) return t('login.errors.network');
  // The lock-out says how long, from the answer's Retry-After (whole minutes, at least one).
  if (failure.status === 429 && failure.retryAfter)
    return t('login.errors.tooManyWait', { minutes: Math.max(1, Math.ceil(failure.retryAfter / 60)) });
  if (failure.status === 429) return t('login.errors.tooMany');
  return t('login.errors.failed');
}

export function LoginForm({ idPrefix, onSubmit }: { idPrefix: string; onSubmit: () => void }) {
  useSignals();
  const v = loginForm.values.value;
  const pending = loginStatus.value === 'pending';
  const failed = bothWrong.value;
  const errorId = `${idPrefix}-failure`;
  return (
    <AccountForm attempt={() => loginForm.attempt()} onSubmit={onSubmit}>
      {tokenError.value && !failed && (
        <p className="form-note" role="status">
          {tokenError.value === 'expired' ? t('account.loginAgain.text') : t('account.statusError')}
        </p>
      )}
      <PhoneField
        id={`${idPrefix}-phone`}
        label={t('login.phone')}
        country={v.country}
        onCountry={(c) => editLogin('country', c)}
        {...bind(loginForm, 'phone', editLogin)}
        invalid={failed}
        describedBy={failed ? errorId : undefined}
        required
      />
      <PasswordField
        {...bindField(`${idPrefix}-password`, t('login.password'), loginForm, 'password', editLogin)}
        invalid={failed}
        describedBy={failed ? errorId : undefined}
        autoComplete="current-password"
        required
      />
      <Checkbox id={`${idPrefix}-remember`} checked={v.remember} onChecked={(x) => editLogin('remember', x)}>
        {t('login.remember')}
      </Checkbox>
      <FormAlert>
        {failed && (
          <div className="form-errors" id={errorId} role="alert">
            <p>{failureText(loginFailure.value)}</p>
            <p className="muted">{t('login.vpnHint')}</p>
          </div>
        )}
      </FormAlert>
      <AnnouncedSubmit label={t('login.submit')} pendingLabel={t('login.pending')} pending={pending} disabled={!loginForm.valid.value} />
      <p className="form-links">
        <a href="/recovery">{t('login.forgot')}</a>
        <a href="/register">{t('login.register')}</a>
      </p>
    </AccountForm>
  );
}

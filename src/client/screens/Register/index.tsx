/**
 * Registration (SPEC.md §2, §5): dial code and phone, names, e-mail, password with instructions, the
 * required terms, e-mail and SMS permissions. Errors show after the first submit attempt or on blur;
 * submit is enabled only for a valid form; success replaces the form with a thank-you and a login link.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../app/screens.ts';
import { t } from '../../state/i18n.ts';
import { editRegistration as edit, leaveRegistration, otherErrors, registerForm as form, registerStatus, submitRegistration } from '../../state/register.ts';
import { attemptOnEnter, Checkbox, Field, PasswordField, PhoneField } from '../../components/LoginDialog/fields.tsx';
import { Loader } from '../../components/Loader.tsx';

export default function Register(_props: ScreenProps) {
  useSignals();
  useEffect(() => leaveRegistration, []);
  const status = registerStatus.value;
  const v = form.values.value;

  if (status === 'success') {
    return (
      <div className="account-page">
        <div className="form-success" role="status">
          <h1>{t('register.thanksTitle')}</h1>
          <p>{t('register.thanksText')}</p>
          <a className="button primary block" href="/login">
            {t('register.toLogin')}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="account-page">
      <header className="account-head">
        <h1>{t('register.title')}</h1>
        <p className="muted">{t('register.subtitle')}</p>
      </header>
      <div className="card account-notice">
        <p>{t('register.existing')}</p>
        <a className="button" href="/recovery">
          {t('register.existingButton')}
        </a>
      </div>
      <form
        className="account-form"
        noValidate
        onKeyDown={attemptOnEnter(() => form.attempt())}
        onSubmit={(e) => {
          e.preventDefault();
          void submitRegistration();
        }}
      >
        <PhoneField
          id="register-phone"
          label={t('register.phone')}
          country={v.countryCode}
          onCountry={(c) => edit('countryCode', c)}
          value={v.phone}
          onValue={(x) => edit('phone', x)}
          onBlur={() => form.blur('phone')}
          error={form.shown('phone')}
          required
        />
        <Field id="register-firstname" label={t('register.firstname')} value={v.firstname} onValue={(x) => edit('firstname', x)} onBlur={() => form.blur('firstname')} error={form.shown('firstname')} autoComplete="given-name" required />
        <Field id="register-lastname" label={t('register.lastname')} value={v.lastname} onValue={(x) => edit('lastname', x)} onBlur={() => form.blur('lastname')} error={form.shown('lastname')} autoComplete="family-name" required />
        <Field id="register-email" label={t('register.email')} type="email" inputMode="email" value={v.email} onValue={(x) => edit('email', x)} onBlur={() => form.blur('email')} error={form.shown('email')} autoComplete="email" required />
        <PasswordField
          id="register-password"
          label={t('register.password')}
          value={v.password}
          onValue={(x) => edit('password', x)}
          onBlur={() => form.blur('password')}
          error={form.shown('password')}
          hint={t('account.passwordRule')}
          autoComplete="new-password"
          required
        />
        <Checkbox id="register-terms" checked={v.terms_accepted} onChecked={(x) => edit('terms_accepted', x)} onBlur={() => form.blur('terms')} error={form.shown('terms')}>
          <span>
            {t('register.terms')}{' '}
            <a href={t('register.termsUrl')} target="_blank" rel="noopener">
              {t('register.termsLink')}
            </a>
          </span>
        </Checkbox>
        <Checkbox id="register-allow-email" checked={Boolean(v.allow_email)} onChecked={(x) => edit('allow_email', x)}>
          {t('register.allowEmail')}
        </Checkbox>
        <Checkbox id="register-allow-sms" checked={v.allow_sms !== false} onChecked={(x) => edit('allow_sms', x)}>
          {t('register.allowSms')}
        </Checkbox>
        <div aria-live="assertive">
          {status === 'failure' && (
            <div className="form-errors other-errors" role="alert">
              <p>{t('register.failed')}</p>
              <h3>{t('register.otherErrors')}</h3>
              <ul>
                {otherErrors.value.map((e) => (
                  <li key={e}>{t('register.errorPrefix', { error: e })}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {status === 'pending' && <Loader label={t('register.pending')} />}
        <button type="submit" className="button primary block" disabled={!form.valid.value || status === 'pending'}>
          {t('register.submit')}
        </button>
        <p className="form-links">
          <a href="/login">{t('register.haveAccount')}</a>
        </p>
      </form>
    </div>
  );
}

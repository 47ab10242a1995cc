/**
 * Registration: dial code and phone, names, e-mail, password with instructions, the
 * required terms, e-mail and SMS permissions. Errors show after the first submit attempt or on blur;
 * submit is enabled only for a valid form; success replaces the form with a thank-you and a login link.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { RULE_PARAMS } from '../../lib/validation.ts';
import { t } from '../../state/i18n.ts';
import {
  editRegistration as edit,
  leaveRegistration,
  otherErrors,
  registerForm as form,
  registerStatus,
  submitRegistration,
} from '../../state/register.ts';
import { Checkbox, Field, PasswordField, PhoneField } from '../../components/form/fields.tsx';
import { AccountForm, bind, bindField, FormAlert, SubmitButton, SuccessPage } from '../../components/form/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PhoneProofStep } from '../../components/PhoneProof.tsx';
import { proofStep } from '../../state/phone-proof.ts';

export default function Register(_props: ScreenProps) {
  useSignals();
  useEffect(() => leaveRegistration, []);
  const status = registerStatus.value;
  const v = form.values.value;

  if (status === 'success') {
    const step = proofStep.value;
    // The code step first; the thank-you once the phone is proven or the customer chose "not now".
    if (step !== 'proven' && step !== 'skipped')
      return (
        <div className="account-page">
          <PhoneProofStep heading={1} skippable />
        </div>
      );
    return (
      <SuccessPage
        title={t('register.thanksTitle')}
        text={`${t('register.thanksText')} ${t(step === 'proven' ? 'proof.done' : 'proof.skipped')}`}
        link={{ href: '/login', label: t('register.toLogin') }}
      />
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
      <AccountForm attempt={() => form.attempt()} onSubmit={() => void submitRegistration()}>
        <PhoneField
          id="register-phone"
          label={t('register.phone')}
          country={v.countryCode}
          onCountry={(c) => edit('countryCode', c)}
          {...bind(form, 'phone', edit)}
          required
        />
        <Field {...bindField('register-firstname', t('register.firstname'), form, 'firstname', edit)} autoComplete="given-name" required />
        <Field {...bindField('register-lastname', t('register.lastname'), form, 'lastname', edit)} autoComplete="family-name" required />
        <Field
          id="register-email"
          label={t('register.email')}
          type="email"
          inputMode="email"
          {...bind(form, 'email', edit)}
          autoComplete="email"
          required
        />
        <PasswordField
          {...bindField('register-password', t('register.password'), form, 'password', edit)}
          hint={t('account.passwordRule', RULE_PARAMS)}
          autoComplete="new-password"
          required
        />
        <Checkbox
          id="register-terms"
          checked={v.terms_accepted}
          onChecked={(x) => edit('terms_accepted', x)}
          onBlur={() => form.blur('terms')}
          error={form.shown('terms')}
        >
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
        <FormAlert>
          {status === 'failure' && (
            <div className="form-errors other-errors" role="alert">
              <p>{t('register.failed')}</p>
              {otherErrors.value.length > 0 && (
                <>
                  <h3>{t('register.otherErrors')}</h3>
                  <ul>
                    {otherErrors.value.map((e) => (
                      <li key={e}>{t('register.errorPrefix', { error: e })}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
        </FormAlert>
        {status === 'pending' && <Loader label={t('register.pending')} />}
        <SubmitButton label={t('register.submit')} pending={status === 'pending'} disabled={!form.valid.value} />
        <p className="form-links">
          <a href="/login">{t('register.haveAccount')}</a>
        </p>
      </AccountForm>
    </div>
  );
}

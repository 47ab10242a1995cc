/**
 * Two-step password recovery: step 1 the phone (an SMS code is sent), step 2 the code,
 * a new password and its repeat; success links to login. Progress survives a reload for an hour.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { RULE_PARAMS } from '../../lib/validation.ts';
import { t } from '../../state/i18n.ts';
import { progress, tokenSent } from '../../state/recovery-store.ts';
import {
  checkFresh,
  codeError,
  country,
  form,
  leaveRecovery,
  otherError,
  phoneError,
  phoneNumber,
  recovered,
  recoveryStatus,
  requestCode,
  setCountry,
  setPhoneNumber,
  startOver,
  submitNewPassword,
} from '../../state/recovery.ts';
import { Field, PasswordField, PhoneField } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, bind, bindField, FormError, SuccessPage } from '../../components/form/Form.tsx';

function StepPhone() {
  useSignals();
  const loading = recoveryStatus.value === 'loading';
  return (
    <AccountForm onSubmit={() => void requestCode()}>
      <p>{t('recovery.step1Text')}</p>
      <PhoneField
        id="recovery-phone"
        label={t('recovery.phone')}
        country={country.value}
        onCountry={setCountry}
        value={phoneNumber.value}
        onValue={setPhoneNumber}
        error={phoneError.value}
        required
      />
      <FormError text={otherError.value} />
      <AnnouncedSubmit
        label={t('recovery.sendCode')}
        pendingLabel={t('recovery.sending')}
        pending={loading}
        disabled={!phoneNumber.value.trim()}
      />
    </AccountForm>
  );
}

function StepCode() {
  useSignals();
  const loading = recoveryStatus.value === 'loading';
  const refused = codeError.value;
  return (
    <AccountForm attempt={() => form.attempt()} onSubmit={() => void submitNewPassword()}>
      <p role="status">{t('recovery.codeSent', { phone: progress.value?.phone ?? '' })}</p>
      <Field
        id="recovery-code"
        label={t('recovery.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...bind(form, 'token')}
        error={form.shown('token') ?? refused}
        required
      />
      <PasswordField
        {...bindField('recovery-password', t('recovery.newPassword'), form, 'password')}
        invalid={Boolean(refused)}
        describedBy={refused ? 'recovery-code-error' : undefined}
        hint={t('account.passwordRule', RULE_PARAMS)}
        autoComplete="new-password"
        required
      />
      <PasswordField {...bindField('recovery-repeat', t('recovery.repeat'), form, 'repeat')} autoComplete="new-password" required />
      <FormError text={otherError.value} />
      <AnnouncedSubmit label={t('recovery.save')} pendingLabel={t('recovery.saving')} pending={loading} disabled={!form.valid.value} />
      <p className="form-links">
        <button type="button" className="extra-link" onClick={startOver}>
          {t('recovery.otherNumber')}
        </button>
      </p>
    </AccountForm>
  );
}

export default function Recovery(_props: ScreenProps) {
  useSignals();
  useEffect(() => {
    checkFresh();
    return leaveRecovery;
  }, []);

  if (recovered.value) {
    return (
      <SuccessPage title={t('recovery.doneTitle')} text={t('recovery.doneText')} link={{ href: '/login', label: t('recovery.toLogin') }} />
    );
  }

  const step2 = tokenSent.value && progress.value !== null;
  return (
    <div className="account-page">
      <header className="account-head">
        <h1>{t('recovery.title')}</h1>
        <p className="muted">{step2 ? t('recovery.step2Label') : t('recovery.step1Label')}</p>
      </header>
      {step2 ? <StepCode /> : <StepPhone />}
      <p className="form-links">
        <a href="/login">{t('recovery.backToLogin')}</a>
      </p>
    </div>
  );
}

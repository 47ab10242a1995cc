/**
 * Two-step password recovery (SPEC.md §2, §5): step 1 the phone (an SMS code is sent), step 2 the code,
 * a new password and its repeat; success links to login. Progress survives a reload for an hour.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../app/screens.ts';
import { t } from '../../state/i18n.ts';
import { checkFresh, progress, tokenSent } from '../../state/recovery-store.ts';
import {
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
import { attemptOnEnter, Field, PasswordField, PhoneField } from '../../components/LoginDialog/fields.tsx';

function Failure({ text }: { text: string | null }) {
  return <div aria-live="assertive">{text && <p className="form-errors" role="alert">{text}</p>}</div>;
}

function StepPhone() {
  useSignals();
  const loading = recoveryStatus.value === 'loading';
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void requestCode();
      }}
    >
      <p>{t('recovery.step1Text')}</p>
      <PhoneField id="recovery-phone" label={t('recovery.phone')} country={country.value} onCountry={setCountry} value={phoneNumber.value} onValue={setPhoneNumber} error={phoneError.value} required />
      <Failure text={otherError.value} />
      <button type="submit" className="button primary block" disabled={loading || !phoneNumber.value.trim()} aria-busy={loading}>
        {loading ? t('recovery.sending') : t('recovery.sendCode')}
      </button>
    </form>
  );
}

function StepCode() {
  useSignals();
  const loading = recoveryStatus.value === 'loading';
  const v = form.values.value;
  const refused = codeError.value;
  return (
    <form
      className="account-form"
      noValidate
      onKeyDown={attemptOnEnter(() => form.attempt())}
      onSubmit={(e) => {
        e.preventDefault();
        void submitNewPassword();
      }}
    >
      <p role="status">{t('recovery.codeSent', { phone: progress.value?.phone ?? '' })}</p>
      <Field
        id="recovery-code"
        label={t('recovery.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={v.token}
        onValue={(x) => form.set('token', x)}
        onBlur={() => form.blur('token')}
        error={form.shown('token') ?? refused}
        required
      />
      <PasswordField
        id="recovery-password"
        label={t('recovery.newPassword')}
        value={v.password}
        onValue={(x) => form.set('password', x)}
        onBlur={() => form.blur('password')}
        error={form.shown('password')}
        invalid={Boolean(refused)}
        describedBy={refused ? 'recovery-code-error' : undefined}
        hint={t('account.passwordRule')}
        autoComplete="new-password"
        required
      />
      <PasswordField
        id="recovery-repeat"
        label={t('recovery.repeat')}
        value={v.repeat}
        onValue={(x) => form.set('repeat', x)}
        onBlur={() => form.blur('repeat')}
        error={form.shown('repeat')}
        autoComplete="new-password"
        required
      />
      <Failure text={otherError.value} />
      <button type="submit" className="button primary block" disabled={loading || !form.valid.value} aria-busy={loading}>
        {loading ? t('recovery.saving') : t('recovery.save')}
      </button>
      <p className="form-links">
        <button type="button" className="extra-link" onClick={startOver}>
          {t('recovery.otherNumber')}
        </button>
      </p>
    </form>
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
      <div className="account-page">
        <div className="form-success" role="status">
          <h1>{t('recovery.doneTitle')}</h1>
          <p>{t('recovery.doneText')}</p>
          <a className="button primary block" href="/login">
            {t('recovery.toLogin')}
          </a>
        </div>
      </div>
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

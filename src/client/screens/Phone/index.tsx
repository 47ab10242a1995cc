/**
 * Change phone: the current password and the new number, then the 6-digit code sent to the new number.
 * Success names the new number; the other devices are logged out by the server.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Field, PasswordField, PhoneField } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, bindField, FormError, SuccessCard } from '../../components/form/Form.tsx';
import {
  changeNumber,
  confirmCode,
  editPhone as edit,
  leavePhone,
  phoneError,
  phoneForm as form,
  phoneStatus,
  phoneStep,
  requestCode,
} from '../../state/change-phone.ts';
import { t } from '../../state/i18n.ts';
import { profile } from '../../state/session.ts';
import { SubPage } from '../../components/SubPage.tsx';
import { formatPhone } from '../../lib/phone-format.ts';

export default function Phone(_props: ScreenProps) {
  useSignals();
  useEffect(() => leavePhone, []);
  const step = phoneStep.value;
  const status = phoneStatus.value;
  const pending = status === 'pending';
  const error = <FormError text={status === 'failure' && phoneError.value} />;
  return (
    <SubPage title={t('phone.title')} className="phone-page">
      {step === 'done' ? (
        <SuccessCard
          text={t('phone.done', { phone: formatPhone(profile.value?.phone) })}
          link={{ href: '/profile', label: t('password.backToProfile'), primary: false }}
        />
      ) : step === 'code' ? (
        <AccountForm attempt={() => form.attempt()} onSubmit={() => void confirmCode()}>
          <p className="muted" role="status">
            {t('phone.codeSent')}
          </p>
          <Field
            {...bindField('phone-code', t('phone.code'), form, 'code', edit)}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          {error}
          <AnnouncedSubmit label={t('phone.confirm')} pendingLabel={t('account.saving')} pending={pending} disabled={!form.valid.value} />
          <button type="button" className="button block phone-again" onClick={changeNumber} disabled={pending}>
            {t('phone.again')}
          </button>
        </AccountForm>
      ) : (
        <AccountForm attempt={() => form.attempt()} onSubmit={() => void requestCode()}>
          <p className="muted">{t('phone.intro', { phone: formatPhone(profile.value?.phone) })}</p>
          <PhoneField
            {...bindField('phone-new', t('phone.new'), form, 'phone', edit)}
            country={form.values.value.country}
            onCountry={(c) => edit('country', c)}
            required
          />
          <PasswordField
            {...bindField('phone-password', t('password.old'), form, 'password', edit)}
            autoComplete="current-password"
            required
          />
          {error}
          <AnnouncedSubmit label={t('phone.send')} pendingLabel={t('account.saving')} pending={pending} disabled={!form.valid.value} />
        </AccountForm>
      )}
    </SubPage>
  );
}

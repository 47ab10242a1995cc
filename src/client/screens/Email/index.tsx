/** E-mail: the current address, an input and a save button; success refreshes the profile. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { profile } from '../../state/session.ts';
import { emailError, emailForm as form, emailStatus, openEmailForm, saveEmail, setEmail } from '../../state/email.ts';
import { Field } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, FormError } from '../../components/form/Form.tsx';
import { SubPage } from '../../components/SubPage.tsx';

export default function Email(_props: ScreenProps) {
  useSignals();
  useEffect(() => openEmailForm(), []);
  const status = emailStatus.value;
  const current = profile.value?.email;
  return (
    <SubPage title={t('email.title')}>
      <div className="card current-value">
        <span className="muted">{t('email.current')}</span>
        <strong>{current || t('email.none')}</strong>
      </div>
      <AccountForm onSubmit={() => void saveEmail()}>
        <Field
          id="email-input"
          label={t('email.label')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.values.value.email}
          onValue={setEmail}
          onFocus={() => form.focus('email')}
          onBlur={() => form.blur('email')}
          // The rule's own text, or the server's refusal of the address as it said it.
          error={form.shown('email') ? (form.errors.value.email ? t('email.invalid') : form.shown('email')) : null}
        />
        {/* The server's refusal of the address is on the field; any other failure says why here. */}
        <FormError text={status === 'rejected' && emailError.value} />
        <p className="status-line ok" role="status">
          {status === 'fulfilled' ? t('email.saved') : ''}
        </p>
        <AnnouncedSubmit
          label={t('email.save')}
          pendingLabel={t('email.saving')}
          pending={status === 'pending'}
          disabled={!form.valid.value}
        />
      </AccountForm>
    </SubPage>
  );
}

/** E-mail: the current address, an input and a save button; success refreshes the profile. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { profile } from '../../state/session.ts';
import { emailForm as form, emailStatus, openEmailForm, saveEmail, setEmail } from '../../state/email.ts';
import { Field } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit } from '../../components/form/Form.tsx';
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
          error={form.shown('email') ? t('email.invalid') : null}
        />
        {/* A failed save shows no message; the button simply comes back. */}
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

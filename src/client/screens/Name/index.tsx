/** The name: first and last name as at registration, saved to the profile; the header and the console use it. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { editName as edit, nameError, nameForm as form, nameStatus, openNameForm, saveName } from '../../state/name.ts';
import { Field } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, bindField, FormError } from '../../components/form/Form.tsx';
import { SubPage } from '../../components/SubPage.tsx';

export default function Name(_props: ScreenProps) {
  useSignals();
  useEffect(() => openNameForm(), []);
  const status = nameStatus.value;
  return (
    <SubPage title={t('name.title')}>
      <AccountForm attempt={() => form.attempt()} onSubmit={() => void saveName()}>
        <Field {...bindField('name-firstname', t('register.firstname'), form, 'firstname', edit)} autoComplete="given-name" required />
        <Field {...bindField('name-lastname', t('register.lastname'), form, 'lastname', edit)} autoComplete="family-name" required />
        <FormError text={status === 'rejected' && nameError.value} />
        <p className="status-line ok" role="status">
          {status === 'fulfilled' ? t('name.saved') : ''}
        </p>
        <AnnouncedSubmit
          label={t('name.save')}
          pendingLabel={t('account.saving')}
          pending={status === 'pending'}
          disabled={!form.valid.value}
        />
      </AccountForm>
    </SubPage>
  );
}

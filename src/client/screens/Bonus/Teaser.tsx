/** The bonus teaser: e-mail plus marketing permission (on by default); both before submit. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { tList } from '../../state/languages.ts';
import { editTeaser, openTeaser, submitTeaser, teaserForm as form, teaserStatus } from '../../state/bonus.ts';
import { Checkbox, Field } from '../../components/form/fields.tsx';
import { AccountForm, AnnouncedSubmit, FormError, SuccessCard } from '../../components/form/Form.tsx';

export function Teaser() {
  useSignals();
  useEffect(() => openTeaser(), []);
  const status = teaserStatus.value;
  const v = form.values.value;
  const rules = tList('bonus.teaserRules');
  return (
    <div className="teaser">
      <p className="teaser-lead">{t('bonus.teaserText')}</p>
      {rules.length > 0 && (
        <ul className="teaser-rules">
          {rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {status === 'fulfilled' ? (
        <SuccessCard title={t('bonus.teaserThanksTitle')} text={t('bonus.teaserThanks')} />
      ) : (
        <AccountForm className="card teaser-form" onSubmit={() => void submitTeaser()}>
          <Field
            id="teaser-email"
            label={t('bonus.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={v.email}
            onValue={(x) => editTeaser('email', x)}
            onFocus={() => form.focus('email')}
            onBlur={() => form.blur('email')}
            error={form.shown('email') ? (form.errors.value.email ? t('bonus.emailInvalid') : form.shown('email')) : null}
          />
          <Checkbox id="teaser-allow" checked={v.allow_email} onChecked={(x) => editTeaser('allow_email', x)}>
            {t('bonus.permission')}
          </Checkbox>
          <FormError text={status === 'rejected' && t('bonus.teaserFailed')} />
          <AnnouncedSubmit
            label={t('bonus.join')}
            pendingLabel={t('bonus.sending')}
            pending={status === 'pending'}
            disabled={!form.valid.value}
          />
        </AccountForm>
      )}
    </div>
  );
}

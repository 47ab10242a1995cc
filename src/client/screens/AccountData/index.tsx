/**
 * "Your data" (GDPR articles 15, 17, 20): download everything the service keeps as one JSON file, or delete the
 * account. Deleting asks again in a dialog that names what is lost and takes the password.
 */
import { useEffect, useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { PasswordField } from '../../components/form/fields.tsx';
import { FormError } from '../../components/form/Form.tsx';
import {
  deleteError,
  deleteMyAccount,
  deletePasswordRefused,
  deleteStatus,
  downloadMyData,
  exportStatus,
  resetAccountData,
} from '../../state/account-data.ts';
import { t } from '../../state/i18n.ts';
import { tList } from '../../state/languages.ts';
import { SubPage } from '../../components/SubPage.tsx';

function DeleteDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const id = useId();
  const [password, setPassword] = useState('');
  const busy = deleteStatus.value === 'pending';
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-text`} onClose={() => !busy && onClose()} className="delete-dialog">
      <h2 id={`${id}-title`}>{t('accountData.confirmTitle')}</h2>
      <div id={`${id}-text`}>
        <p>{t('accountData.confirmText')}</p>
        <ul className="lost-list">
          {tList('accountData.lost').map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted">{t('accountData.kept')}</p>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (password) void deleteMyAccount(password);
        }}
      >
        <PasswordField
          id="delete-password"
          label={t('password.old')}
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          error={deleteStatus.value === 'failure' && deletePasswordRefused.value ? deleteError.value : null}
          required
        />
        <FormError text={deleteStatus.value === 'failure' && !deletePasswordRefused.value && deleteError.value} />
        <div className="dialog-actions">
          <button type="button" className="button" data-autofocus onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button danger" disabled={busy || !password} aria-busy={busy || undefined}>
            {busy ? t('accountData.deleting') : t('accountData.confirmDelete')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export default function AccountData(_props: ScreenProps) {
  useSignals();
  useEffect(() => resetAccountData, []);
  const [asking, setAsking] = useState(false);
  const exporting = exportStatus.value === 'pending';
  return (
    <SubPage title={t('accountData.title')} className="account-data-page">
      <section className="card data-card">
        <h2>{t('accountData.downloadTitle')}</h2>
        <p className="muted">{t('accountData.downloadText')}</p>
        <button
          type="button"
          className="button primary block"
          onClick={() => void downloadMyData()}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? t('common.loading') : t('accountData.download')}
        </button>
        <FormError text={exportStatus.value === 'failure' && t('accountData.downloadFailed')} />
      </section>
      <section className="card data-card">
        <h2>{t('accountData.deleteTitle')}</h2>
        <p className="muted">{t('accountData.deleteText')}</p>
        <button
          type="button"
          className="button danger block"
          onClick={() => {
            resetAccountData();
            setAsking(true);
          }}
        >
          {t('accountData.delete')}
        </button>
      </section>
      {asking && <DeleteDialog onClose={() => setAsking(false)} />}
    </SubPage>
  );
}

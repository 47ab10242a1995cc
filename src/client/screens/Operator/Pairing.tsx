/** Pairing a device: the 8-character code from the shop and a name for this device. */
import { useId, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { notice } from '../../state/console/operator.ts';
import { pair } from '../../state/console/actions.ts';

export const CODE_LENGTH = 8;

export function Pairing() {
  useSignals();
  const id = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clean = code.replace(/[\s-]/g, '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clean.length !== CODE_LENGTH) return setError(t('operator.pairing.codeLength'));
    if (!name.trim()) return setError(t('operator.pairing.nameMissing'));
    setBusy(true);
    setError(await pair(clean, name));
    setBusy(false);
  };

  return (
    <div className="op-root">
      <div className="op-pairing">
        <h1>{t('operator.pairing.title')}</h1>
        <p className="muted">{t('operator.pairing.intro')}</p>
        {notice.value?.kind === 'error' && <p className="op-notice error">{notice.value.text}</p>}
        <form className="op-form" onSubmit={submit} noValidate>
          <div>
            <label htmlFor={`${id}-code`}>{t('operator.pairing.code')}</label>
            <input
              id={`${id}-code`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              value={code}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            />
          </div>
          <div>
            <label htmlFor={`${id}-name`}>{t('operator.pairing.name')}</label>
            <input
              id={`${id}-name`}
              type="text"
              maxLength={40}
              value={name}
              placeholder={t('operator.pairing.namePlaceholder')}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <div role="alert">
            {error && (
              <p id={`${id}-error`} className="op-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button primary block" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('operator.pairing.busy') : t('operator.pairing.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

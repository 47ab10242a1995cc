/** The offline banner of the shell: a polite status line while the app shows what it saw last. */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../state/i18n.ts';
import { offline } from '../state/offline.ts';

export function OfflineBanner() {
  useSignals();
  // The live region stays mounted, so the banner is announced when it appears.
  return (
    <div className="offline-region" role="status">
      {offline.value && <p className="offline-banner">{t('offline.banner')}</p>}
    </div>
  );
}

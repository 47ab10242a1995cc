/** A spinner; full screen while a screen's chunk or the profile sync is on its way. */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../state/i18n.ts';

export function Loader({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  useSignals();
  return (
    <div className={fullScreen ? 'loader loader-full' : 'loader'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? (t('common.loading') || 'Loading')}</span>
    </div>
  );
}

/**
 * "Running late?": the customer on his way gives a new arrival, about 10, 20 or 30+ minutes from now,
 * sent as PATCH {eta_minutes}; a refusal (after check-in, or an arrival that no longer fits before closing) is
 * a notice and changes nothing.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { lateStatus } from '../../state/tracking/tracking.ts';
import { askLate, cancelLate, sendLate } from '../../state/tracking/tracking-actions.ts';

/** Minutes from now; "30 min or more" sends 30. */
const LATE_CHOICES = [10, 20, 30] as const;

export function RunningLate() {
  useSignals();
  const status = lateStatus.value;
  if (status === 'idle') {
    return (
      <button type="button" className="button block tracking-late" onClick={askLate}>
        {t('tracking.late.button')}
      </button>
    );
  }
  const busy = status === 'pending';
  return (
    <fieldset className="tracking-late-choices card" aria-busy={busy || undefined}>
      <legend>{t('tracking.late.question')}</legend>
      <div className="tracking-late-options">
        {LATE_CHOICES.map((m) => (
          <button key={m} type="button" className="button" disabled={busy} onClick={() => void sendLate(m)}>
            {t(`eta.choices.m${m}`)}
          </button>
        ))}
      </div>
      <button type="button" className="button tracking-late-cancel" disabled={busy} onClick={cancelLate}>
        {t('tracking.late.cancel')}
      </button>
    </fieldset>
  );
}

/**
 * Step out and keep the place (docs/decisions.md, "Parties and stepping out"): after check-in and before service,
 * while step-outs are left, "Step out" offers 10, 20 or 30 minutes (config.json stepOutMinutes); while out, "Back by
 * 14:20" and "I'm back".
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { canStepOut, type TrackedOrder } from '../../lib/tracking.ts';
import { config } from '../../state/config.ts';
import { t } from '../../state/i18n.ts';
import { askStepOut, cancelStepOut, comeBack, stepOut, stepOutStatus } from '../../state/tracking/party-tracking.ts';
import { clock } from '../../state/tracking/tracking.ts';

const DEFAULT_MINUTES = [10, 20, 30];

/** While out: when he said he would be back, and "I'm back". */
export function SteppedOut({ until }: { until: number }) {
  useSignals();
  const busy = stepOutStatus.value === 'back';
  return (
    <div className="tracking-stepped-out card">
      <Icon name="clock" />
      <div>
        <p className="tracking-stepped-out-title">{t('party.stepOut.backBy', { time: clock(until) })}</p>
        <p className="muted">{t('party.stepOut.keep')}</p>
        <button
          type="button"
          className="button primary block tracking-back"
          onClick={() => void comeBack()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <span className="button-spinner" aria-hidden="true" />}
          {busy ? t('party.stepOut.backPending') : t('party.stepOut.back')}
        </button>
      </div>
    </div>
  );
}

/** "Step out", then how long. */
export function StepOut({ order: o }: { order: TrackedOrder }) {
  useSignals();
  if (!canStepOut(o)) return null;
  const status = stepOutStatus.value;
  if (status === 'idle' || status === 'back') {
    return (
      <button type="button" className="button block tracking-step-out" onClick={askStepOut}>
        {t('party.stepOut.button')}
      </button>
    );
  }
  const busy = status === 'pending';
  const choices = config.value.stepOutMinutes?.length ? config.value.stepOutMinutes : DEFAULT_MINUTES;
  return (
    <fieldset className="tracking-step-out-choices card" aria-busy={busy || undefined}>
      <legend>{t('party.stepOut.question')}</legend>
      <p className="muted">{t('party.stepOut.keep')}</p>
      <div className="tracking-step-out-options">
        {choices.map((m) => (
          <button key={m} type="button" className="button" disabled={busy} onClick={() => void stepOut(m)}>
            {t('party.stepOut.minutes', { minutes: m })}
          </button>
        ))}
      </div>
      <button type="button" className="button tracking-step-out-cancel" disabled={busy} onClick={cancelStepOut}>
        {t('party.stepOut.cancel')}
      </button>
    </fieldset>
  );
}

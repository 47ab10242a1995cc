/**
 * Check in and leave: 'check in early' while the queue is unknown or above 0, else 'check in';
 * after check-in the shop link (the state's message is the wait card's). "Running late?" while the
 * customer is on his way. Stepping out after check-in, and "I'm back" while out (StepOut.tsx). Leaving only while the
 * order is active, after a confirm dialog.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { SERVED_AFTER_ARRIVAL_MINUTES } from '../../../shared/constants.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { canLeave, checkInLabel, type TrackedOrder } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { checkInStatus, leaveStatus } from '../../state/tracking/tracking.ts';
import { askLeave, cancelLeave, checkIn, confirmLeave } from '../../state/tracking/tracking-actions.ts';
import { RunningLate } from './RunningLate.tsx';
import { SteppedOut, StepOut } from './StepOut.tsx';

export function Actions({ order: o }: { order: TrackedOrder }) {
  useSignals();
  const checking = checkInStatus.value === 'pending';
  const leaving = leaveStatus.value;
  return (
    <section className="tracking-actions section" aria-label={t('tracking.actions')}>
      {o.inService ? null : o.steppedOutUntil !== null ? (
        <SteppedOut until={o.steppedOutUntil} />
      ) : o.checkedIn ? (
        <div className="tracking-checked-in card">
          <Icon name="check" />
          <div>
            {/* Serving may start 1–15 minutes after arrival; a longer wait (an early check-in) says its own number. */}
            <p className="tracking-serve-note">
              {o.queue !== null && o.queue > SERVED_AFTER_ARRIVAL_MINUTES
                ? t('tracking.state.seatedWait', { minutes: o.queue })
                : t('checkin.note')}
            </p>
            <p>
              <a href={`/barbershop/${o.barbershopId}`}>{t('tracking.checkIn.shopLink', { name: o.shop.name })}</a>
            </p>
          </div>
        </div>
      ) : (
        o.status === 'active' && (
          <>
            <button
              type="button"
              className="button primary block tracking-check-in"
              onClick={() => void checkIn()}
              disabled={checking}
              aria-busy={checking || undefined}
            >
              {checking && <span className="button-spinner" aria-hidden="true" />}
              {checking ? t('tracking.checkIn.pending') : t(`tracking.checkIn.${checkInLabel(o.queue)}`)}
            </button>
            <RunningLate />
          </>
        )
      )}
      <StepOut order={o} />
      {canLeave(o) && (
        <button type="button" className="button block tracking-leave" onClick={askLeave}>
          {t('tracking.leave.button')}
        </button>
      )}
      {leaving !== 'idle' && (
        <ConfirmDialog
          className="leave-dialog"
          danger
          title={t('tracking.leave.title')}
          description={t('tracking.leave.text')}
          cancelLabel={t('tracking.leave.cancel')}
          confirmLabel={t('tracking.leave.confirm')}
          busy={leaving === 'pending'}
          busyLabel={t('tracking.leave.pending')}
          onCancel={cancelLeave}
          onConfirm={() => void confirmLeave()}
        />
      )}
    </section>
  );
}

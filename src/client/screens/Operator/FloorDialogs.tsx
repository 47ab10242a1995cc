/**
 * The floor's dialogs: the confirmation of an action that cannot be undone (finish, no-show, a party's check-in or
 * no-show, end of shift), choosing the barber who starts a customer, and a barber's break.
 */
import { useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import type { FloorBarber, FloorOrder } from '../../lib/operator.ts';
import { floor, notice } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';
import { suggestedBarber } from '../../lib/operator.ts';
import { type Pending, personName } from './Queue.tsx';

/** The confirmation of an action that cannot be undone: finish, no-show, end of shift. */
export function Confirmation({
  pending,
  busy,
  run,
  close,
}: {
  pending: Pending;
  busy: boolean;
  run: (fn: () => Promise<boolean>) => void;
  close: () => void;
}) {
  return (
    <>
      {pending?.kind === 'finish' && (
        <ConfirmDialog
          title={t('operator.confirm.finishTitle', { name: personName(floor.value, pending.order) })}
          description={t('operator.confirm.finishText')}
          cancelLabel={t('operator.confirm.cancel')}
          confirmLabel={t('operator.actions.finish')}
          busy={busy}
          onCancel={() => close()}
          onConfirm={() =>
            run(() => ops.finish(pending.order.id, t('operator.done.finish', { name: personName(floor.value, pending.order) })))
          }
        />
      )}
      {pending?.kind === 'no-show' && (
        <ConfirmDialog
          danger
          title={t('operator.confirm.noShowTitle', { name: personName(floor.value, pending.order) })}
          description={t('operator.confirm.noShowText')}
          cancelLabel={t('operator.confirm.cancel')}
          confirmLabel={t('operator.actions.noShow')}
          busy={busy}
          onCancel={() => close()}
          onConfirm={() =>
            run(() => ops.noShow(pending.order.id, t('operator.done.noShow', { name: personName(floor.value, pending.order) })))
          }
        />
      )}
      {pending?.kind === 'party' && (
        <ConfirmDialog
          danger={pending.action === 'no-show'}
          title={t(pending.action === 'check-in' ? 'operator.confirm.partyCheckInTitle' : 'operator.confirm.partyNoShowTitle', {
            name: pending.label,
            count: pending.count,
          })}
          description={t('operator.confirm.partyText')}
          cancelLabel={t('operator.confirm.cancel')}
          confirmLabel={t(pending.action === 'check-in' ? 'operator.party.checkInAll' : 'operator.party.noShowAll', {
            count: pending.count,
          })}
          busy={busy}
          onCancel={() => close()}
          onConfirm={() =>
            run(() =>
              ops.party(
                pending.key,
                pending.action,
                t(pending.action === 'check-in' ? 'operator.done.partyCheckIn' : 'operator.done.partyNoShow', { name: pending.label }),
              ),
            )
          }
        />
      )}
      {pending?.kind === 'end-shift' && (
        <ConfirmDialog
          danger
          title={t('operator.confirm.endShiftTitle', { name: pending.barber.name })}
          description={t('operator.confirm.endShiftText')}
          cancelLabel={t('operator.confirm.cancel')}
          confirmLabel={t('operator.actions.endShift')}
          busy={busy}
          onCancel={() => close()}
          onConfirm={() => run(() => ops.endShift(pending.barber.id, t('operator.done.endShift', { name: pending.barber.name })))}
        />
      )}
    </>
  );
}

export function StartDialog({ order, onClose }: { order: FloorOrder; onClose: () => void }) {
  useSignals();
  const id = useId();
  const f = floor.value;
  const [barber, setBarber] = useState<number | null>(() => (f ? suggestedBarber(f, order) : null));
  const [busy, setBusy] = useState(false);
  if (!f) return null;
  const choices = f.barbers.filter((b) => b.on_shift && !b.on_break_until);
  const suggested = suggestedBarber(f, order);
  const start = async () => {
    if (barber === null) return;
    setBusy(true);
    const ok = await ops.start(order.id, barber, t('operator.done.start', { name: personName(f, order) }));
    setBusy(false);
    // Refused (someone started him first, the barber took another): the notice says why, the floor is fresh, and
    // the dialog's choice is no longer the one to make. Offline keeps it open to try again.
    if (ok || notice.peek()?.refused) onClose();
  };
  return (
    <Dialog labelledBy={`${id}-title`} onClose={() => !busy && onClose()} className="op-dialog">
      <h2 id={`${id}-title`}>{t('operator.start.title', { name: personName(f, order) })}</h2>
      <fieldset className="op-form">
        <legend>{t('operator.start.barber')}</legend>
        {choices.map((b) => (
          <label key={b.id} className="op-check">
            <input type="radio" name={`${id}-barber`} checked={barber === b.id} onChange={() => setBarber(b.id)} />
            <span>
              {b.name}
              {b.id === suggested ? ` · ${t('operator.start.suggested')}` : ''}
              {b.serving !== null ? ` · ${t('operator.start.busy')}` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {t('operator.confirm.cancel')}
        </button>
        <button type="button" className="button primary" onClick={start} disabled={busy || barber === null} data-autofocus>
          {t('operator.actions.start')}
        </button>
      </div>
    </Dialog>
  );
}

export function BreakDialog({ barber, onClose }: { barber: FloorBarber; onClose: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const take = async (minutes: 15 | 30 | 60) => {
    setBusy(true);
    const ok = await ops.breakFor(barber.id, minutes, t('operator.done.break', { name: barber.name, minutes }));
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog labelledBy={`${id}-title`} onClose={() => !busy && onClose()} className="op-dialog">
      <h2 id={`${id}-title`}>{t('operator.break.title', { name: barber.name })}</h2>
      <div className="op-actions">
        {([15, 30, 60] as const).map((m) => (
          <button key={m} type="button" className="button primary" disabled={busy} onClick={() => take(m)}>
            {t('operator.break.minutes', { minutes: m })}
          </button>
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {t('operator.confirm.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

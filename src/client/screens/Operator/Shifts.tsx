/**
 * Shifts planned ahead (docs/decisions.md, "Shifts planned ahead"): the console's Shifts tab, and the chain owner's
 * view of any shop. The plan day by day, today and the next 14 days; the shift form (ShiftForm.tsx) adds a barber's
 * shift and moves one to other times; a shift is removed here (confirmed). Times are the shop's local ones. The
 * server decides every refusal (outside the hours, overlapping, leaving N waiting customers with no barber); the
 * screen says it in the operator's words, in an alert next to what was tried, and the plan is read again after
 * every change.
 */
import { useEffect, useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { language, t } from '../../state/i18n.ts';
import { formatShiftDate } from '../../lib/format.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { type Shift, type ShiftPlan, zonedDate } from '../../lib/operator.ts';
import { errorText, pobId } from '../../state/console/operator.ts';
import { refresh } from '../../state/console/feed.ts';
import { planCall } from '../../state/console/actions.ts';
import { type Day, dayLabel, hhmm, refusalText, ShiftForm } from './ShiftForm.tsx';

/** A shift of the list: the barber and the times, "Move" (the form in its place) and "Remove" (asked first). */
function ShiftRow({
  shift,
  plan,
  day,
  onDone,
  onRemove,
}: {
  shift: Shift;
  plan: ShiftPlan;
  day: Day;
  onDone: (text: string) => Promise<void>;
  onRemove: (s: Shift) => void;
}) {
  const zone = plan.timezone;
  const name = plan.barbers.find((b) => b.id === shift.barber_id)?.name ?? `#${shift.barber_id}`;
  const [moving, setMoving] = useState(false);
  const what = `${name} ${formatShiftDate(day.date, language.value)} ${hhmm(shift.start, zone)}–${hhmm(shift.end, zone)}`;

  return (
    <li className="op-shift" data-shift={shift.id}>
      <span className="op-shift-text">
        {t('operator.shifts.shiftOf', { name, start: hhmm(shift.start, zone), end: hhmm(shift.end, zone) })}
      </span>
      {moving ? (
        <ShiftForm
          plan={plan}
          shift={shift}
          day={day}
          onCancel={() => setMoving(false)}
          onDone={async (text) => {
            setMoving(false);
            await onDone(text);
          }}
        />
      ) : (
        <span className="op-actions">
          <button type="button" className="button" aria-label={`${t('operator.shifts.move')}: ${what}`} onClick={() => setMoving(true)}>
            {t('operator.shifts.move')}
          </button>
          <button type="button" className="button" aria-label={`${t('operator.shifts.remove')}: ${what}`} onClick={() => onRemove(shift)}>
            {t('operator.shifts.remove')}
          </button>
        </span>
      )}
    </li>
  );
}

/** The shift plan of the shop in view (the console's own, or the one the owner opened). */
export function ShiftPlanView() {
  useSignals();
  const id = useId();
  const [plan, setPlan] = useState<ShiftPlan | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Shift | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new plan remounts the add form (its defaults follow the days) only when the shop changes.
  const shop = pobId.value;

  const load = async () => {
    const got = await planCall((api, key, pob) => api.shifts(key, pob));
    if ('error' in got) setLoadError(errorText(got.error));
    else {
      setPlan(got.value);
      setLoadError(null);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per shop.
  useEffect(() => {
    setPlan(null);
    void load();
  }, [shop]);

  const changed = async (text: string) => {
    setDone(text);
    setRemoveError(null);
    await Promise.all([load(), refresh()]);
  };

  const byDay = (date: string) => (plan?.shifts ?? []).filter((s) => zonedDate(s.start, plan!.timezone) === date);
  const removingName = removing ? (plan?.barbers.find((b) => b.id === removing.barber_id)?.name ?? `#${removing.barber_id}`) : '';
  const removingDay = removing && plan ? plan.days.find((d) => d.date === zonedDate(removing.start, plan.timezone)) : null;

  return (
    <div className="op-main single op-shifts">
      <div role="status" aria-live="polite" className="op-shift-done">
        {done && <p className="op-notice ok">{done}</p>}
      </div>
      {!plan && !loadError && <p className="op-empty">{t('operator.loading')}</p>}
      {loadError && (
        <p className="op-notice error" role="alert">
          {loadError}
        </p>
      )}
      {plan && <ShiftForm key={shop ?? 0} plan={plan} onDone={changed} />}
      {plan && (
        <section className="op-panel" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{t('operator.shifts.title')}</h2>
          <p className="op-error" role="alert">
            {removeError}
          </p>
          {plan.days.map((d) => {
            const list = byDay(d.date);
            return (
              <div key={d.date} className="op-shift-day" data-day={d.date}>
                <h3>{dayLabel(d)}</h3>
                {list.length === 0 ? (
                  <p className="muted">{t('operator.shifts.none')}</p>
                ) : (
                  <ul className="op-list">
                    {list.map((s) => (
                      <ShiftRow key={`${s.id} ${s.start} ${s.end}`} shift={s} plan={plan} day={d} onDone={changed} onRemove={setRemoving} />
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </section>
      )}
      {removing && plan && (
        <ConfirmDialog
          danger
          title={t('operator.shifts.removeTitle', {
            name: removingName,
            day: removingDay ? formatShiftDate(removingDay.date, language.value) : '',
            start: hhmm(removing.start, plan.timezone),
            end: hhmm(removing.end, plan.timezone),
          })}
          description={t('operator.shifts.removeText')}
          cancelLabel={t('operator.shifts.cancel')}
          confirmLabel={t('operator.shifts.remove')}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            setBusy(true);
            const got = await planCall((api, key, pob) => api.removeShift(key, pob, removing.id));
            setBusy(false);
            setRemoving(null);
            if ('error' in got) {
              setDone(null);
              setRemoveError(refusalText(got.error));
            } else await changed(t('operator.shifts.removed', { name: removingName }));
          }}
        />
      )}
    </div>
  );
}

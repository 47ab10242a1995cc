/**
 * Shifts planned ahead (docs/decisions.md, "Shifts planned ahead"): the console's Shifts tab, and the chain owner's
 * view of any shop. Adds a barber's shift on one of today and the next 14 days, moves one to other times, removes
 * one (confirmed). Times are the shop's local ones. The server decides every refusal (outside the hours,
 * overlapping, leaving N waiting customers with no barber); the screen says it in the operator's words, in an alert
 * next to what was tried, and the plan is read again after every change.
 */
import { useEffect, useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { language, locale, t } from '../../state/i18n.ts';
import { formatShiftDate, formatTime } from '../../lib/format.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { type Shift, type ShiftPlan, shiftRefusal, zonedDate, zonedIso } from '../../lib/operator.ts';
import { clock, errorText, planCall, pobId, refresh } from '../../state/console/operator.ts';

type Day = ShiftPlan['days'][number];

/** A refused change in words: the shift refusals by name (the stranding one with its count), else the console's. */
function refusalText(err: unknown): string {
  // The server's words come as the error's message (services/http.ts ApiError); a network failure's match none.
  const found = err instanceof Error ? shiftRefusal(err.message) : null;
  const reason = found ? t(`operator.shifts.errors.${found.key}`, { count: found.count }) : errorText(err);
  return t('operator.shifts.refused', { reason });
}

/** HH:MM of an instant in the shop's zone. */
const hhmm = (iso: string, zone: string) => formatTime(iso, locale.value, zone);

/** The first quarter hour from now (today) or the day's opening, whichever is later. */
function defaultStart(day: Day, zone: string, today: string): string {
  const opens = day.opens ?? '10:00';
  if (day.date !== today) return opens;
  const now = new Date(clock.now() + 15 * 60_000 - (clock.now() % (15 * 60_000))).toISOString();
  const at = hhmm(now, zone);
  return at > opens && (day.closes === null || at < day.closes) ? at : opens;
}

/** A day's close as a time field can hold it: a shop open to midnight closes at "24:00", the field's last is 23:59. */
const closeField = (day: Day | null) => (day?.closes === '24:00' ? '23:59' : (day?.closes ?? ''));

function dayLabel(day: Day): string {
  const date = formatShiftDate(day.date, language.value);
  return day.opens && day.closes
    ? `${date} · ${t('operator.shifts.hours', { opens: day.opens, closes: day.closes })}`
    : `${date} · ${t('operator.shifts.closed')}`;
}

function AddShift({ plan, onDone }: { plan: ShiftPlan; onDone: (text: string) => Promise<void> }) {
  const id = useId();
  const open = plan.days.filter((d) => d.opens && d.closes);
  const today = plan.days[0]?.date ?? '';
  const [barber, setBarber] = useState<number | null>(plan.barbers[0]?.id ?? null);
  const [date, setDate] = useState(open[0]?.date ?? '');
  const day = plan.days.find((d) => d.date === date) ?? null;
  const [start, setStart] = useState(day ? defaultStart(day, plan.timezone, today) : '');
  const [end, setEnd] = useState(closeField(day));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pickDay = (value: string) => {
    setError(null);
    setDate(value);
    const d = plan.days.find((x) => x.date === value);
    if (d) {
      setStart(defaultStart(d, plan.timezone, today));
      setEnd(closeField(d));
    }
  };
  const own = plan.barbers.filter((b) => b.here);
  const others = plan.barbers.filter((b) => !b.here);
  const name = plan.barbers.find((b) => b.id === barber)?.name ?? '';

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (barber === null || !date || !start || !end) return;
    if (end <= start) return setError(t('operator.shifts.refused', { reason: t('operator.shifts.errors.times') }));
    setBusy(true);
    setError(null);
    const body = { barber_id: barber, start: zonedIso(date, start, plan.timezone), end: zonedIso(date, end, plan.timezone) };
    const got = await planCall((api, key, pob) => api.addShift(key, pob, body));
    setBusy(false);
    if ('error' in got) return setError(refusalText(got.error));
    await onDone(t('operator.shifts.added', { name, day: formatShiftDate(date, language.value), start, end }));
  };

  return (
    <section className="op-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('operator.shifts.add')}</h2>
      <p className="muted">{t('operator.shifts.intro')}</p>
      <form className="op-form op-shift-form" onSubmit={(e) => void submit(e)} aria-describedby={`${id}-error`}>
        <label>
          {t('operator.shifts.barber')}
          <select
            value={barber ?? ''}
            onChange={(e) => {
              setError(null);
              setBarber(Number(e.target.value));
            }}
            required
          >
            {own.length > 0 && (
              <optgroup label={t('operator.shifts.own')}>
                {own.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            )}
            {others.length > 0 && (
              <optgroup label={t('operator.shifts.others')}>
                {others.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <label>
          {t('operator.shifts.day')}
          <select value={date} onChange={(e) => pickDay(e.target.value)} required>
            {plan.days.map((d) => (
              <option key={d.date} value={d.date} disabled={!d.opens}>
                {dayLabel(d)}
              </option>
            ))}
          </select>
        </label>
        <div className="op-shift-times">
          <label>
            {t('operator.shifts.start')}
            <input type="time" step={300} value={start} onChange={(e) => setStart(e.target.value)} required />
          </label>
          <label>
            {t('operator.shifts.end')}
            <input type="time" step={300} value={end} onChange={(e) => setEnd(e.target.value)} required />
          </label>
        </div>
        <p className="op-error" id={`${id}-error`} role="alert">
          {error}
        </p>
        <div className="op-toolbar">
          <button type="submit" className="button primary" disabled={busy || barber === null}>
            {t('operator.shifts.addButton')}
          </button>
        </div>
      </form>
    </section>
  );
}

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
  const id = useId();
  const zone = plan.timezone;
  const name = plan.barbers.find((b) => b.id === shift.barber_id)?.name ?? `#${shift.barber_id}`;
  const [moving, setMoving] = useState(false);
  const [start, setStart] = useState(hhmm(shift.start, zone));
  const [end, setEnd] = useState(hhmm(shift.end, zone));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dayText = formatShiftDate(day.date, language.value);

  const save = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (end <= start) return setError(t('operator.shifts.refused', { reason: t('operator.shifts.errors.times') }));
    setBusy(true);
    setError(null);
    const body = { start: zonedIso(day.date, start, zone), end: zonedIso(day.date, end, zone) };
    const got = await planCall((api, key, pob) => api.moveShift(key, pob, shift.id, body));
    setBusy(false);
    if ('error' in got) return setError(refusalText(got.error));
    setMoving(false);
    await onDone(t('operator.shifts.moved', { name, day: dayText, start, end }));
  };

  return (
    <li className="op-shift" data-shift={shift.id}>
      <span className="op-shift-text">
        {t('operator.shifts.shiftOf', { name, start: hhmm(shift.start, zone), end: hhmm(shift.end, zone) })}
      </span>
      {!moving && (
        <span className="op-actions">
          <button
            type="button"
            className="button"
            aria-label={`${t('operator.shifts.move')}: ${name} ${dayText} ${hhmm(shift.start, zone)}–${hhmm(shift.end, zone)}`}
            onClick={() => {
              setMoving(true);
              setError(null);
            }}
          >
            {t('operator.shifts.move')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={`${t('operator.shifts.remove')}: ${name} ${dayText} ${hhmm(shift.start, zone)}–${hhmm(shift.end, zone)}`}
            onClick={() => onRemove(shift)}
          >
            {t('operator.shifts.remove')}
          </button>
        </span>
      )}
      {moving && (
        <form
          className="op-form op-shift-move"
          onSubmit={(e) => void save(e)}
          aria-label={t('operator.shifts.moveLabel', { name, day: dayText })}
        >
          <div className="op-shift-times">
            <label>
              {t('operator.shifts.start')}
              {/* biome-ignore lint/a11y/noAutofocus: the field the operator just asked to change. */}
              <input type="time" step={300} value={start} onChange={(e) => setStart(e.target.value)} required autoFocus />
            </label>
            <label>
              {t('operator.shifts.end')}
              <input type="time" step={300} value={end} onChange={(e) => setEnd(e.target.value)} required />
            </label>
          </div>
          <p className="op-error" id={`${id}-error`} role="alert">
            {error}
          </p>
          <div className="op-toolbar">
            <button type="submit" className="button primary" disabled={busy}>
              {t('operator.shifts.save')}
            </button>
            <button type="button" className="button" onClick={() => setMoving(false)}>
              {t('operator.shifts.cancel')}
            </button>
          </div>
        </form>
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
      {plan && <AddShift key={shop ?? 0} plan={plan} onDone={changed} />}
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

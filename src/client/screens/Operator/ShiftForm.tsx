/**
 * One shift form for the console's Shifts tab (docs/decisions.md, "Shifts planned ahead"): adding a shift (a barber,
 * one of today and the next 14 days, a start and an end) and moving one (its start and end, on its day). Times are
 * the shop's local ones. The server decides every refusal; the form says it in the operator's words, in an alert
 * beside what was tried.
 */
import { useId, useState } from 'react';
import { language, locale, t } from '../../state/i18n.ts';
import { formatShiftDate, formatTime } from '../../lib/format.ts';
import { type Shift, type ShiftPlan, shiftRefusal, zonedIso } from '../../lib/operator.ts';
import { clock, errorText } from '../../state/console/operator.ts';
import { planCall } from '../../state/console/actions.ts';

export type Day = ShiftPlan['days'][number];

/** A refused change in words: the shift refusals by name (the stranding one with its count), else the console's. */
export function refusalText(err: unknown): string {
  // The server's words come as the error's message (services/http.ts ApiError); a network failure's match none.
  const found = err instanceof Error ? shiftRefusal(err.message) : null;
  const reason = found ? t(`operator.shifts.errors.${found.key}`, { count: found.count }) : errorText(err);
  return t('operator.shifts.refused', { reason });
}

/** HH:MM of an instant in the shop's zone. */
export const hhmm = (iso: string, zone: string) => formatTime(iso, locale.value, zone);

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

export function dayLabel(day: Day): string {
  const date = formatShiftDate(day.date, language.value);
  return day.opens && day.closes
    ? `${date} · ${t('operator.shifts.hours', { opens: day.opens, closes: day.closes })}`
    : `${date} · ${t('operator.shifts.closed')}`;
}

/**
 * Adding (no `shift`: the barber and the day are picked, the times default to the next quarter hour and the close)
 * or moving `shift` on `day` (its barber and day stay; the times start as they are, the first one focused).
 */
export function ShiftForm({
  plan,
  shift,
  day: shiftDay,
  onDone,
  onCancel,
}: {
  plan: ShiftPlan;
  onDone: (text: string) => Promise<void>;
} & ({ shift?: undefined; day?: undefined; onCancel?: undefined } | { shift: Shift; day: Day; onCancel: () => void })) {
  const id = useId();
  const zone = plan.timezone;
  const today = plan.days[0]?.date ?? '';
  const [barber, setBarber] = useState<number | null>(shift?.barber_id ?? plan.barbers[0]?.id ?? null);
  const [date, setDate] = useState(shiftDay?.date ?? plan.days.find((d) => d.opens && d.closes)?.date ?? '');
  const [times, setTimes] = useState(() => {
    if (shift) return { start: hhmm(shift.start, zone), end: hhmm(shift.end, zone) };
    const day = plan.days.find((d) => d.date === date) ?? null;
    return { start: day ? defaultStart(day, zone, today) : '', end: closeField(day) };
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = plan.barbers.find((b) => b.id === barber)?.name ?? `#${barber}`;
  const dayText = formatShiftDate(date, language.value);

  const pickDay = (value: string) => {
    setError(null);
    setDate(value);
    const d = plan.days.find((x) => x.date === value);
    if (d) setTimes({ start: defaultStart(d, zone, today), end: closeField(d) });
  };

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const { start, end } = times;
    if (barber === null || !date || !start || !end) return;
    if (end <= start) return setError(t('operator.shifts.refused', { reason: t('operator.shifts.errors.times') }));
    setBusy(true);
    setError(null);
    const at = { start: zonedIso(date, start, zone), end: zonedIso(date, end, zone) };
    const got = await planCall((api, key, pob) =>
      shift ? api.moveShift(key, pob, shift.id, at) : api.addShift(key, pob, { barber_id: barber, ...at }),
    );
    setBusy(false);
    if ('error' in got) return setError(refusalText(got.error));
    await onDone(t(shift ? 'operator.shifts.moved' : 'operator.shifts.added', { name, day: dayText, start, end }));
  };

  const fields = (
    <>
      <div className="op-shift-times">
        {(['start', 'end'] as const).map((which) => (
          <label key={which}>
            {t(`operator.shifts.${which}`)}
            <input
              type="time"
              step={300}
              value={times[which]}
              onChange={(e) => setTimes({ ...times, [which]: e.target.value })}
              required
              // biome-ignore lint/a11y/noAutofocus: moving, the field the operator just asked to change.
              autoFocus={shift !== undefined && which === 'start'}
            />
          </label>
        ))}
      </div>
      <p className="op-error" id={`${id}-error`} role="alert">
        {error}
      </p>
    </>
  );

  if (shift)
    return (
      <form
        className="op-form op-shift-move"
        onSubmit={(e) => void submit(e)}
        aria-label={t('operator.shifts.moveLabel', { name, day: dayText })}
      >
        {fields}
        <div className="op-toolbar">
          <button type="submit" className="button primary" disabled={busy}>
            {t('operator.shifts.save')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('operator.shifts.cancel')}
          </button>
        </div>
      </form>
    );

  const own = plan.barbers.filter((b) => b.here);
  const others = plan.barbers.filter((b) => !b.here);
  const group = (label: string, list: typeof own) =>
    list.length > 0 && (
      <optgroup label={label}>
        {list.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </optgroup>
    );
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
            {group(t('operator.shifts.own'), own)}
            {group(t('operator.shifts.others'), others)}
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
        {fields}
        <div className="op-toolbar">
          <button type="submit" className="button primary" disabled={busy || barber === null}>
            {t('operator.shifts.addButton')}
          </button>
        </div>
      </form>
    </section>
  );
}

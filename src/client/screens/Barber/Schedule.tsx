/** The barber's work schedule: "ti 5.3.", "09:00–17:00" and the shop, for shifts that have not ended. */
import { useSignals } from '@preact/signals-react/runtime';
import { formatShiftDate, formatTime } from '../../lib/format.ts';
import type { Shift } from '../../lib/types.ts';
import { language, locale, t } from '../../state/i18n.ts';

export function Schedule({ shifts, now }: { shifts: Shift[]; now: Date }) {
  useSignals();
  const upcoming = shifts.filter((s) => !(Date.parse(s.end) <= now.getTime()));
  return (
    <section className="section barber-schedule" aria-labelledby="barber-schedule-title">
      <h2 id="barber-schedule-title" className="section-title">
        {t('barber.schedule')}
      </h2>
      {upcoming.length === 0 ? (
        <p className="muted">{t('barber.noShifts')}</p>
      ) : (
        <ul className="barber-shifts card">
          {upcoming.map((s) => {
            const current = Date.parse(s.start) <= now.getTime();
            return (
              <li key={`${s.id}-${s.start}`} className={current ? 'barber-shift current' : 'barber-shift'}>
                <span className="barber-shift-date">{formatShiftDate(s.date || s.start, language.value)}</span>
                <span className="barber-shift-time">
                  <time dateTime={s.start}>{formatTime(s.start, locale.value)}</time>–
                  <time dateTime={s.end}>{formatTime(s.end, locale.value)}</time>
                </span>
                <span className="barber-shift-shop">{s.pobName}</span>
                {current && <span className="barber-shift-now">{t('barber.workingNow')}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

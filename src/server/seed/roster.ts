/**
 * Keeps the demo's roster ahead of the calendar: the seed writes shifts for 7 days, so a demo database
 * started again a week later would have no barbers. The last week of shifts repeats, in each shop's local
 * wall time (a 9–17 shift stays 9–17 across a daylight-saving change), until the next 7 days are covered.
 */
import type { Queryable } from '../db/db.ts';
import { addDays, localDay, zonedTime } from '../lib/tz.ts';

const DAY = 86_400_000;
const WEEK_DAYS = 7;

interface Row {
  barber_id: number;
  shop_id: number;
  starts_at: number;
  ends_at: number;
  timezone: string;
}

function hhmm(at: number, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** The same shift `weeks` later in local wall time. */
export function shiftWeeks(start: number, end: number, tz: string, weeks: number): { start: number; end: number } {
  const s = localDay(start, tz);
  const e = localDay(end, tz);
  const endTime = hhmm(end, tz);
  // A shift ending at midnight ends at 24:00 of its own day, not 00:00 of the next.
  const endDate = e.date !== s.date && endTime === '00:00' ? s.date : e.date;
  return {
    start: zonedTime(addDays(s.date, weeks * WEEK_DAYS), hhmm(start, tz), tz),
    end: zonedTime(addDays(endDate, weeks * WEEK_DAYS), endDate === e.date ? endTime : '24:00', tz),
  };
}

/** Adds shifts so the roster reaches `now + 7 days`; returns how many it wrote. */
export async function topUpRoster(q: Queryable, now: number): Promise<number> {
  const lastStart = (await q.query<{ m: number | null }>('SELECT max(starts_at) AS m FROM shifts')).rows[0]?.m;
  if (lastStart == null) return 0;
  const horizon = now + WEEK_DAYS * DAY;
  if (lastStart >= horizon - DAY) return 0;
  const { rows } = await q.query<Row>(
    `SELECT s.barber_id, s.shop_id, s.starts_at, s.ends_at, p.timezone
       FROM shifts s JOIN shops p ON p.id = s.shop_id
      WHERE s.starts_at > $1`,
    [new Date(lastStart - WEEK_DAYS * DAY).toISOString()],
  );
  const values: unknown[] = [];
  for (const r of rows) {
    // The first repetition that is later than the roster's end, and not before today.
    let weeks = Math.max(1, Math.ceil((Math.max(lastStart, now - DAY) - r.starts_at) / (WEEK_DAYS * DAY)));
    for (;;) {
      const next = shiftWeeks(r.starts_at, r.ends_at, r.timezone, weeks++);
      if (next.start > horizon) break;
      if (next.start <= lastStart || next.end <= next.start) continue;
      values.push(r.barber_id, r.shop_id, new Date(next.start).toISOString(), new Date(next.end).toISOString());
    }
  }
  if (!values.length) return 0;
  const tuples = Array.from({ length: values.length / 4 }, (_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`);
  await q.query(`INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ${tuples.join(', ')}`, values);
  return values.length / 4;
}

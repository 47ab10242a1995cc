/**
 * Local wall-clock time of an IANA timezone ↔ epoch milliseconds, through Intl only (no tz database of our
 * own). Shop hours and shift days are local, the engine works in epoch ms; these helpers bridge the two and
 * stay right across DST changes, where a local day has 23 or 25 hours.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

// Building a DateTimeFormat is costly; a shop list converts hundreds of times per request.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, tz: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(ms)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour, minute: out.minute, second: out.second };
}

/** Offset of the zone from UTC at an instant, in ms (Helsinki in summer: +3 h). */
export function offsetMs(ms: number, tz: string): number {
  const w = wallClock(ms, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Intl drops the milliseconds; compare whole seconds.
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD with its ISO weekday (1 = Monday … 7 = Sunday). */
export interface LocalDay {
  date: string;
  weekday: number;
}

function isoWeekday(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 ? 7 : d;
}

function parseDate(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The shop-local date and weekday of an instant. */
export function localDay(ms: number, tz: string): LocalDay {
  const w = wallClock(ms, tz);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, weekday: isoWeekday(w.year, w.month, w.day) };
}

/** The weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return isoWeekday(...parseDate(date));
}

/** Calendar arithmetic on a YYYY-MM-DD date (no timezone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Minutes since local midnight of "HH:MM" or "HH:MM:SS" (a Postgres `time`). */
export function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) throw new Error(`Not a HH:MM time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * The instant of a local date and time in a zone. A time that does not exist (skipped by a spring-forward
 * change) lands after the gap; a time that occurs twice (fall-back) gives the later, standard-time instant.
 */
export function zonedTime(date: string, time: string, tz: string): number {
  const [y, m, d] = parseDate(date);
  const local = Date.UTC(y, m - 1, d) + minutesOf(time) * MINUTE;
  let t = local - offsetMs(local, tz);
  // The offset guessed at `local` can be the one on the other side of a change; one correction settles it.
  const o = offsetMs(t, tz);
  if (local - o !== t) t = local - o;
  return t;
}

/** [start, end) of a local day in epoch ms; 23 or 25 hours long on DST change days. */
export function dayBounds(date: string, tz: string): { start: number; end: number } {
  return { start: zonedTime(date, '00:00', tz), end: zonedTime(addDays(date, 1), '00:00', tz) };
}

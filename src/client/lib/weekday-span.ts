/** The server's side of the weekday a rendered page carries (lib/known-formats.ts reads it on the phone). */
import { isoWeekday } from './mappers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "day from to": the ISO weekday in `timeZone` at `now` and the span of that local day, for the client to read
 * without Intl (lib/known-formats.ts); '' on a day whose length the zone's clock change makes other than 24 h.
 */
export function weekdaySpan(now: number, timeZone: string): string {
  const day = isoWeekday(new Date(now), timeZone);
  const wall = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(wall.find((p) => p.type === type)?.value);
  const from = now - ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 - (now % 1000);
  const to = from + DAY_MS;
  const same = (at: number) => isoWeekday(new Date(at), timeZone) === day;
  return same(from) && !same(from - 1) && same(to - 1) && !same(to) ? `${day} ${from} ${to}` : '';
}

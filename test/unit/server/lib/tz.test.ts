import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, dayBounds, localDay, minutesOf, offsetMs, weekdayOf, zonedTime } from '../../../../src/server/lib/tz.ts';

const HOUR = 3_600_000;
const HEL = 'Europe/Helsinki';
const utc = (iso: string) => Date.parse(iso);

const offset = suite('offsetMs');
offset('winter and summer offsets of each chain timezone', () => {
  const table: [string, number, number][] = [
    ['Europe/Helsinki', 2, 3],
    ['Europe/Tallinn', 2, 3],
    ['Europe/Oslo', 1, 2],
    ['Europe/Copenhagen', 1, 2],
    ['Europe/Stockholm', 1, 2],
  ];
  for (const [tz, winter, summer] of table) {
    assert.is(offsetMs(utc('2026-01-15T12:00:00Z'), tz), winter * HOUR, `${tz} winter`);
    assert.is(offsetMs(utc('2026-07-15T12:00:00Z'), tz), summer * HOUR, `${tz} summer`);
  }
});
offset('changes exactly at 01:00 UTC on the last Sunday of March', () => {
  assert.is(offsetMs(utc('2026-03-29T00:59:59Z'), HEL), 2 * HOUR);
  assert.is(offsetMs(utc('2026-03-29T01:00:00Z'), HEL), 3 * HOUR);
});
offset.run();

const day = suite('localDay');
day('the local date and ISO weekday of an instant', () => {
  assert.equal(localDay(utc('2026-11-24T10:00:00Z'), HEL), { date: '2026-11-24', weekday: 2 });
  // 00:30 next day in Helsinki, still 23:30 the same day in Oslo.
  assert.equal(localDay(utc('2026-11-24T22:30:00Z'), HEL), { date: '2026-11-25', weekday: 3 });
  assert.equal(localDay(utc('2026-11-24T22:30:00Z'), 'Europe/Oslo'), { date: '2026-11-24', weekday: 2 });
  assert.equal(localDay(utc('2026-11-29T12:00:00Z'), HEL), { date: '2026-11-29', weekday: 7 });
});
day.run();

const calendar = suite('addDays, weekdayOf, minutesOf');
calendar('date arithmetic across months, years and leap days', () => {
  assert.is(addDays('2026-12-31', 1), '2027-01-01');
  assert.is(addDays('2028-02-28', 1), '2028-02-29');
  assert.is(addDays('2026-03-01', -1), '2026-02-28');
  assert.is(addDays('2026-03-28', 2), '2026-03-30');
  assert.is(weekdayOf('2026-11-23'), 1);
  assert.is(weekdayOf('2026-11-29'), 7);
});
calendar('times as minutes after midnight', () => {
  assert.is(minutesOf('09:30'), 570);
  assert.is(minutesOf('23:59:00'), 1439);
  assert.throws(() => minutesOf('noon'));
  assert.throws(() => addDays('24.11.2026', 1));
});
calendar.run();

const zoned = suite('zonedTime and dayBounds');
zoned('local opening time to the instant, on both sides of a DST change', () => {
  assert.is(zonedTime('2026-03-28', '09:00', HEL), utc('2026-03-28T07:00:00Z'));
  assert.is(zonedTime('2026-03-29', '09:00', HEL), utc('2026-03-29T06:00:00Z'));
  assert.is(zonedTime('2026-10-24', '09:00', HEL), utc('2026-10-24T06:00:00Z'));
  assert.is(zonedTime('2026-10-25', '09:00', HEL), utc('2026-10-25T07:00:00Z'));
  assert.is(zonedTime('2026-11-24', '20:00', 'Europe/Stockholm'), utc('2026-11-24T19:00:00Z'));
});
zoned('round-trips every quarter hour of a spring-forward day except the skipped hour', () => {
  for (let m = 0; m < 24 * 60; m += 15) {
    const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const t = zonedTime('2026-03-29', time, HEL);
    const back = new Intl.DateTimeFormat('en-GB', { timeZone: HEL, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
    if (m >= 180 && m < 240)
      assert.is(
        back,
        `${String(Math.floor(m / 60) + 1).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
        'skipped time lands after the gap',
      );
    else assert.is(back, time);
  }
});
zoned('a repeated fall-back time gives the later instant', () => {
  assert.is(zonedTime('2026-10-25', '03:30', HEL), utc('2026-10-25T01:30:00Z'));
});
zoned('a local day is 23 hours in spring and 25 in autumn', () => {
  for (const tz of [HEL, 'Europe/Stockholm', 'Europe/Oslo']) {
    const spring = dayBounds('2026-03-29', tz);
    const autumn = dayBounds('2026-10-25', tz);
    const plain = dayBounds('2026-11-24', tz);
    assert.is(spring.end - spring.start, 23 * HOUR, tz);
    assert.is(autumn.end - autumn.start, 25 * HOUR, tz);
    assert.is(plain.end - plain.start, 24 * HOUR, tz);
  }
  assert.equal(dayBounds('2026-11-24', HEL), { start: utc('2026-11-23T22:00:00Z'), end: utc('2026-11-24T22:00:00Z') });
});
zoned.run();

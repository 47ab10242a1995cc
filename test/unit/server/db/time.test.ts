/** PostgreSQL's timestamptz text as epoch milliseconds (src/server/db/time.ts), as both adapters read it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { epochMs } from '../../../../src/server/db/time.ts';

test('UTC with an hour-only offset, with and without fractions', () => {
  assert.is(epochMs('2026-11-24 10:00:00+00'), Date.parse('2026-11-24T10:00:00Z'));
  assert.is(epochMs('2026-11-24 10:00:00.5+00'), Date.parse('2026-11-24T10:00:00.500Z'));
  assert.is(epochMs('2026-11-24 10:00:00.123456+00'), Date.parse('2026-11-24T10:00:00.123Z'), 'microseconds are dropped, not rounded');
});

test('other session time zones give the same instant', () => {
  assert.is(epochMs('2026-11-24 12:00:00+02'), Date.parse('2026-11-24T10:00:00Z'));
  assert.is(epochMs('2026-11-24 15:30:00+05:30'), Date.parse('2026-11-24T10:00:00Z'));
  assert.is(epochMs('2026-11-24 05:00:00-05'), Date.parse('2026-11-24T10:00:00Z'));
  assert.is(epochMs('1900-01-01 01:39:49+01:39:49'), Date.parse('1900-01-01T00:00:00Z'), 'historical offsets carry seconds');
});

test('infinities, years before 100 and BC', () => {
  assert.is(epochMs('infinity'), Infinity);
  assert.is(epochMs('-infinity'), -Infinity);
  assert.is(epochMs('0050-06-01 00:00:00+00'), new Date('0050-06-01T00:00:00Z').getTime(), 'not read as 1950');
  assert.is(epochMs('0001-01-01 00:00:00+00 BC'), new Date('0000-01-01T00:00:00Z').getTime());
  assert.throws(() => epochMs('yesterday'), /Unexpected timestamptz/);
});

test.run();

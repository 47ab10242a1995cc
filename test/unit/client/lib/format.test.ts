import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  formatDate,
  formatDistance,
  formatMinutes,
  formatPrice,
  formatReceiptDate,
  formatShiftDate,
  formatTime,
} from '../../../../src/client/lib/format.ts';
import type { Language, Locale } from '../../../../src/shared/locales.ts';

// Intl separates numbers and units with no-break spaces; compare with plain spaces.
const flat = (s: string) => s.replace(/\s/g, ' ');

test('formatPrice: cents / 100 in the locale currency', () => {
  const cases: Array<[number, Locale, string]> = [
    [1250, 'FI', '12,50 €'],
    [2900, 'EE', '29,00 €'],
    [1250, 'DE', '12,50 €'],
    [1250, 'US', '$12.50'],
    [35000, 'NO', '350,00 kr'],
    [1250, 'DK', '12,50 kr.'],
    [1250, 'SE', '12,50 kr'],
    [0, 'FI', '0,00 €'],
    [5, 'US', '$0.05'],
  ];
  for (const [cents, locale, want] of cases) assert.is(flat(formatPrice(cents, locale)), want, `${cents} ${locale}`);
});

test('formatDistance: metres under 1 km, one-decimal km, miles for US', () => {
  const cases: Array<[number, Locale, string]> = [
    [0.2, 'FI', '200 m'],
    [0.999, 'FI', '999 m'],
    [0.9996, 'FI', '1,0 km'],
    [1, 'FI', '1,0 km'],
    [16.1, 'FI', '16,1 km'],
    [16.1, 'SE', '16,1 km'],
    [0, 'FI', '0 m'],
    [1, 'US', '0.6 mi'], // 1 × 0.6214
    [16.1, 'US', '10.0 mi'], // 10.005
    [0.5, 'US', '0.3 mi'],
    [NaN, 'FI', ''],
  ];
  for (const [km, locale, want] of cases) assert.is(flat(formatDistance(km, locale)), want, `${km} ${locale}`);
});

test('formatReceiptDate: dd.mm.yyyy in the shop zone', () => {
  const cases: Array<[string, string | undefined, string]> = [
    ['2024-03-05T10:00:00Z', undefined, '05.03.2024'],
    ['2024-12-31T10:00:00Z', undefined, '31.12.2024'],
    ['2024-03-04T22:30:00Z', undefined, '05.03.2024'], // already the 5th in Helsinki
    ['2024-03-04T22:30:00Z', 'UTC', '04.03.2024'],
    ['not a date', undefined, ''],
  ];
  for (const [iso, zone, want] of cases) assert.is(formatReceiptDate(iso, zone), want, `${iso} ${zone}`);
});

test('formatShiftDate: weekday d.m. in en-US, et-EE or fi-FI', () => {
  const cases: Array<[string, Language, string]> = [
    ['2024-03-05', 'fi', 'ti 5.3.'],
    ['2024-03-05', 'en', 'Tue 5.3.'],
    ['2024-03-05', 'ee', 'T 5.3.'],
    ['2024-12-29', 'en', 'Sun 29.12.'],
    ['2024-03-05', 'sv', 'ti 5.3.'], // other languages read the Finnish format
    ['2024-03-05T23:30:00+02:00', 'fi', 'ti 5.3.'], // the date part decides, not the clock
    ['', 'fi', ''],
  ];
  for (const [date, lang, want] of cases) assert.is(formatShiftDate(date, lang), want, `${date} ${lang}`);
});

test('formatDate: the locale date format, US month first', () => {
  const cases: Array<[string, Locale, string | undefined, string]> = [
    ['2024-03-05T10:00:00Z', 'FI', undefined, '5.3.2024'],
    ['2024-03-05T10:00:00Z', 'US', 'UTC', '3/5/2024'],
    ['2024-03-05T10:00:00Z', 'NO', undefined, '5.3.2024'],
    ['2024-03-05T10:00:00Z', 'DK', undefined, '5.3.2024'],
    ['2024-03-05T10:00:00Z', 'SE', undefined, '2024-03-05'],
    ['2024-03-05T10:00:00Z', 'EE', undefined, '5.3.2024'], // default fi-FI
    ['2024-03-05T10:00:00Z', 'DE', undefined, '5.3.2024'], // default fi-FI
    ['2024-03-04T22:30:00Z', 'FI', undefined, '5.3.2024'],
    ['2024-03-04T22:30:00Z', 'FI', 'UTC', '4.3.2024'],
    ['garbage', 'FI', undefined, ''],
  ];
  for (const [iso, locale, zone, want] of cases) assert.is(formatDate(iso, locale, zone), want, `${iso} ${locale} ${zone}`);
});

test('formatTime: 24-hour HH:MM in the zone', () => {
  const cases: Array<[string, Locale, string | undefined, string]> = [
    ['2024-03-05T07:05:00Z', 'FI', undefined, '09:05'],
    ['2024-07-05T07:05:00Z', 'FI', undefined, '10:05'], // summer time
    ['2024-03-05T07:05:00Z', 'SE', undefined, '08:05'],
    ['2024-03-05T17:30:00Z', 'US', 'UTC', '17:30'],
    ['2024-03-05T22:00:00Z', 'FI', undefined, '00:00'],
    ['nope', 'FI', undefined, ''],
  ];
  for (const [iso, locale, zone, want] of cases) assert.is(formatTime(iso, locale, zone), want, `${iso} ${locale}`);
});

test('formatMinutes: wait minutes, a dash when unknown', () => {
  const cases: Array<[number | null, Locale, string]> = [
    [15, 'FI', '15 min'],
    [0, 'FI', '0 min'],
    [90, 'US', '90 min'],
    [12.6, 'FI', '13 min'],
    [null, 'FI', '–'],
  ];
  for (const [min, locale, want] of cases) assert.is(flat(formatMinutes(min, locale)), want, `${min} ${locale}`);
});

test.run();

/**
 * Intl-based formatting. Every function takes the locale and, where the result depends on
 * it, the time zone (defaulting to the locale's zone, never the machine's), so output is deterministic.
 */
import { DEFAULT_LOCALE, LOCALES, type Language, type Locale } from '../../shared/locales.ts';
import { formatted } from './known-formats.ts';

// Making an Intl formatter costs far more than using one, and a shop page formats every price and time on it: each
// formatter is made once per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function made<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}
const numberFormat = (intl: string, options: Intl.NumberFormatOptions) =>
  made(`n${intl}${JSON.stringify(options)}`, () => new Intl.NumberFormat(intl, options));
const dateFormat = (intl: string, options: Intl.DateTimeFormatOptions) =>
  made(`d${intl}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intl, options));

const info = (locale: Locale) => LOCALES[locale] ?? LOCALES[DEFAULT_LOCALE];
const zoneOf = (locale: Locale) => info(locale).timezone;

/** Date formats by locale: FI fi-FI, US en-US, NO nb-NO, DK da-DK, SE sv-SE, anything else fi-FI. */
const DATE_INTL: Partial<Record<Locale, string>> = { FI: 'fi-FI', US: 'en-US', NO: 'nb-NO', DK: 'da-DK', SE: 'sv-SE' };
/** Shift dates name the weekday in en-US, et-EE or fi-FI. */
const SHIFT_INTL: Partial<Record<Language, string>> = { en: 'en-US', ee: 'et-EE', fi: 'fi-FI' };

/**
 * A time of day as the language writes it (14.20, 14:20), in `timeZone`: the shop's, never the phone's (a phone on
 * UTC in Helsinki still reads Helsinki's hours).
 */
export function formatClock(at: number, intl: string, timeZone: string): string {
  return dateFormat(intl, { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
}

/** Prices are held in cents; the currency follows the locale (EUR default, USD, NOK, DKK, SEK). */
export function formatPrice(cents: number, locale: Locale): string {
  const { intl, currency } = info(locale);
  return formatted(`p${locale} ${cents}`, () => numberFormat(intl, { style: 'currency', currency }).format(cents / 100));
}

// The first screen's one format, in a module of its own so the first route carries no other.
export { formatDistance } from './format-distance.ts';

function parts(date: Date, intl: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of dateFormat(intl, options).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** Receipts always read dd.mm.yyyy, whatever the locale. */
export function formatReceiptDate(iso: string, timeZone = zoneOf(DEFAULT_LOCALE)): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatted(`r${timeZone} ${iso}`, () => {
    const p = parts(date, 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
    return `${p.day}.${p.month}.${p.year}`;
  });
}

/**
 * Shift dates: "weekday d.m." ("ti 5.3.", "Tue 5.3.", "T 5.3."). The date is the shop's calendar date
 * (YYYY-MM-DD), so it is read and formatted in UTC to stay the same day everywhere.
 */
export function formatShiftDate(isoDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return '';
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
  const weekday = formatted(`s${language} ${y}${m}${d}`, () =>
    dateFormat(SHIFT_INTL[language] ?? 'fi-FI', { weekday: 'short', timeZone: 'UTC' }).format(date),
  );
  return `${weekday} ${Number(d)}.${Number(m)}.`;
}

/** The locale's own date format: FI "5.3.2024", US "3/5/2024" (month, day, year), SE "2024-03-05". */
export function formatDate(iso: string, locale: Locale, timeZone = zoneOf(locale)): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatted(`d${locale}${timeZone} ${iso}`, () =>
    dateFormat(DATE_INTL[locale] ?? 'fi-FI', {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(date),
  );
}

/** 24-hour HH:MM in the given zone; built from parts because fi-FI would print "09.05". */
export function formatTime(iso: string, locale: Locale, timeZone = zoneOf(locale)): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatted(`t${timeZone} ${iso}`, () => {
    const p = parts(date, 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    return `${p.hour}:${p.minute}`;
  });
}

/** Wait minutes as "15 min"; unknown is a dash. The 'Now' text for 0 is the screen's key. */
export function formatMinutes(minutes: number | null, locale: Locale): string {
  if (minutes === null || !Number.isFinite(minutes)) return '–';
  const n = Math.max(0, Math.round(minutes));
  return formatted(`m${locale} ${n}`, () =>
    numberFormat(info(locale).intl, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(n),
  );
}

/** An address line with the city, unless the address already names it ("Hämeentie 13, 00530 Helsinki" + "Helsinki"). */
export function addressWithCity(address: string, city: string): string {
  const a = address.trim();
  const c = city.trim();
  if (!c) return a;
  if (!a) return c;
  return a.toLocaleLowerCase().endsWith(c.toLocaleLowerCase()) ? a : `${a}, ${c}`;
}

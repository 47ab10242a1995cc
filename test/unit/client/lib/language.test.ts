import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseLanguage, localeForLanguage, normaliseLanguage } from '../../../../src/client/lib/language.ts';
import type { Language, Locale } from '../../../../src/shared/locales.ts';

const SHORT = ['fi', 'en', 'ee'];
const ISO = ['fi', 'et', 'en', 'nb', 'sv', 'da'];

test('chooseLanguage: allowed query, else allowed stored, else fi', () => {
  const cases: Array<[string, string | null, string | null, string[], Language]> = [
    ['query wins', 'en', 'ee', SHORT, 'en'],
    ['query not allowed → stored', 'sv', 'ee', SHORT, 'ee'],
    ['query junk → stored', 'xx', 'en', SHORT, 'en'],
    ['nothing → fi', null, null, SHORT, 'fi'],
    ['stored not allowed → fi', null, 'de', SHORT, 'fi'],
    ['both not allowed → fi', 'de', 'sv', SHORT, 'fi'],
    ['ISO list allows et as ee', 'ee', null, ISO, 'ee'],
    ['ISO query code et', 'et', null, SHORT, 'ee'],
    ['ISO list allows sv', 'sv', null, ISO, 'sv'],
    ['ISO list allows nb as no', 'no', null, ISO, 'no'],
    ['upper case and region', 'EN-us', null, SHORT, 'en'],
    ['stored app_language form', null, 'fi_FI', SHORT, 'fi'],
    ['empty allowed list → fi', 'en', 'en', [], 'fi'],
  ];
  for (const [name, q, stored, allowed, want] of cases) assert.is(chooseLanguage(q, stored, allowed), want, name);
});

test('normaliseLanguage: either spelling to the app code', () => {
  const cases: Array<[string | null, Language | null]> = [
    ['et', 'ee'],
    ['da', 'dk'],
    ['nb', 'no'],
    ['de-DE', 'de'],
    ['xx', null],
    ['', null],
    [null, null],
  ];
  for (const [code, want] of cases) assert.is(normaliseLanguage(code), want, String(code));
});

test('localeForLanguage: Estonian sets EE, others keep the locale', () => {
  const cases: Array<[Language, Locale, Locale]> = [
    ['ee', 'FI', 'EE'],
    ['ee', 'SE', 'EE'],
    ['fi', 'EE', 'EE'],
    ['en', 'FI', 'FI'],
    ['sv', 'SE', 'SE'],
  ];
  for (const [lang, cur, want] of cases) assert.is(localeForLanguage(lang, cur), want, `${lang} ${cur}`);
});

test.run();

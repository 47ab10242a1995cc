import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_LANGUAGES, appLanguage, languageTag, type Language } from '../../../src/shared/locales.ts';

// Both sides: the server stores what appLanguage answers (registration, profile PATCH, ?lang=), the client
// reads configured and stored codes through it; languageTag names a language to the browser (lang, Intl).
test('appLanguage: either spelling to the app code, unknown codes null', () => {
  const cases: Array<[unknown, Language | null]> = [
    ['fi', 'fi'],
    ['ee', 'ee'],
    ['et', 'ee'],
    ['no', 'no'],
    ['nb', 'no'],
    ['nn', 'no'],
    ['dk', 'dk'],
    ['da', 'dk'],
    ['sv', 'sv'],
    ['se', 'sv'],
    [' NB ', 'no'],
    ['DA', 'dk'],
    ['en', 'en'],
    ['de', 'de'],
    ['xx', null],
    ['fi_FI', null], // a whole app_language is not a language code (the client splits it first)
    ['', null],
    [null, null],
    [7, null],
  ];
  for (const [code, want] of cases) assert.is(appLanguage(code), want, String(code));
});

test('languageTag: the app codes that are not ISO codes', () => {
  const cases: Array<[Language, string]> = [
    ['fi', 'fi'],
    ['en', 'en'],
    ['ee', 'et'],
    ['no', 'nb'],
    ['sv', 'sv'],
    ['dk', 'da'],
    ['de', 'de'],
  ];
  for (const [lang, want] of cases) assert.is(languageTag(lang), want, lang);
});

test('every language survives tag → app code', () => {
  for (const lang of ALL_LANGUAGES) assert.is(appLanguage(languageTag(lang)), lang, lang);
});

test.run();

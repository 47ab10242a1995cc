import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LANGUAGE_NAMES, languageTag, offeredLanguages } from '../../../src/client/lib/language-names.ts';

test('every language is named in itself', () => {
  assert.equal(LANGUAGE_NAMES, { fi: 'Suomi', en: 'English', ee: 'Eesti', no: 'Norsk', sv: 'Svenska', dk: 'Dansk', de: 'Deutsch' });
});

test('languageTag: the app codes that are not ISO codes', () => {
  const cases: Array<[Parameters<typeof languageTag>[0], string]> = [['fi', 'fi'], ['en', 'en'], ['ee', 'et'], ['no', 'nb'], ['sv', 'sv'], ['dk', 'da'], ['de', 'de']];
  for (const [lang, want] of cases) assert.is(languageTag(lang), want, lang);
});

test('offeredLanguages: either spelling, order kept, unknown and duplicates dropped', () => {
  const cases: Array<[string[], string[]]> = [
    [['fi', 'en', 'ee'], ['fi', 'en', 'ee']],
    [['fi', 'et', 'en', 'nb', 'sv', 'da'], ['fi', 'ee', 'en', 'no', 'sv', 'dk']],
    [['ee', 'et', 'EN', 'xx', ''], ['ee', 'en']],
    [[], []],
  ];
  for (const [allowed, want] of cases) assert.equal(offeredLanguages(allowed), want, allowed.join(','));
});

test.run();

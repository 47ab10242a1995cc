import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LANGUAGE_NAMES, offeredLanguages } from '../../../../src/client/lib/language-names.ts';

test('every language is named in itself', () => {
  assert.equal(LANGUAGE_NAMES, { fi: 'Suomi', en: 'English', ee: 'Eesti', no: 'Norsk', sv: 'Svenska', dk: 'Dansk', de: 'Deutsch' });
});

test('offeredLanguages: either spelling, order kept, unknown and duplicates dropped', () => {
  const cases: Array<[string[], string[]]> = [
    [
      ['fi', 'en', 'ee'],
      ['fi', 'en', 'ee'],
    ],
    [
      ['fi', 'et', 'en', 'nb', 'sv', 'da'],
      ['fi', 'ee', 'en', 'no', 'sv', 'dk'],
    ],
    [
      ['ee', 'et', 'EN', 'xx', ''],
      ['ee', 'en'],
    ],
    [[], []],
  ];
  for (const [allowed, want] of cases) assert.equal(offeredLanguages(allowed), want, allowed.join(','));
});

test.run();

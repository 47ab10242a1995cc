/** The language-and-locale cookie the server renders a first screen by (shared/page-prefs.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageLanguage, parsePrefs, prefsValue } from '../../../src/shared/page-prefs.ts';

test('the cookie reads back what the app wrote, among other cookies; anything else is unknown', () => {
  assert.equal(parsePrefs(`a=1; prefs=${prefsValue('en', 'EE')}; b=2`), { language: 'en', locale: 'EE' });
  assert.equal(parsePrefs('prefs=et.FI'), { language: 'ee', locale: 'FI' }, 'either spelling of a language');
  assert.equal(parsePrefs('prefs=zz.QQ'), { language: null, locale: null });
  assert.equal(parsePrefs('prefs=fi'), { language: 'fi', locale: null });
  assert.equal(parsePrefs('xprefs=en.EE'), { language: null, locale: null });
  assert.equal(parsePrefs(undefined), { language: null, locale: null });
});

test('the language: the query when allowed, else the cookie when allowed, else the default', () => {
  const allowed = ['fi', 'en', 'ee'];
  assert.is(pageLanguage('en', 'ee', allowed, 'fi'), 'en');
  assert.is(pageLanguage('xx', 'ee', allowed, 'fi'), 'ee');
  assert.is(pageLanguage('sv', null, allowed, 'fi'), 'fi', 'a known language that is not allowed');
  assert.is(pageLanguage('et-EE', null, allowed, 'fi'), 'ee');
  assert.is(pageLanguage(null, 'dk', allowed, 'fi'), 'fi');
  assert.is(pageLanguage(null, null, allowed, 'fi'), 'fi');
});

test.run();

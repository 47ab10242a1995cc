import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import LanguageScreen from '../../../src/client/screens/Language/index.tsx';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../src/client/state/config.ts';
import { language, locale, reset as resetI18n, useLanguage } from '../../../src/client/state/i18n.ts';
import { load } from '../../../src/client/services/storage.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';

const options = (el: Element) => [...el.querySelectorAll('.language-option')];
/** Waits for the screen to leave: the dictionary chunk loads asynchronously before the switch. */
async function untilLeft() {
  for (let i = 0; i < 100 && loc.value.path === '/profile/language'; i++) await settle(10);
}

test.before.each(async () => {
  resetConfig();
  resetI18n();
  await useLanguage('en');
  navigate('/profile/language', { replace: true });
});
test.after.each(() => cleanup());

test('lists fi, en and ee by default, each named in itself, the current one marked', async () => {
  const el = await render(<LanguageScreen params={{}} />);
  assert.is(text(el.querySelector('h1')), 'Language');
  assert.equal(options(el).map((b) => text(b)), ['Suomi', 'English', 'Eesti']);
  assert.equal(options(el).map((b) => b.getAttribute('lang')), ['fi', 'en', 'et']);
  const current = options(el).filter((b) => b.getAttribute('aria-current') === 'true');
  assert.equal(current.map((b) => text(b)), ['English']);
  assert.ok(current[0].querySelector('svg'), 'a check mark');
});

test('follows the configured list, in either spelling of the codes', async () => {
  config.value = { ...DEFAULT_CONFIG, allowedLanguages: ['fi', 'et', 'en', 'nb', 'sv', 'da', 'de', 'xx'] };
  const el = await render(<LanguageScreen params={{}} />);
  assert.equal(options(el).map((b) => text(b)), ['Suomi', 'Eesti', 'English', 'Norsk', 'Svenska', 'Dansk', 'Deutsch']);
});

test("choosing 'ee' activates Estonian, stores it, sets the locale to EE and goes back", async () => {
  const el = await render(<LanguageScreen params={{}} />);
  await fire.click(options(el).find((b) => text(b) === 'Eesti')!);
  await untilLeft();
  assert.is(language.value, 'ee');
  assert.is(locale.value, 'EE');
  assert.is(await load('language'), 'ee');
  assert.is(await load('locale'), 'EE');
  assert.is(document.documentElement.lang, 'et');
  assert.is(loc.value.path, '/home', 'back (to the fallback when there is no history)');
});

test('choosing Finnish keeps the locale', async () => {
  const el = await render(<LanguageScreen params={{}} />);
  await fire.click(options(el).find((b) => text(b) === 'Suomi')!);
  await untilLeft();
  assert.is(language.value, 'fi');
  assert.is(locale.value, 'FI');
});

test('the back button leaves without changing anything', async () => {
  const el = await render(<LanguageScreen params={{}} />);
  await fire.click(el.querySelector('button[aria-label="Back"]'));
  assert.is(language.value, 'en');
  assert.is(loc.value.path, '/home');
});

test.run();

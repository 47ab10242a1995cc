import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import LanguageScreen from '../../../src/client/screens/Language/index.tsx';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../src/client/state/config.ts';
import { language, locale, reset as resetI18n, setLanguage } from '../../../src/client/state/i18n.ts';
import { noteDetectedLocale } from '../../../src/client/state/languages.ts';
import { load, save } from '../../../src/client/services/storage.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';

const options = (el: Element) => [...el.querySelectorAll('.language-option')];
/** Waits for the screen to leave: the dictionary chunk loads asynchronously before the switch. */
async function untilLeft() {
  for (let i = 0; i < 100 && loc.value.path === '/profile/language'; i++) await settle(10);
}

test.before.each(async () => {
  resetConfig();
  resetI18n();
  await setLanguage('en');
  navigate('/profile/language', { replace: true });
});
test.after.each(() => cleanup());

test('lists fi, en and ee by default, each named in itself, the current one marked', async () => {
  const el = await render(<LanguageScreen params={{}} />);
  assert.is(text(el.querySelector('h1')), 'Language');
  assert.equal(
    options(el).map((b) => text(b)),
    ['Suomi', 'English', 'Eesti'],
  );
  assert.equal(
    options(el).map((b) => b.getAttribute('lang')),
    ['fi', 'en', 'et'],
  );
  const current = options(el).filter((b) => b.getAttribute('aria-current') === 'true');
  assert.equal(
    current.map((b) => text(b)),
    ['English'],
  );
  assert.ok(current[0].querySelector('svg'), 'a check mark');
});

test('follows the configured list, in either spelling of the codes', async () => {
  config.value = { ...DEFAULT_CONFIG, allowedLanguages: ['fi', 'et', 'en', 'nb', 'sv', 'da', 'de', 'xx'] };
  const el = await render(<LanguageScreen params={{}} />);
  assert.equal(
    options(el).map((b) => text(b)),
    ['Suomi', 'Eesti', 'English', 'Norsk', 'Svenska', 'Dansk', 'Deutsch'],
  );
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

test('Eesti, then Suomi: back to the detected locale (stored, so a reload keeps it), else FI', async () => {
  for (const [detected, want] of [
    ['SE', 'SE'],
    [null, 'FI'],
  ] as const) {
    resetI18n();
    await setLanguage('en');
    if (detected) await noteDetectedLocale(detected);
    else await save('detectedLocale', null);
    for (const pick of ['Eesti', 'Suomi']) {
      navigate('/profile/language', { replace: true });
      const el = await render(<LanguageScreen params={{}} />);
      await fire.click(options(el).find((b) => text(b) === pick)!);
      await untilLeft();
      await cleanup();
    }
    assert.is(language.value, 'fi');
    assert.is(locale.value, want);
    assert.is(await load('locale'), want, 'what a reload starts with');
  }
});

test('logged in, the choice is sent to the server (PATCH {language}); logged out nothing is sent', async () => {
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile({ language: 'en' });
  let f = stubFetch({ 'PATCH /customers/7/': { body: wireProfile({ language: 'sv' }) } });
  config.value = { ...DEFAULT_CONFIG, allowedLanguages: ['fi', 'en', 'sv'] };
  let el = await render(<LanguageScreen params={{}} />);
  await fire.click(options(el).find((b) => text(b) === 'Svenska')!);
  await untilLeft();
  await settle(10);
  f.restore();
  assert.equal(
    f.calls.map((c) => [c.method, c.path, c.body]),
    [['PATCH', '/customers/7/', { language: 'sv' }]],
  );
  assert.is(profile.value?.language, 'sv');
  await cleanup();
  resetSession();
  navigate('/profile/language', { replace: true });
  f = stubFetch({});
  el = await render(<LanguageScreen params={{}} />);
  await fire.click(options(el).find((b) => text(b) === 'English')!);
  await untilLeft();
  await settle(10);
  f.restore();
  assert.equal(
    f.calls.filter((c) => c.path.startsWith('/customers')),
    [],
  );
});

test('the back button leaves without changing anything', async () => {
  const el = await render(<LanguageScreen params={{}} />);
  await fire.click(el.querySelector('button[aria-label="Back"]'));
  assert.is(language.value, 'en');
  assert.is(loc.value.path, '/home');
});

test.run();

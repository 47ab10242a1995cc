/**
 * When the turn alert comes: the default, or 10, 20 or 30 minutes before the turn, kept in the profile as
 * alert_lead_minutes through PATCH /customers/{id}/; a refused save leaves the choice as the profile has it.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import Notifications from '../../../src/client/screens/Notifications/index.tsx';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';
import { ALL_LANGUAGES } from '../../../src/shared/locales.ts';

setKeyValueStore(memoryKeyValue());

async function open(lead: number | null, routes: Parameters<typeof stubFetch>[0] = {}) {
  locale.value = 'FI';
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile({ alert_lead_minutes: lead });
  const f = stubFetch(routes);
  const el = await render(<Notifications params={{}} />);
  return { el, f };
}

const options = (el: Element) => [...el.querySelectorAll<HTMLLabelElement>('.alert-lead-option')];
const chosen = (el: Element) =>
  options(el)
    .map((o) => (o.querySelector('input')!.checked ? text(o) : null))
    .filter(Boolean);

test.after.each(async () => {
  await cleanup();
  resetSession();
  resetAccount();
});

test("the four choices with the profile's one checked; choosing PATCHes alert_lead_minutes and the answer shows", async () => {
  await setLanguage('en');
  const { el, f } = await open(null, { 'PATCH /customers/7/': (c) => ({ body: wireProfile(c.body as object) }) });
  assert.ok(text(el).includes('Turn alert'));
  assert.equal(
    options(el).map((o) => text(o)),
    ['Default (about 10 min before)', '10 min before my turn', '20 min before my turn', '30 min before my turn'],
  );
  assert.equal(chosen(el), ['Default (about 10 min before)']);
  await fire.click(options(el)[2].querySelector('input'));
  await settle(10);
  assert.equal(
    f.calls.map((c) => [c.method, c.path, c.body, c.bearer]),
    [['PATCH', '/customers/7/', { alert_lead_minutes: 20 }, 'access']],
  );
  assert.is(profile.value?.alert_lead_minutes, 20);
  assert.equal(chosen(el), ['20 min before my turn']);
  await fire.click(options(el)[0].querySelector('input'));
  await settle(10);
  assert.equal(f.calls[1].body, { alert_lead_minutes: null }, 'back to the default');
  assert.equal(chosen(el), ['Default (about 10 min before)']);
  f.restore();
});

test('a refused save keeps the choice the profile has, and says so', async () => {
  await setLanguage('en');
  const { el, f } = await open(30, { 'PATCH /customers/7/': { status: 400, body: { error: 'Invalid alert_lead_minutes' } } });
  assert.equal(chosen(el), ['30 min before my turn']);
  await fire.click(options(el)[1].querySelector('input'));
  await settle(10);
  assert.is(profile.value?.alert_lead_minutes, 30);
  assert.equal(chosen(el), ['30 min before my turn']);
  assert.ok(el.querySelector('.status-line.error'), 'the save failed');
  f.restore();
});

test('the choice in all 7 languages', async () => {
  const titles = new Set<string>();
  for (const lang of ALL_LANGUAGES) {
    await setLanguage(lang);
    const { el, f } = await open(10);
    const legend = text(el.querySelector('.alert-lead legend'));
    assert.ok(legend, lang);
    titles.add(legend);
    assert.match(text(options(el)[1]), /10/, lang);
    f.restore();
    await cleanup();
  }
  assert.is(titles.size, ALL_LANGUAGES.length, 'a translation each, no English copies');
});

test.run();

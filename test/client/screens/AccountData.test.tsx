/** "Your data" (GDPR): download my data as a file; delete my account behind a dialog that names what is lost. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import AccountData from '../../../src/client/screens/AccountData/index.tsx';
import { loaders } from '../../../src/client/app/screens.ts';
import { match } from '../../../src/client/router/match.ts';
import { ROUTES } from '../../../src/client/router/routes.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { load, memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { resetAccountData } from '../../../src/client/state/account-data.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { favoriteShopIds, favouriteOwner, restorePrefs, reset as resetPrefs } from '../../../src/client/state/prefs.ts';
import { loggedIn, profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) as HTMLButtonElement;

async function setup() {
  await cleanup();
  resetSession();
  resetPrefs();
  resetNotices();
  resetAccountData();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile();
  favouriteOwner.value = '7';
  restorePrefs({ favoriteBarbershops: { '7': [2, 3], guest: [5] } });
  for (const [k, v] of [
    ['user', user.value],
    ['profile', profile.value],
    ['order', { id: 1 }],
    ['readMessages', [1]],
    ['language', 'en'],
  ] as const)
    await save(k, v);
  navigate('/profile/data', { replace: true });
  return render(<AccountData params={{}} />);
}

test('/profile/data is a guarded route with its own lazy chunk', async () => {
  const m = match(ROUTES, '/profile/data');
  assert.is(m.route.screen, 'AccountData');
  assert.is(m.route.auth, true);
  assert.is((await loaders.AccountData()).default, AccountData);
});

test('"Download my data" fetches the export with the token and saves it as a JSON file', async () => {
  const el = await setup();
  const saved: { name: string; href: string }[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  };
  const f = stubFetch({ 'GET /customers/7/export/': { body: { profile: { id: 7 } } } });
  await fire.click(button(el, 'Download my data'));
  await settle(10);
  f.restore();
  HTMLAnchorElement.prototype.click = click;
  assert.is(f.calls[0].bearer, 'access');
  assert.is(saved.length, 1);
  assert.match(saved[0].name, /^my-data-7-\d{4}-\d\d-\d\d\.json$/);
  assert.match(saved[0].href, /^blob:/);
});

test('the dialog names what is lost; a wrong password keeps everything and says nothing was deleted', async () => {
  const el = await setup();
  await fire.click(button(el, 'Delete my account'));
  const dialog = el.querySelector('[role=dialog]')!;
  assert.is(text(dialog.querySelector('h2')), 'Delete your account?');
  for (const lost of [
    'your place in the queue',
    'membership, credits, bonus and benefits',
    'order history and messages',
    'login on every device',
  ])
    assert.match(text(dialog), lost);
  assert.match(text(dialog), 'Receipts are kept for bookkeeping');
  assert.ok(button(el, 'Delete for good').disabled, 'needs the password');
  await fire.input(el.querySelector('#delete-password'), 'Wrong1234');
  const f = stubFetch({ 'DELETE /customers/7/': { status: 400, body: { error: 'Current password is incorrect', field: 'password' } } });
  await fire.click(button(el, 'Delete for good'));
  await settle(10);
  f.restore();
  assert.equal(f.calls[0].body, { password: 'Wrong1234' });
  assert.match(text(el.querySelector('[role=dialog]')), 'The password is not correct. Nothing was deleted.');
  assert.ok(loggedIn.value);
  assert.ok(await load('user'));
  // Cancel closes the dialog and keeps the account.
  await fire.click(button(el, 'Cancel'));
  assert.is(el.querySelector('[role=dialog]'), null);
});

test("deleting clears the stored session and this customer's local data, then goes home with a notice", async () => {
  const el = await setup();
  await fire.click(button(el, 'Delete my account'));
  await fire.input(el.querySelector('#delete-password'), 'Secret123');
  const f = stubFetch({ 'DELETE /customers/7/': { body: { ok: true } } });
  await fire.click(button(el, 'Delete for good'));
  await settle(10);
  f.restore();
  assert.equal(
    f.calls.map((c) => [c.method, c.path, c.body]),
    [['DELETE', '/customers/7/', { password: 'Secret123' }]],
  );
  assert.not.ok(loggedIn.value);
  assert.is(profile.value, null);
  for (const key of ['user', 'profile', 'order', 'readMessages'] as const) assert.is(await load(key), undefined, key);
  assert.is(await load('language'), 'en', 'device settings stay');
  assert.equal(await load('favoriteBarbershops'), { guest: [5] });
  assert.equal(favoriteShopIds.value, [5]);
  assert.is(loc.value.path, '/home');
  assert.is(notice.value?.title, 'Account deleted');
});

test.run();

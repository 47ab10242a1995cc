/** Change phone: reachable from the profile menu; password + new number, then the SMS code. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import Phone from '../../../src/client/screens/Phone/index.tsx';
import Profile from '../../../src/client/screens/Profile/index.tsx';
import { loaders } from '../../../src/client/app/screens.ts';
import { match as matchRoute } from '../../../src/client/router/match.ts';
import { ROUTES } from '../../../src/client/router/routes.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { load, memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetPhone } from '../../../src/client/state/change-phone.ts';
import { reset as resetMessages } from '../../../src/client/state/messages.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const $ = (el: Element, id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
const submit = (el: Element) => el.querySelector('button[type=submit]') as HTMLButtonElement;

async function setup() {
  await cleanup();
  resetSession();
  resetPhone();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile();
  return render(<Phone params={{}} />);
}

test('the profile menu links to /profile/phone, a guarded route with its own lazy chunk', async () => {
  resetSession();
  resetMessages();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile();
  const f = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  const el = await render(<Profile params={{}} />);
  f.restore();
  const link = el.querySelector('nav a[href="/profile/phone"]');
  assert.is(text(link), 'Change phone number');
  const m = matchRoute(ROUTES, '/profile/phone');
  assert.is(m.route.screen, 'Phone');
  assert.is(m.route.auth, true);
  assert.is((await loaders.Phone()).default, Phone);
});

test('password and new number send a code; the code changes the number, keeps this device logged in with the new tokens', async () => {
  const el = await setup();
  assert.is(text(el.querySelector('h1')), 'Change phone number');
  assert.match(text(el), 'Your current number is +358 40 123 4567');
  assert.ok(submit(el).disabled);
  await fire.input($(el, 'phone-new'), '050 765 4321');
  await fire.input($(el, 'phone-password'), 'Secret123');
  assert.not.ok(submit(el).disabled);
  const f = stubFetch({
    'POST /customers/7/phone/': { body: { ok: true } },
    'POST /customers/7/phone/confirm/': { body: { customer_id: 7, access_token: 'a2', refresh_token: 'r2' } },
    'GET /customers/7/': { body: wireProfile({ phone: '+358507654321' }) },
  });
  await fire.click(submit(el));
  await settle(10);
  assert.equal(f.calls[0].body, { phone: '+358507654321', password: 'Secret123' });
  assert.is(f.calls[0].bearer, 'access');
  assert.match(text(el), 'We sent a 6-digit code to the new number.');
  assert.ok(submit(el).disabled, 'no code yet');
  await fire.input($(el, 'phone-code'), '123456');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.equal(f.calls[1].body, { phone: '+358507654321', token: '123456' });
  assert.is(user.value?.token, 'a2');
  assert.is(user.value?.refreshToken, 'r2');
  assert.is(((await load('user')) as { refreshToken: string }).refreshToken, 'r2');
  assert.is(profile.value?.phone, '+358507654321');
  assert.match(text(el), 'Your phone number is now +358 50 765 4321.');
  assert.is(el.querySelector('form'), null);
});

test("refusals in the customer's words, each on the field it names: wrong password, a taken number (naming no one), a wrong code", async () => {
  const el = await setup();
  await fire.input($(el, 'phone-new'), '0507654321');
  await fire.input($(el, 'phone-password'), 'Wrong1234');
  let f = stubFetch({ 'POST /customers/7/phone/': { status: 400, body: { error: 'Current password is incorrect', field: 'password' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('#phone-password-error')), 'Current password is incorrect');
  assert.is($(el, 'phone-password').getAttribute('aria-invalid'), 'true');
  assert.ok($(el, 'phone-new'), 'still on the first step');

  f = stubFetch({
    'POST /customers/7/phone/': { status: 409, body: { error: 'An account with this phone number already exists', field: 'phone' } },
  });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('#phone-new-error')), 'This number cannot be used: it already belongs to an account.');

  f = stubFetch({
    'POST /customers/7/phone/': { body: { ok: true } },
    'POST /customers/7/phone/confirm/': { status: 400, body: { error: 'Invalid or expired code', field: 'token' } },
  });
  await fire.click(submit(el));
  await settle(10);
  await fire.input($(el, 'phone-code'), '000000');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('#phone-code-error')), 'Invalid or expired code');
  assert.is(user.value?.token, 'access', 'nothing changed');
  // Back to the first step keeps the number typed.
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b).startsWith('Edit the number'))!);
  assert.is($(el, 'phone-new').value, '0507654321');
});

test.run();

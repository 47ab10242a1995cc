import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { render, cleanup, fire, settle, text, win } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import Password from '../../../src/client/screens/Password/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetSettings } from '../../../src/client/state/password.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const $ = (el: Element, id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
const submit = (el: Element) => el.querySelector('button[type=submit]') as HTMLButtonElement;
const blur = (input: Element) =>
  act(async () => void input.dispatchEvent(new win.FocusEvent('focusout', { bubbles: true }) as unknown as Event));

async function setup() {
  await cleanup();
  resetSession();
  resetSettings();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile();
  const el = await render(<Password params={{}} />);
  await fire.input($(el, 'password-old'), 'OldSecret1');
  await fire.input($(el, 'password-new'), 'NewSecret1');
  return el;
}

test('a confirm that differs shows "The passwords don\'t match" and keeps submit disabled', async () => {
  const el = await setup();
  await fire.input($(el, 'password-confirm'), 'NewSecret2');
  assert.ok(submit(el).disabled);
  await blur($(el, 'password-confirm'));
  assert.match(text(el), "The passwords don't match");
  await fire.input($(el, 'password-confirm'), 'NewSecret1');
  assert.not.match(text(el), "The passwords don't match");
  assert.not.ok(submit(el).disabled);
});

test('empty current and invalid new password messages', async () => {
  const el = await setup();
  await fire.input($(el, 'password-old'), '');
  await blur($(el, 'password-old'));
  await fire.input($(el, 'password-new'), 'short');
  await blur($(el, 'password-new'));
  assert.match(text(el), 'Check your old password');
  assert.match(text(el), 'New password is not valid');
  assert.match(text(el), 'At least 8 characters, with an uppercase letter, a lowercase letter and a number, and not a common password.');
});

test('the hint names the whole rule the server applies: "abcdefgh" and the common "Salasana1" are refused before sending', async () => {
  const el = await setup();
  const hint = text(el.querySelector('#password-new-hint'));
  assert.is(hint, 'At least 8 characters, with an uppercase letter, a lowercase letter and a number, and not a common password.');
  for (const [typed, error] of [
    ['abcdefgh', 'New password is not valid'],
    ['Salasana1', 'This password is too common. Choose one that is harder to guess.'],
  ]) {
    await fire.input($(el, 'password-new'), typed);
    await fire.input($(el, 'password-confirm'), typed);
    await blur($(el, 'password-new'));
    assert.ok(submit(el).disabled, typed);
    assert.is(text(el.querySelector('#password-new-error')), error, typed);
  }
});

test('the server error text is shown on the field it names; without one the generic text under the form', async () => {
  const el = await setup();
  await fire.input($(el, 'password-confirm'), 'NewSecret1');
  let f = stubFetch({ 'POST /password/': { status: 400, body: { error: 'Old password is wrong', field: 'old_password' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.equal(f.calls[0].body, { old_password: 'OldSecret1', new_password: 'NewSecret1' });
  assert.is(text(el.querySelector('#password-old-error')), 'Old password is wrong');
  assert.is($(el, 'password-old').getAttribute('aria-invalid'), 'true');
  assert.is(el.querySelector('.form-errors'), null, 'said once, on its field');
  f = stubFetch({ 'POST /password/': { status: 500, body: {} } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.match(text(el.querySelector('.form-errors')), 'Check your current password and that the new password is strong enough');
  // Offline is said as such, not as a wrong password.
  const stubbed = globalThis.fetch;
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await fire.click(submit(el));
  await settle(10);
  globalThis.fetch = stubbed;
  assert.is(text(el.querySelector('.form-errors')), 'No connection. Check your network and try again.');
});

test('a weak-password refusal names the whole rule, on the new password', async () => {
  const el = await setup();
  await fire.input($(el, 'password-confirm'), 'NewSecret1');
  const f = stubFetch({ 'POST /password/': { status: 400, body: { error: 'Password too weak', field: 'new_password' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(
    text(el.querySelector('#password-new-error')),
    'The new password is not strong enough: it needs at least 8 characters, with an uppercase letter, a lowercase letter and a number.',
  );
});

test('success replaces the form with the message and keeps new tokens the server answers', async () => {
  const el = await setup();
  await fire.input($(el, 'password-confirm'), 'NewSecret1');
  const f = stubFetch({ 'POST /password/': { body: { access_token: 'a2', refresh_token: 'r2' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(el.querySelector('form'), null);
  assert.match(text(el), 'Your password has been changed.');
  assert.is(user.value?.refreshToken, 'r2');
  await cleanup();
});

test.run();

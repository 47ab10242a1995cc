import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { render, cleanup, fire, settle, text, win } from '../dom.ts';
import { goldMembership, stubFetch, wireProfile } from '../account-fetch.ts';
import type { WireMessage } from '../../../src/shared/wire-account.ts';
import Profile from '../../../src/client/screens/Profile/index.tsx';
import Messages from '../../../src/client/screens/Messages/index.tsx';
import EmailPermission from '../../../src/client/screens/EmailPermission/index.tsx';
import Notifications from '../../../src/client/screens/Notifications/index.tsx';
import Email from '../../../src/client/screens/Email/index.tsx';
import Name from '../../../src/client/screens/Name/index.tsx';
import Credits from '../../../src/client/screens/Credits/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { load, memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { reset as resetBonus } from '../../../src/client/state/bonus.ts';
import { reset as resetEmail } from '../../../src/client/state/email.ts';
import { reset as resetName } from '../../../src/client/state/name.ts';
import { reset as resetMessages } from '../../../src/client/state/messages.ts';
import { reset as resetPassword } from '../../../src/client/state/password.ts';
import { reset as resetPush } from '../../../src/client/state/push.ts';
import { reset as resetReceipts } from '../../../src/client/state/receipts.ts';

const resetSettings = () => {
  for (const r of [resetEmail, resetName, resetPassword, resetPush]) r();
};
const resetPages = () => {
  for (const r of [resetMessages, resetReceipts, resetBonus]) r();
};
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../src/client/state/config.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const MESSAGES: WireMessage[] = [
  { id: 1, title: 'Welcome', content: '<p>Hello <b>there</b></p>', date: ago(2), locale: 'fi', read: false },
  { id: 2, title: 'Summer hours', content: '<p>Open longer</p>', date: ago(10), locale: 'fi', read: false },
  { id: 3, title: 'Old news', content: '<p>Old</p>', date: ago(60), locale: 'fi', read: false },
  { id: 4, title: 'Seen', content: '<p>Seen</p>', date: ago(1), locale: 'fi', read: true },
];

async function setup(extra = {}) {
  await cleanup();
  resetSession();
  resetAccount();
  resetSettings();
  resetNotices();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile(extra);
  resetPages();
  navigate('/profile', { replace: true });
}

test('a member sees the MEMBER ribbon, the end date and credits; the menu links every sub-page', async () => {
  await setup({ membership: goldMembership });
  const f = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  const el = await render(<Profile params={{}} />);
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('.member-ribbon')), 'MEMBER');
  assert.match(text(el), 'Matti Meikäläinen');
  // The phone as people write it, not as stored (+358401234567).
  assert.is(text(el.querySelector('.profile-phone')), '+358 40 123 4567');
  assert.match(text(el), '31.12.2026');
  assert.ok(el.querySelector('a[href="/profile/credits"]'));
  const links = [...el.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));
  for (const href of [
    '/profile/messages',
    '/profile/history',
    '/profile/name',
    '/profile/email',
    '/profile/email-permission',
    '/profile/notifications',
    '/profile/password',
    '/profile/language',
    // How it works: what the wait's "usually" means, reachable from the profile too (not only from the login page).
    '/info',
  ])
    assert.ok(links.includes(href), href);
  assert.ok([...el.querySelectorAll('button')].some((b) => text(b) === 'Log out'));
});

test('a customer without membership gets no ribbon, no end date, no credits', async () => {
  await setup({ membership: null });
  const f = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  const el = await render(<Profile params={{}} />);
  await settle(10);
  f.restore();
  assert.is(el.querySelector('.member-ribbon'), null);
  assert.is(el.querySelector('a[href="/profile/credits"]'), null);
  assert.not.match(text(el), 'Valid until');
});

test('the unread badge counts unread messages newer than one month', async () => {
  await setup();
  const f = stubFetch({ 'GET /customers/7/messages/': { body: MESSAGES } });
  const el = await render(<Profile params={{}} />);
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('a[href="/profile/messages"] .badge')), '2');
});

test('opening a message expands it, marks it read (stored and on the server) and the count drops', async () => {
  await setup();
  const f = stubFetch({ 'GET /customers/7/messages/': { body: MESSAGES }, 'PATCH /customers/7/messages/1/': { body: {} } });
  const el = await render(<Messages params={{}} />);
  await settle(10);
  assert.match(text(el), '2 unread');
  const toggle = el.querySelector('[aria-controls="message-1"]') as HTMLButtonElement;
  assert.is(toggle.getAttribute('aria-expanded'), 'false');
  await fire.click(toggle);
  await settle(10);
  f.restore();
  assert.is(toggle.getAttribute('aria-expanded'), 'true');
  assert.is(text(el.querySelector('#message-1')), 'Hello there');
  assert.match(text(el), '1 unread');
  assert.equal(await load('readMessages'), [1]);
  assert.ok(
    f.calls.some((c) => c.method === 'PATCH' && c.path === '/customers/7/messages/1/' && (c.body as { read: boolean }).read === true),
  );
});

test('messages: the empty and the failed states', async () => {
  await setup();
  let f = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  let el = await render(<Messages params={{}} />);
  await settle(10);
  f.restore();
  assert.match(text(el), 'You have no messages.');
  await cleanup();
  resetPages();
  f = stubFetch({ 'GET /customers/7/messages/': { status: 500, body: { error: 'boom' } } });
  el = await render(<Messages params={{}} />);
  await settle(10);
  f.restore();
  assert.match(text(el), 'Messages could not be loaded.');
});

test('the e-mail permission switch patches the inverse value', async () => {
  await setup({ allow_email: false });
  const f = stubFetch({ 'PATCH /customers/7/': (c) => ({ body: wireProfile(c.body as object) }) });
  const el = await render(<EmailPermission params={{}} />);
  const sw = el.querySelector('[role=switch]') as HTMLButtonElement;
  assert.is(sw.getAttribute('aria-checked'), 'false');
  await fire.click(sw);
  await settle(10);
  assert.equal(f.calls[0].body, { allow_email: true });
  assert.is(sw.getAttribute('aria-checked'), 'true');
  await fire.click(sw);
  await settle(10);
  f.restore();
  assert.equal(f.calls[1].body, { allow_email: false });
  assert.is(sw.getAttribute('aria-checked'), 'false');
});

test('the SMS switch patches the inverse; push outside Android Chrome shows the not-supported notice', async () => {
  await setup({ allow_sms: true });
  // A deployment with push configured: then the browser is what lacks it.
  config.value = { ...DEFAULT_CONFIG, firebase: { apiKey: 'k', projectId: 'p' } };
  const f = stubFetch({ 'PATCH /customers/7/': (c) => ({ body: wireProfile(c.body as object) }) });
  const el = await render(<Notifications params={{}} />);
  const [sms, push] = [...el.querySelectorAll('[role=switch]')] as HTMLButtonElement[];
  await fire.click(sms);
  await settle(10);
  assert.equal(f.calls[0].body, { allow_sms: false });
  assert.match(text(el), 'Your browser does not support push notifications.');
  await fire.click(push);
  await settle(10);
  f.restore();
  assert.is(f.calls.length, 1, 'no push patch');
  assert.is(notice.value?.text, 'Your browser does not support push notifications.');
  resetNotices();
  resetConfig();
});

test('without a push configuration (config.json firebase null) push says it is not available here, not the browser', async () => {
  await setup();
  resetConfig();
  const f = stubFetch({});
  const el = await render(<Notifications params={{}} />);
  assert.match(text(el), 'Push notifications are not available in this service.');
  assert.not.match(text(el), 'browser');
  await fire.click(el.querySelectorAll('[role=switch]')[1]);
  await settle(10);
  f.restore();
  assert.is(f.calls.length, 0);
  assert.match(notice.value?.text ?? '', 'not available in this service');
  resetNotices();
});

test('e-mail: error only when not focused, save needs a valid address, success refreshes the profile', async () => {
  await setup({ email: 'old@example.com' });
  const el = await render(<Email params={{}} />);
  const input = el.querySelector('#email-input') as HTMLInputElement;
  const save = el.querySelector('button[type=submit]') as HTMLButtonElement;
  assert.match(text(el), 'old@example.com');
  assert.is(input.value, 'old@example.com');
  await act(async () => void input.dispatchEvent(new win.FocusEvent('focusin', { bubbles: true }) as unknown as Event));
  await fire.input(input, 'new@');
  assert.not.match(text(el), 'Please check the email address');
  assert.ok(save.disabled);
  await act(async () => void input.dispatchEvent(new win.FocusEvent('focusout', { bubbles: true }) as unknown as Event));
  assert.match(text(el), 'Please check the email address');
  await fire.input(input, 'new@example.com');
  assert.not.ok(save.disabled);
  const f = stubFetch({
    'PATCH /customers/7/': (c) => ({ body: wireProfile(c.body as object) }),
    'GET /customers/7/': { body: wireProfile({ email: 'new@example.com' }) },
  });
  await fire.click(save);
  await settle(10);
  f.restore();
  assert.equal(f.calls[0].body, { email: 'new@example.com' });
  assert.ok(f.calls.some((c) => c.method === 'GET' && c.path === '/customers/7/'));
  assert.match(text(el), 'Email saved.');
  await fire.input(input, 'new@example.co');
  assert.not.match(text(el), 'Email saved.', 'a change after success returns to idle');
});

test('e-mail: the field takes no more than the server does, and a refusal of the address is said on the field', async () => {
  await setup({ email: 'old@example.com' });
  const el = await render(<Email params={{}} />);
  const input = el.querySelector('#email-input') as HTMLInputElement;
  assert.is(input.maxLength, 254, 'the server refuses a longer address');
  await fire.input(input, `${'a'.repeat(600)}@example.com`);
  assert.ok((el.querySelector('button[type=submit]') as HTMLButtonElement).disabled, 'too long for the rule too');
  await fire.input(input, 'new@example.com');
  let f = stubFetch({ 'PATCH /customers/7/': { status: 400, body: { error: 'Invalid email address', field: 'email' } } });
  await fire.click(el.querySelector('button[type=submit]'));
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('#email-input-error')), 'Invalid email address');
  assert.is(input.getAttribute('aria-invalid'), 'true');
  assert.is(profile.value?.email, 'old@example.com', 'nothing changed');
  // Offline: said under the form in the customer's words, the field itself not blamed.
  await fire.input(input, 'other@example.com');
  f = stubFetch({});
  const stubbed = globalThis.fetch;
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await fire.click(el.querySelector('button[type=submit]'));
  await settle(10);
  globalThis.fetch = stubbed;
  f.restore();
  assert.is(text(el.querySelector('.form-errors')), 'No connection. Check your network and try again.');
  assert.is(input.getAttribute('aria-invalid'), null);
});

test('name: first and last name edited by the registration rules, saved to the profile; a refusal is said on its field', async () => {
  await setup();
  const menu = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  let el = await render(<Profile params={{}} />);
  await settle(10);
  menu.restore();
  const link = el.querySelector('a[href="/profile/name"]');
  assert.ok(link, 'the profile links the name form');
  assert.match(text(link), 'Matti Meikäläinen');
  el = await render(<Name params={{}} />);
  const first = el.querySelector('#name-firstname') as HTMLInputElement;
  const last = el.querySelector('#name-lastname') as HTMLInputElement;
  const save = el.querySelector('button[type=submit]') as HTMLButtonElement;
  assert.is(first.value, 'Matti');
  assert.is(last.value, 'Meikäläinen');
  assert.is(first.maxLength, 100);
  assert.is(last.maxLength, 100);
  // A blank name is refused by the form, as at registration: nothing is sent.
  await fire.input(first, '   ');
  let f = stubFetch({});
  await fire.click(save);
  await act(
    async () =>
      void el.querySelector('form')!.dispatchEvent(new win.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event),
  );
  await settle(5);
  f.restore();
  assert.is(f.calls.length, 0);
  assert.is(text(el.querySelector('#name-firstname-error')), 'Check your first name');
  // Saved trimmed; the profile shows the new name.
  await fire.input(first, ' Teemu ');
  await fire.input(last, 'Testaaja');
  f = stubFetch({ 'PATCH /customers/7/': (c) => ({ body: wireProfile(c.body as object) }) });
  await fire.click(save);
  await settle(10);
  f.restore();
  assert.equal(f.calls[0].body, { firstname: 'Teemu', lastname: 'Testaaja' });
  assert.is(profile.value?.firstname, 'Teemu');
  assert.match(text(el), 'Name saved.');
  // The server's refusal is said on the field it names, and the profile keeps the name it had.
  await fire.input(last, 'Virtanen');
  f = stubFetch({ 'PATCH /customers/7/': { status: 400, body: { error: 'Invalid lastname', field: 'lastname' } } });
  await fire.click(save);
  await settle(10);
  f.restore();
  assert.is(text(el.querySelector('#name-lastname-error')), 'Check your last name');
  assert.is(last.getAttribute('aria-invalid'), 'true');
  assert.is(profile.value?.lastname, 'Testaaja');
  assert.not.match(text(el), 'Name saved.');
});

test('credits: the three balances for a member', async () => {
  await setup({ membership: goldMembership });
  const el = await render(<Credits params={{}} />);
  assert.equal([...el.querySelectorAll('.balance')].map(text), ['Services4', 'Extras2', 'Products1']);
});

test('log out ends the session and goes home', async () => {
  await setup();
  const f = stubFetch({ 'GET /customers/7/messages/': { body: [] }, 'POST /logout/': { status: 204 } });
  const el = await render(<Profile params={{}} />);
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Log out')!);
  await settle(10);
  f.restore();
  assert.is(user.value, null);
  assert.is(loc.value.path, '/home');
  await cleanup();
});

test.run();

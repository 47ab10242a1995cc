import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup, fire, settle, text } from '../dom.ts';
import { stubFetch, tokens, wireProfile } from '../account-fetch.ts';
import Login from '../../../src/client/screens/Login/index.tsx';
import { LoginDialog } from '../../../src/client/components/LoginDialog/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore, load } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { loginForm } from '../../../src/client/state/login.ts';
import { welcomeSeen } from '../../../src/client/state/prefs.ts';
import { profile, reset as resetSession, user, rememberLogin } from '../../../src/client/state/session.ts';
import type { Profile } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

async function setup() {
  await cleanup();
  resetSession();
  resetAccount();
  loginForm.reset();
  navigate('/login', { replace: true });
}

const input = (el: Element, id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
const submit = (el: Element) => el.querySelector('button[type=submit]') as HTMLButtonElement;

async function fill(el: Element, prefix: string, phone: string, password: string) {
  await fire.input(input(el, `${prefix}-phone`), phone);
  await fire.input(input(el, `${prefix}-password`), password);
}

test('submit stays disabled until phone and password are both given', async () => {
  await setup();
  const el = await render(<Login params={{}} />);
  assert.ok(submit(el).disabled);
  await fire.input(input(el, 'login-phone'), '0401234567');
  assert.ok(submit(el).disabled);
  await fire.input(input(el, 'login-password'), 'Secret123');
  assert.not.ok(submit(el).disabled);
  assert.ok(el.querySelector('a[href="/profile/language"]'), 'language link');
  assert.ok(el.querySelector('a[href="/recovery"]') && el.querySelector('a[href="/register"]'));
});

test('login success without an active order goes to /home, with dial code, the UI language, remember and welcomeSeen stored', async () => {
  await setup();
  const f = stubFetch({ 'POST /login/': { body: tokens }, 'GET /customers/7/': { body: wireProfile() } });
  const el = await render(<Login params={{}} />);
  await fill(el, 'login', '040 123 4567', 'Secret123');
  await fire.click(input(el, 'login-remember'));
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  // The UI language goes along, so the server sends SMS and push in it.
  assert.equal(f.calls[0].body, { phone: '+358401234567', password: 'Secret123', language: 'en' });
  assert.is(f.calls[1].bearer, 'access-1');
  assert.is(loc.value.path, '/home');
  assert.is(user.value?.refreshToken, 'refresh-1');
  assert.is(rememberLogin.value, true);
  assert.is(await load('shouldRememberLogin'), true);
  assert.equal(((await load('user')) as { id: number }).id, 7);
  // Came straight to /login: after the order ends the gate must not send this customer to /welcome.
  assert.is(await load('welcomeSeen'), true);
  assert.is(welcomeSeen.value, true);
});

test('login success with an active order goes to /tracking', async () => {
  await setup();
  const f = stubFetch({ 'POST /login/': { body: tokens }, 'GET /customers/7/': { body: wireProfile({ active_order_id: 55 }) } });
  const el = await render(<Login params={{}} />);
  await fill(el, 'login', '0401234567', 'Secret123');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(loc.value.path, '/tracking');
  assert.is(profile.value?.active_order_id, 55);
});

test('a failed login marks both fields and shows the VPN hint', async () => {
  await setup();
  const f = stubFetch({ 'POST /login/': { status: 401, body: { error: 'Invalid credentials' } } });
  const el = await render(<Login params={{}} />);
  await fill(el, 'login', '0401234567', 'wrong');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(input(el, 'login-phone').getAttribute('aria-invalid'), 'true');
  assert.is(input(el, 'login-password').getAttribute('aria-invalid'), 'true');
  assert.match(input(el, 'login-phone').getAttribute('aria-describedby') ?? '', 'login-failure');
  assert.match(text(el), 'Login failed. Check your phone number and password.');
  assert.match(text(el), 'VPN');
  assert.is(loc.value.path, '/login');
  assert.is(user.value, null);
  // Typing again clears the marks.
  await fire.input(input(el, 'login-password'), 'Secret123');
  assert.is(input(el, 'login-phone').getAttribute('aria-invalid'), null);
});

test('429 shows the too-many-attempts message', async () => {
  await setup();
  const f = stubFetch({ 'POST /login/': { status: 429, body: { error: 'Too many login attempts' } } });
  const el = await render(<Login params={{}} />);
  await fill(el, 'login', '0401234567', 'Secret123');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.match(text(el), 'Too many login attempts');
});

test("a lock-out says how long to wait, from the answer's Retry-After", async () => {
  for (const [lang, seconds, want] of [
    ['en', '840', 'Too many login attempts. Try again in 14 min.'],
    ['en', '30', 'Too many login attempts. Try again in 1 min.'],
    ['fi', '900', 'Liian monta kirjautumisyritystä. Yritä uudelleen 15 minuutin kuluttua.'],
  ] as const) {
    await setLanguage(lang);
    await setup();
    const f = stubFetch({
      'POST /login/': { status: 429, body: { error: 'Too many attempts. Try again in 14 minutes.' }, headers: { 'retry-after': seconds } },
    });
    const el = await render(<Login params={{}} />);
    await fill(el, 'login', '0401234567', 'Secret123');
    await fire.click(submit(el));
    await settle(10);
    f.restore();
    assert.match(text(el), want, `${lang} ${seconds}`);
    assert.not.match(text(el), /wait a while|hetken/, `${lang} ${seconds}`);
  }
  await setLanguage('en');
});

test('a profile error after the tokens leaves no half session', async () => {
  await setup();
  const f = stubFetch({ 'POST /login/': { body: tokens }, 'GET /customers/7/': { status: 403, body: { error: 'User not found' } } });
  const el = await render(<Login params={{}} />);
  await fill(el, 'login', '0401234567', 'Secret123');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is(user.value, null);
  assert.is(input(el, 'login-phone').getAttribute('aria-invalid'), 'true');
  assert.is(loc.value.path, '/login');
});

test('the login dialog hands the profile to onSuccess and closes; Escape closes too', async () => {
  await setup();
  navigate('/barbershop/3', { replace: true });
  const f = stubFetch({ 'POST /login/': { body: tokens }, 'GET /customers/7/': { body: wireProfile() } });
  let got: Profile | null = null;
  let closed = 0;
  const el = await render(<LoginDialog open onClose={() => closed++} onSuccess={(p) => (got = p)} />);
  assert.is(el.querySelector('[role=dialog]')?.getAttribute('aria-modal'), 'true');
  await fill(el, 'login-dialog', '0401234567', 'Secret123');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is((got as Profile | null)?.id, 7);
  assert.is(closed, 1);
  assert.is(loc.value.path, '/barbershop/3', 'the dialog does not navigate');
  const again = await render(<LoginDialog open onClose={() => closed++} />);
  again.querySelector('[role=dialog]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  assert.is(closed, 2);
  await cleanup();
});

test.run();

/** /checkin/{shopId}, /info and /help: what a customer sees on each. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, tokens, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import CheckIn from '../../../src/client/screens/CheckIn/index.tsx';
import Info from '../../../src/client/screens/Info/index.tsx';
import Help from '../../../src/client/screens/Help/index.tsx';
import { match } from '../../../src/client/router/match.ts';
import { ROUTES } from '../../../src/client/router/routes.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { loginForm } from '../../../src/client/state/login.ts';
import { profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import { order, reset as resetTracking } from '../../../src/client/state/tracking/tracking.ts';
import type { Profile } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

function loggedIn(activeOrder: number | null) {
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: activeOrder }) as Profile;
  sync.value = 'synced';
}

test.after.each(async () => {
  await cleanup();
  resetSession();
  resetAccount();
  resetTracking();
  loginForm.reset();
});

test('the routes exist and are public (a logged-out customer can open the QR code link)', () => {
  for (const [path, screen] of [
    ['/info', 'Info'],
    ['/help', 'Help'],
    ['/checkin/2', 'CheckIn'],
  ]) {
    const m = match(ROUTES, path);
    assert.is(m.route.screen, screen, path);
    assert.not.ok(m.route.auth, path);
  }
  assert.equal(match(ROUTES, '/checkin/2').params, { shopId: '2' });
});

test("the active order in this shop's queue is checked in, with the 1–15 minutes note and a way to tracking", async () => {
  loggedIn(41);
  const f = stubFetch({
    'GET /customers/7/orders/41/': { body: wireOrder() },
    'PATCH /customers/7/orders/41/': { body: wireOrder({ customer_at_pob: true }) },
  });
  const el = await render(<CheckIn params={{ shopId: '2' }} />);
  await settle(10);
  f.restore();
  const patch = f.calls.find((c) => c.method === 'PATCH');
  assert.equal(patch?.body, { customer_at_pob: true });
  const body = text(el);
  assert.ok(body.includes('You are checked in at Kallio.'), body);
  assert.ok(body.includes('usually 1–15 minutes after you arrive'), body);
  assert.ok(el.querySelector('a[href="/tracking"]'));
  assert.is(order.value?.checkedIn, true, 'tracking starts from the checked-in order');
});

test("an order in another shop's queue, or none, says there is no order here and checks nothing in", async () => {
  for (const active of [41, null]) {
    loggedIn(active);
    const f = stubFetch({ 'GET /customers/7/orders/41/': { body: wireOrder({ pob_id: 5 }) } });
    const el = await render(<CheckIn params={{ shopId: '2' }} />);
    await settle(10);
    f.restore();
    assert.not.ok(
      f.calls.some((c) => c.method === 'PATCH'),
      String(active),
    );
    assert.ok(text(el).includes("You have no order in this shop's queue."), String(active));
    assert.ok(el.querySelector('a[href="/barbershop/2"]'));
    await cleanup();
    resetSession();
  }
});

test('logged out: log in first, then the order is checked in', async () => {
  const f = stubFetch({
    'POST /login/': { body: tokens },
    'GET /customers/7/': { body: wireProfile({ active_order_id: 41 }) },
    'GET /customers/7/orders/41/': { body: wireOrder() },
    'PATCH /customers/7/orders/41/': { body: wireOrder({ customer_at_pob: true }) },
  });
  const el = await render(<CheckIn params={{ shopId: '2' }} />);
  await settle(5);
  assert.ok(text(el).includes('Log in to check in at this shop.'));
  assert.not.ok(f.calls.length, 'nothing asked before the login');
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Log in')!);
  await fire.input(el.querySelector('#login-dialog-phone') as HTMLInputElement, '040 123 4567');
  await fire.input(el.querySelector('#login-dialog-password') as HTMLInputElement, 'Secret123');
  await fire.click(el.querySelector('.login-dialog button[type=submit]') as HTMLButtonElement);
  await settle(20);
  f.restore();
  assert.ok(
    f.calls.some((c) => c.method === 'PATCH' && c.path === '/customers/7/orders/41/'),
    JSON.stringify(f.calls.map((c) => `${c.method} ${c.path}`)),
  );
  assert.ok(text(el).includes('You are checked in at Kallio.'), text(el));
});

test('/info explains the queue, priorities, the estimate and what its range means, check-in and contact', async () => {
  const el = await render(<Info params={{}} />);
  const body = text(el);
  for (const want of ['The queue', 'Platinum first, then Gold, then Silver', '8 of 10 customers', '"Now" means', 'QR code', 'Contact'])
    assert.ok(body.includes(want), want);
  assert.ok(el.querySelector('a[href="/help"]'));
});

test('/help answers the common questions and links to /info', async () => {
  await setLanguage('sv');
  const el = await render(<Help params={{}} />);
  assert.is(el.querySelectorAll('details').length, 5);
  assert.ok(text(el).includes('Hur checkar jag in?'));
  assert.ok(el.querySelector('a[href="/info"]'));
  await setLanguage('en');
});

test.run();

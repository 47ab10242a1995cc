import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, settle } from '../dom.ts';
import { goldMembership, stubFetch, wireProfile } from '../account-fetch.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { load, memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { logout, reset as resetAccount, restoreSession, tokenError } from '../../../src/client/state/account.ts';
import { loadMessages } from '../../../src/client/state/messages.ts';
import { loadReceipts, receipts, receiptsStatus } from '../../../src/client/state/receipts.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { favouriteOwner } from '../../../src/client/state/prefs.ts';
import { priority, profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const stored = { id: 7, token: 'old-access', refreshToken: 'refresh-1' };

async function setup(remember = true) {
  await cleanup();
  resetSession();
  resetAccount();
  resetNotices();
  await save('recovery', null);
  navigate('/profile/history', { replace: true });
  user.value = { ...stored };
  profile.value = wireProfile();
  await settle(); // let the logout effects of messages and receipts settle before the test's calls
  await import('../../../src/client/state/session.ts').then((s) => (s.rememberLogin.value = remember));
}

test('a 401 refreshes once with the refresh token, then the request is retried with the new token', async () => {
  await setup(true);
  const f = stubFetch({
    'GET /customers/7/receipts/': [{ status: 401, body: { error: 'Token expired' } }, { body: [] }],
    'POST /refresh/': { body: { customer_id: 7, access_token: 'new-access' } },
  });
  await loadReceipts();
  f.restore();
  assert.equal(
    f.calls.map((c) => `${c.method} ${c.path} ${c.bearer}`),
    ['GET /customers/7/receipts/ old-access', 'POST /refresh/ refresh-1', 'GET /customers/7/receipts/ new-access'],
  );
  assert.equal(f.calls[1].body, { refresh: 'refresh-1' });
  assert.is(user.value?.token, 'new-access');
  assert.is(((await load('user')) as { token: string }).token, 'new-access');
  assert.is(receiptsStatus.value, 'fulfilled');
  assert.is(notice.value, null);
});

test('a 422 also triggers the refresh', async () => {
  await setup(true);
  const f = stubFetch({
    'GET /customers/7/receipts/': [{ status: 422, body: { error: 'Bad token' } }, { body: [] }],
    'POST /refresh/': { body: { customer_id: 7, access_token: 'new-access' } },
  });
  await loadReceipts();
  f.restore();
  assert.is(f.calls.length, 3);
  assert.is(receiptsStatus.value, 'fulfilled');
});

test('a second 401 after the refresh logs out with the Login again notice on the login page', async () => {
  await setup(true);
  const f = stubFetch({
    'GET /customers/7/receipts/': { status: 401, body: { error: 'Token expired' } },
    'POST /refresh/': { body: { customer_id: 7, access_token: 'new-access' } },
    'POST /logout/': { status: 204 },
  });
  await loadReceipts();
  await settle(5);
  f.restore();
  assert.is(f.calls.filter((c) => c.path === '/refresh/').length, 1, 'refreshes only once');
  assert.is(user.value, null);
  assert.is(profile.value, null);
  assert.is(await load('user'), undefined);
  assert.is(favouriteOwner.value, 'guest');
  assert.is(loc.value.path, '/login');
  assert.is(notice.value?.title, 'Login again');
  assert.is(notice.value?.text, 'Your login has expired. Please login again.');
  assert.is(tokenError.value, 'expired');
  assert.is(receiptsStatus.value, 'idle', 'the customer data is dropped with the session');
});

test('without "stay logged in" a 401 logs out at once, with no refresh', async () => {
  await setup(false);
  const f = stubFetch({
    'GET /customers/7/receipts/': { status: 401, body: { error: 'Token expired' } },
    'POST /logout/': { status: 204 },
  });
  await loadReceipts();
  f.restore();
  assert.not.ok(f.calls.some((c) => c.path === '/refresh/'));
  assert.is(user.value, null);
  assert.is(notice.value?.title, 'Login again');
});

test('two requests meeting a 401 together share one refresh', async () => {
  await setup(true);
  const f = stubFetch({
    'GET /customers/7/receipts/': [{ status: 401 }, { body: [] }],
    'GET /customers/7/messages/': [{ status: 401 }, { body: [] }],
    'POST /refresh/': { body: { customer_id: 7, access_token: 'new-access' } },
  });
  await Promise.all([loadReceipts(), loadMessages()]);
  f.restore();
  assert.is(f.calls.filter((c) => c.path === '/refresh/').length, 1);
  assert.is(user.value?.token, 'new-access');
});

test('restoreSession syncs the profile: syncing, then synced with the server copy', async () => {
  await setup();
  resetSession();
  const f = stubFetch({ 'GET /customers/7/': { body: wireProfile({ membership: goldMembership }) } });
  restoreSession(stored, wireProfile(), true);
  assert.is(sync.value, 'syncing');
  assert.is(favouriteOwner.value, '7');
  await settle(10);
  f.restore();
  assert.is(sync.value, 'synced');
  assert.is(priority.value, 2);
  assert.is(((await load('profile')) as { membership: { type: string } }).membership.type, 'gold');
});

test('a refused profile sync fails: logged out, token error kept, status notice', async () => {
  await setup();
  resetSession();
  const f = stubFetch({ 'GET /customers/7/': { status: 403, body: { error: 'User not found' } }, 'POST /logout/': { status: 204 } });
  restoreSession(stored, wireProfile(), false);
  await settle(10);
  f.restore();
  assert.is(sync.value, 'failed');
  assert.is(user.value, null);
  assert.is(profile.value, null);
  assert.is(tokenError.value, 'status');
  assert.match(notice.value?.text ?? '', "We couldn't validate the status of your account");
});

test('offline at start keeps the stored login and profile', async () => {
  await setup();
  resetSession();
  const previous = globalThis.fetch;
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  restoreSession(stored, wireProfile({ firstname: 'Stored' }), true);
  await settle(10);
  globalThis.fetch = previous;
  assert.is(sync.value, 'synced');
  assert.is(user.value?.id, 7);
  assert.is(profile.value?.firstname, 'Stored');
});

test('no stored login: synced without a call; the page becoming visible resyncs a logged-in profile', async () => {
  await setup();
  resetSession();
  const f = stubFetch({ 'GET /customers/7/': { body: wireProfile({ firstname: 'Fresh' }) } });
  restoreSession(undefined, undefined, undefined);
  await settle(10);
  assert.is(sync.value, 'synced');
  assert.is(f.calls.length, 0);
  user.value = { ...stored };
  document.dispatchEvent(new Event('visibilitychange'));
  await settle(10);
  f.restore();
  assert.is(f.calls.length, 1);
  assert.is(profile.value?.firstname, 'Fresh');
});

test('logout clears the session here and revokes the refresh token on the server', async () => {
  await setup();
  const f = stubFetch({ 'POST /logout/': { status: 204 } });
  await logout();
  f.restore();
  assert.is(user.value, null);
  assert.equal(f.calls[0].body, { refresh: 'refresh-1' });
  assert.is(f.calls[0].bearer, 'refresh-1');
  assert.equal(receipts.value, []);
  resetNotices();
});

test.run();

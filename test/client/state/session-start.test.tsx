import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startSession } from '../../../src/client/state/session-start.ts';
import { activeOrderId, loggedIn, profile, reset, sync, user } from '../../../src/client/state/session.ts';
import { guard, match } from '../../../src/client/router/match.ts';
import { ROUTES } from '../../../src/client/router/routes.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { waitFor } from '../dom.ts';

setKeyValueStore(memoryKeyValue());
// No server here: the profile sync that follows fails quietly as a network error and keeps the login.
globalThis.fetch = (async () => {
  throw new TypeError('offline');
}) as typeof fetch;

test('a stored login is back before the first render, so a reload of a guarded route stays there', async () => {
  reset();
  startSession({ id: 7, token: 'a', refreshToken: 'r' }, { id: 7, firstname: 'Kalle', active_order_id: null }, true);
  assert.is(user.value?.id, 7);
  assert.ok(loggedIn.value);
  assert.is(profile.value?.firstname, 'Kalle');
  assert.is(sync.value, 'syncing');
  assert.is(guard(match(ROUTES, '/profile').route, loggedIn.value), null);
  // The account module then loads and syncs (waited for, not timed: a loaded machine is slow); offline keeps the login.
  await waitFor(() => sync.value === 'synced');
  assert.is(user.value?.id, 7);
});

test('an order joined or ended since the stored profile is back too, so a reload offline lands right', async () => {
  reset();
  startSession({ id: 7, token: 'a', refreshToken: 'r' }, { id: 7, firstname: 'Kalle', active_order_id: null }, true, {
    id: 41,
    barbershop: 2,
  });
  assert.is(activeOrderId.value, 41, 'joined');
  reset();
  startSession({ id: 7, token: 'a', refreshToken: 'r' }, { id: 7, firstname: 'Kalle', active_order_id: 41 }, true, { id: null });
  assert.is(activeOrderId.value, null, 'ended');
  reset();
  startSession({ id: 7, token: 'a', refreshToken: 'r' }, { id: 7, firstname: 'Kalle', active_order_id: 41 }, true, null);
  assert.is(activeOrderId.value, 41, 'nothing learnt: the profile says');
  await new Promise((r) => setTimeout(r, 50));
});

test('a guest is synced without the account module and guarded routes send them to /', async () => {
  reset();
  startSession(undefined, undefined, undefined);
  await new Promise((r) => setTimeout(r, 20));
  assert.is(sync.value, 'synced');
  assert.not.ok(loggedIn.value);
  assert.equal(guard(match(ROUTES, '/profile').route, loggedIn.value), { to: '/', animate: false });
});

test.run();

/**
 * The likely window under the tracking timer: "usually 20–35 min" in the customer's language, "up to" from 0, and
 * the number alone when the window says nothing more (or an older server sends none); and for a customer on his
 * way, when to leave to be there at the window's low end.
 */
// The phone's clock is on UTC; the shop (FI) is in Helsinki: its times of day are Helsinki's.
process.env.TZ = 'UTC';
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import Tracking from '../../../src/client/screens/Tracking/index.tsx';
import { navigate } from '../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { reset as resetNotices } from '../../../src/client/state/notices.ts';
import { profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';
import { geo } from '../../../src/client/state/geo.ts';

setKeyValueStore(memoryKeyValue());

const ORDER = 'GET /customers/7/orders/41/';

async function open(order: ReturnType<typeof wireOrder>, language: 'en' | 'fi') {
  await setLanguage(language);
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 41 });
  sync.value = 'synced';
  navigate('/tracking', { replace: true });
  stubFetch({ [ORDER]: { body: order } });
  const el = await render(<Tracking params={{}} />);
  await settle(5);
  return el;
}

const windowOf = (el: Element) => el.querySelector('.wait-window');

test.after.each(async () => {
  await cleanup();
  tracking.reset();
  setKeyValueStore(memoryKeyValue());
  resetSession();
  resetAccount();
  resetNotices();
});

test('under the number: "usually 20–35 min", its ends rounded outwards to fives, a link to what it means', async () => {
  const el = await open(wireOrder({ queue: 27, queue_low: 22, queue_high: 33 }), 'en');
  assert.is(text(windowOf(el) as Element), 'usually 20–35 min');
  assert.is(windowOf(el)!.querySelector('a')?.getAttribute('href'), '/info');
  assert.ok(text(el).includes('27'), text(el));
});

test('in Finnish', async () => {
  const el = await open(wireOrder({ queue: 27, queue_low: 22, queue_high: 33 }), 'fi');
  assert.is(text(windowOf(el) as Element), 'yleensä 20–35 min');
});

test('a window from 0 reads "up to" its high end', async () => {
  const el = await open(wireOrder({ queue: 6, queue_low: 0, queue_high: 14 }), 'en');
  assert.is(text(windowOf(el) as Element), 'up to 15 min');
});

test('a narrow window, or none from an older server: the number alone', async () => {
  let el = await open(wireOrder({ queue: 3, queue_low: 1, queue_high: 6 }), 'en');
  assert.is(windowOf(el), null);
  await cleanup();
  el = await open(wireOrder({ queue: 25 }), 'en');
  assert.is(windowOf(el), null);
});

test('the window moving alone is not announced: its own region is off inside the live one', async () => {
  const el = await open(wireOrder({ queue: 27, queue_low: 22, queue_high: 33 }), 'en');
  const w = windowOf(el) as Element;
  assert.is(w.getAttribute('aria-live'), 'off');
  assert.ok(w.closest('[aria-live="polite"]'), 'read with the number when the timer region speaks');
});

const MIN = 60_000;
const leaveOf = (el: Element) => el.querySelector('.tracking-leave-by');
// In the shop's time zone (Helsinki), whatever the phone's.
const hhmm = (at: number) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' }).format(at);

test('on his way: "Leave by" the moment his planned trip lands him at the low end of his window', async () => {
  // Joined 2 minutes ago with a 15-minute trip; served usually 30–50 minutes from now: leave in about 15 minutes.
  const joined = Date.now() - 2 * MIN;
  const order = wireOrder({
    queue: 40,
    queue_low: 30,
    queue_high: 50,
    date: new Date(joined).toISOString(),
    expected_at: new Date(joined + 15 * MIN).toISOString(),
  });
  const el = await open(order, 'en');
  const at = Date.now() + 15 * MIN;
  const said = text(leaveOf(el) as Element);
  assert.ok(
    [hhmm(at - MIN), hhmm(at), hhmm(at + MIN)].some((t) => said === `Leave by ${t}`),
    said,
  );
  assert.not.ok(leaveOf(el)!.closest('[aria-live]'), 'moves with the clock: not in the live region');
});

test('a turn held for his trip: leave now; at the shop or without a trip: nothing about leaving', async () => {
  const joined = Date.now() - MIN;
  const held = { queue: 16, queue_low: 5, queue_high: 29, date: new Date(joined).toISOString() };
  let el = await open(wireOrder({ ...held, expected_at: new Date(joined + 15 * MIN).toISOString(), waits_for_arrival: true }), 'en');
  assert.is(text(leaveOf(el) as Element), 'Leave now: your turn is near.');
  await cleanup();
  tracking.reset();
  el = await open(wireOrder({ ...held, customer_at_pob: true }), 'en');
  assert.is(leaveOf(el), null);
  await cleanup();
  tracking.reset();
  el = await open(wireOrder(held), 'en');
  assert.is(leaveOf(el), null, 'no arrival known, no trip');
});

test("the server's leave-by stands as it is, whatever the phone's own position says: the alert and the console use it", async () => {
  const joined = Date.now() - 2 * MIN;
  const leave = Date.now() + 95 * MIN;
  // His position is 3 minutes away; the phone would count "leave by" from that trip. The server's word wins.
  geo.value = { status: 'fulfilled', lat: 60.1841, lng: 24.9501 };
  const order = wireOrder({
    queue: 140,
    queue_low: 120,
    queue_high: 160,
    date: new Date(joined).toISOString(),
    expected_at: new Date(joined + 25 * MIN).toISOString(),
    leave_by: new Date(leave).toISOString(),
  });
  let el = await open(order, 'en');
  assert.is(text(leaveOf(el) as Element), `Leave by ${hhmm(leave)}`);
  await cleanup();
  tracking.reset();
  // Its moment has come: leave now; none told (at the shop, no window): nothing about leaving.
  el = await open(wireOrder({ ...order, leave_by: new Date(Date.now()).toISOString() }), 'en');
  assert.match(text(leaveOf(el) as Element), /^Leave now/);
  await cleanup();
  tracking.reset();
  el = await open(wireOrder({ ...order, leave_by: null }), 'en');
  assert.is(leaveOf(el), null);
  geo.value = { status: 'idle' };
});

test.run();

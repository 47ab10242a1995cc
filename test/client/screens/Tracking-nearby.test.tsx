/**
 * A shorter queue nearby on tracking: the offer while the order waits and the customer is not at the shop, "Move
 * my place" with a confirm, the POST .../move/, tracking following the new order at once; a refused move keeps the
 * order and says why.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { hakaniemi, kallio, SETTINGS } from '../nearby-fixtures.ts';
import { wireOrder } from '../queue-fixtures.ts';
import Tracking from '../../../src/client/screens/Tracking/index.tsx';
import { navigate } from '../../../src/client/router/history.ts';
import { events, resetAnalytics } from '../../../src/client/services/analytics.ts';
import { clearSessionFlag } from '../../../src/client/services/session-flags.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../src/client/state/config.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import * as nearby from '../../../src/client/state/nearby.ts';
import { reset as resetNotices } from '../../../src/client/state/notices.ts';
import { activeOrderId, profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import { loadShops, reset as resetShops } from '../../../src/client/state/shops.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());

const MOVE = 'POST /customers/7/orders/41/move/';
const HAKANIEMI = { id: 5, name: 'Hakaniemi', address: 'Hakaniementori 1, 00530 Helsinki', city: 'Helsinki' };
const waiting = (over: Parameters<typeof wireOrder>[0] = {}) => wireOrder({ queue: 45, queue_low: 40, queue_high: 55, ...over });
const moved = wireOrder({
  id: 42,
  pob_id: 5,
  pob: { ...HAKANIEMI, location: hakaniemi().location },
  queue: 9,
  queue_low: 3,
  queue_high: 14,
  barber: null,
  chosen_barber_id: null,
});

const button = (root: Element | null, label: string) =>
  [...(root?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => text(b) === label) ?? null;
const offerOf = (el: Element) => el.querySelector('.nearby-offer');

async function open(order: ReturnType<typeof wireOrder>, routes: Parameters<typeof stubFetch>[0] = {}) {
  await setLanguage('en');
  locale.value = 'FI';
  config.value = { ...DEFAULT_CONFIG, nearby: SETTINGS };
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 41 });
  sync.value = 'synced';
  navigate('/tracking', { replace: true });
  const f = stubFetch({
    'GET /customers/7/orders/41/': { body: order },
    'GET /customers/7/orders/42/': { body: moved },
    'GET /pobs/': { body: [kallio(), hakaniemi()] },
    'GET /pobs/2/': { body: kallio() },
    'GET /pobs/5/': { body: hakaniemi() },
    ...routes,
  });
  // The list the app has (from the shops' list or the shop page): tracking does not read it again at once.
  await loadShops();
  const el = await render(<Tracking params={{}} />);
  await settle(5);
  return { el, f };
}

test.after.each(async () => {
  await cleanup();
  nearby.reset();
  tracking.reset();
  resetShops();
  resetSession();
  resetAccount();
  resetNotices();
  resetConfig();
  resetAnalytics();
  clearSessionFlag('nearbyRefused:order:41');
});

test('while he waits away from the shop: the line, with what the other shop lacks', async () => {
  const order = waiting();
  order.services.push({ ...order.services[0], id: 20, title: 'Beard trim', group_id: 2, group_name: 'Beard', extra_services: [] });
  const { el, f } = await open(order);
  const offer = await waitFor(() => offerOf(el));
  assert.is(
    text(offer.querySelector('.nearby-offer-line')),
    'Hakaniemi: usually 2–10 min, 600 m from Kallio Not offered there: Beard trim.',
  );
  assert.ok(button(offer, 'Move my place'));
  assert.ok(offer.compareDocumentPosition(el.querySelector('.tracking-wait')!) & Node.DOCUMENT_POSITION_PRECEDING, 'under the wait');
  f.restore();
});

test('checked in: no offer', async () => {
  const { el, f } = await open(waiting({ customer_at_pob: true }));
  await settle(30);
  assert.is(offerOf(el), null);
  f.restore();
});

test('"Move my place": a confirm, the move, and tracking follows the new order at once', async () => {
  const { el, f } = await open(waiting(), { [MOVE]: { status: 201, body: moved } });
  await fire.click(button(await waitFor(() => offerOf(el)), 'Move my place'));
  const dialog = el.querySelector('[role="dialog"]');
  assert.ok(dialog, 'a confirm first');
  assert.ok(text(dialog).includes('Move your place to Hakaniemi?'), text(dialog));
  assert.is(f.calls.filter((c) => c.method === 'POST').length, 0, 'nothing sent before the confirm');
  await fire.click(button(dialog, 'Move'));
  await settle(5);
  const post = f.calls.find((c) => c.method === 'POST');
  assert.is(post?.path, '/customers/7/orders/41/move/');
  assert.equal(post?.body, { pob_id: 5, eta_minutes: 8 });
  assert.is(tracking.order.value?.orderId, 42);
  assert.is(activeOrderId.value, 42);
  assert.ok(text(el.querySelector('.tracking-shop')).includes('Hakaniemi'), 'the new shop');
  assert.ok(text(el.querySelector('.tracking-wait')).includes('9'), 'the new wait');
  assert.is(offerOf(el), null, 'no offer back to Kallio');
  assert.is(el.querySelector('[role="dialog"]'), null);
  assert.is(f.calls.filter((c) => c.path === '/customers/7/orders/42/').length, 0, 'the answer is the new order: no fetch of it');
  assert.equal(
    events()
      .filter((e) => e.name === 'nearby-offer-taken')
      .map((e) => e.props),
    [{ where: 'tracking', from: 2, to: 5, gain: 22 }],
  );
  f.restore();
});

test('a refused move keeps the order and says why', async () => {
  const { el, f } = await open(waiting(), { [MOVE]: { status: 409, body: { error: 'The queue is full' } } });
  await fire.click(button(await waitFor(() => offerOf(el)), 'Move my place'));
  await fire.click(button(el.querySelector('[role="dialog"]'), 'Move'));
  await settle(5);
  assert.is(tracking.order.value?.orderId, 41, 'the order kept');
  assert.is(activeOrderId.value, 41);
  assert.ok(text(el.querySelector('.tracking-shop')).includes('Kallio'));
  const alert = el.querySelector('.nearby-move-error[role="alert"]');
  assert.ok(alert, 'the error said');
  assert.ok(text(alert).startsWith('Your place was not moved: you keep your place at Kallio.'), text(alert));
  assert.ok(text(alert).length > 'Your place was not moved: you keep your place at Kallio.'.length, 'with the reason');
  assert.is(el.querySelector('[role="dialog"]'), null);
  assert.ok(offerOf(el), 'the offer still there to try again');
  f.restore();
});

test('a move to a shop not found keeps the order too', async () => {
  const { el, f } = await open(waiting(), { [MOVE]: { status: 404, body: { error: 'Shop not found' } } });
  await fire.click(button(await waitFor(() => offerOf(el)), 'Move my place'));
  await fire.click(button(el.querySelector('[role="dialog"]'), 'Move'));
  await settle(5);
  assert.is(tracking.order.value?.orderId, 41);
  assert.ok(el.querySelector('.nearby-move-error'));
  f.restore();
});

test('"No thanks" hides it for this order', async () => {
  const { el, f } = await open(waiting());
  await fire.click(button(await waitFor(() => offerOf(el)), 'No thanks'));
  await settle();
  assert.is(offerOf(el), null);
  assert.is(events().at(-1)?.name, 'nearby-offer-refused');
  f.restore();
});

test.run();

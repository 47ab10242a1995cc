/**
 * The review step's expected arrival: from the customer's position when location is allowed (on foot
 * under the walking distance, by car above it), else the customer's pick; sent as eta_minutes; "I'm here" checks in;
 * "leave now" when the turn alert would fall due at once (the profile's lead, or a trip longer than the wait).
 */
import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../../dom.ts';
import { stubFetch, wireProfile, type Call } from '../../account-fetch.ts';
import type { WireOrder } from '../../../../src/shared/wire-order.ts';
import { pob, quoteReply } from '../../queue-fixtures.ts';
import Shop from '../../../../src/client/screens/Shop/index.tsx';
import { loc } from '../../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../../src/client/state/account.ts';
import { geo, reset as resetGeo } from '../../../../src/client/state/geo.ts';
import { locale, setLanguage } from '../../../../src/client/state/i18n.ts';
import { notice, reset as resetNotices } from '../../../../src/client/state/notices.ts';
import * as order from '../../../../src/client/state/order.ts';
import { profile, reset as resetSession, user } from '../../../../src/client/state/session.ts';
import { reset as resetPage } from '../../../../src/client/state/shop-page.ts';
import { reset as resetShops } from '../../../../src/client/state/shops.ts';
import * as tracking from '../../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

/** The fixture shop (pob()) is at 60.1806, 24.9527 and quotes a wait of 20 minutes to anyone. */
const SHOP = { lat: 60.1806, lng: 24.9527 };
const placed = (over: Partial<WireOrder> = {}): Partial<WireOrder> => ({
  id: 41,
  status: 'active',
  queue: 20,
  ahead: 1,
  customer_at_pob: false,
  ...over,
});
const dialogs = (el: Element) => [...el.querySelectorAll('[role="dialog"]')];
const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const toggle = (el: Element, selector: string, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>(selector)].find((b) => text(b).includes(title)) ?? null;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/customers/7/orders/');
const options = (review: Element) =>
  [...review.querySelectorAll<HTMLLabelElement>('.eta-option')].map((l) => ({ text: text(l), checked: l.querySelector('input')!.checked }));
const option = (review: Element, label: string) =>
  [...review.querySelectorAll<HTMLLabelElement>('.eta-option')].find((l) => text(l).includes(label))?.querySelector('input') ?? null;
const leaveNow = (review: Element) => text(review.querySelector('.eta-leave-now'));

/** The browser's location permission and position (happy-dom grants it and has no position). */
function browserLocation(state: PermissionState, position?: { lat: number; lng: number }) {
  const asked = { count: 0 };
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: async () => ({ state }) } });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        asked.count++;
        if (position) ok({ coords: { latitude: position.lat, longitude: position.lng } } as GeolocationPosition);
        else fail({ code: 2 } as GeolocationPositionError);
      },
    },
  });
  return asked;
}

async function review(opts: { routes?: Parameters<typeof stubFetch>[0]; profile?: object } = {}) {
  if (!Object.hasOwn(navigator, 'permissions')) browserLocation('prompt');
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile(opts.profile ?? {});
  history.replaceState(null, '', '/barbershop/2');
  loc.value = { path: '/barbershop/2', search: '', direction: 'none' };
  const f = stubFetch({
    'GET /pobs/2/': { body: pob() },
    'POST /customers/7/quote/': quoteReply(),
    'POST /customers/7/orders/': { status: 201, body: placed() },
    ...opts.routes,
  });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(el.querySelector('.order-next'));
  // The dialogs' code, asked for with the first service picked.
  await waitFor(() => dialogs(el).length > 0);
  await settle(5);
  return { el, f, dialog: dialogs(el)[0] };
}

async function join(el: Element) {
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
}

test.after.each(async () => {
  await cleanup();
  order.reset();
  tracking.reset();
  resetShops();
  resetPage();
  resetSession();
  resetAccount();
  resetGeo();
  resetNotices();
  Reflect.deleteProperty(navigator, 'permissions');
  Reflect.deleteProperty(navigator, 'geolocation');
});

test('without location: "When will you be at the barbershop?" with the four picks, none chosen; joining sends no eta_minutes', async () => {
  const { el, f, dialog } = await review();
  assert.ok(text(dialog).includes('When will you be at the barbershop?'));
  assert.equal(options(dialog), [
    { text: "I'm here", checked: false },
    { text: 'About 10 min', checked: false },
    { text: 'About 20 min', checked: false },
    { text: '30 min or more', checked: false },
  ]);
  assert.is(leaveNow(dialog), '', 'a wait of 20 is more than the default lead of 10');
  await join(el);
  assert.not.ok('eta_minutes' in (posts(f.calls)[0].body as object));
  f.restore();
});

test('a pick is sent as eta_minutes; a trip as long as the wait says "leave now", a short one does not', async () => {
  const { el, f, dialog } = await review();
  await fire.click(option(dialog, 'About 10 min'));
  assert.is(leaveNow(dialog), '');
  await fire.click(option(dialog, '30 min or more'));
  assert.ok(option(dialog, '30 min or more')!.checked);
  assert.is(leaveNow(dialog), 'Leave now: your turn is near.');
  assert.is(dialog.querySelector('.eta-leave-now')?.getAttribute('role'), 'status', 'announced');
  await join(el);
  assert.is((posts(f.calls)[0].body as { eta_minutes: number }).eta_minutes, 30);
  assert.is(
    tracking.expectedAt.value !== null && Math.round((tracking.expectedAt.value - Date.now()) / 60_000),
    30,
    'tracking knows the arrival',
  );
  f.restore();
});

test('with a window: "usually 15–35 min" under the wait, and "leave by" the moment that brings him at its low end', async () => {
  // The window is the quote's for him (the shop's own is another's).
  const { f, dialog } = await review({ routes: { 'POST /customers/7/quote/': quoteReply({ low: 18, high: 33 }) } });
  assert.is(text(dialog.querySelector('.wait-window')), 'usually 15–35 min');
  assert.is(dialog.querySelector('.wait-window a'), null, 'no link away from the order in the review');
  await fire.click(option(dialog, 'About 10 min'));
  // Leaving 8 minutes from now with a 10-minute trip he is there at 18, the window's low end.
  const clock = (at: number) =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' }).format(at);
  const said = leaveNow(dialog);
  const now = Date.now();
  assert.ok([clock(now + 8 * 60_000), clock(now + 7 * 60_000)].map((c) => `Leave by ${c}`).includes(said), said);
  await fire.click(option(dialog, '30 min or more'));
  assert.is(leaveNow(dialog), 'Leave now: your turn is near.', 'past its low end already: leave now');
  f.restore();
});

test('the profile\'s alert lead counts: 30 minutes before the turn with a wait of 20 is "leave now" at once', async () => {
  const { f, dialog } = await review({ profile: { alert_lead_minutes: 30 } });
  await fire.click(option(dialog, 'About 10 min'));
  assert.is(leaveNow(dialog), 'Leave now: your turn is near.');
  f.restore();
});

test('"I\'m here": eta_minutes 0, then the new order is checked in; never "leave now"', async () => {
  const { el, f, dialog } = await review({
    routes: { 'PATCH /customers/7/orders/41/': { body: placed({ customer_at_pob: true }) } },
    profile: { alert_lead_minutes: 30 },
  });
  await fire.click(option(dialog, "I'm here"));
  assert.is(leaveNow(dialog), '');
  await join(el);
  await settle(10);
  assert.is((posts(f.calls)[0].body as { eta_minutes: number }).eta_minutes, 0);
  const patch = f.calls.find((c) => c.method === 'PATCH');
  assert.ok(patch, 'checked in');
  assert.equal(patch!.body, { customer_at_pob: true });
  assert.is(tracking.order.value?.checkedIn, true);
  f.restore();
});

test('with a known position 1 km away: on foot, chosen by default and sent; the customer may pick instead', async () => {
  geo.value = { status: 'fulfilled', lat: SHOP.lat - 0.009, lng: SHOP.lng };
  const { el, f, dialog } = await review();
  const first = options(dialog)[0];
  assert.equal(first, { text: 'About 13 min on foot from where you are', checked: true });
  assert.is(leaveNow(dialog), '');
  await join(el);
  assert.is((posts(f.calls)[0].body as { eta_minutes: number }).eta_minutes, 13);
  f.restore();
});

test('10 km away: by car with parking (29 min), longer than the wait of 20: "leave now"', async () => {
  geo.value = { status: 'fulfilled', lat: SHOP.lat - 0.09, lng: SHOP.lng };
  const { el, f, dialog } = await review();
  assert.equal(options(dialog)[0], { text: 'About 29 min by car from where you are', checked: true });
  assert.is(leaveNow(dialog), 'Leave now: your turn is near.');
  await fire.click(option(dialog, 'About 10 min'));
  assert.is(leaveNow(dialog), '', 'the pick replaces the position');
  await join(el);
  assert.is((posts(f.calls)[0].body as { eta_minutes: number }).eta_minutes, 10);
  f.restore();
});

test('location already allowed: the review reads a fresh position without asking', async () => {
  const asked = browserLocation('granted', { lat: SHOP.lat - 0.009, lng: SHOP.lng });
  const { f, dialog } = await review();
  await settle(5);
  assert.is(asked.count, 1);
  assert.equal(options(dialog)[0], { text: 'About 13 min on foot from where you are', checked: true });
  f.restore();
});

test('allowed but the read fails: the last known position stays, no notice', async () => {
  const asked = browserLocation('granted');
  geo.value = { status: 'fulfilled', lat: SHOP.lat - 0.09, lng: SHOP.lng };
  const { f, dialog } = await review();
  await settle(5);
  assert.is(asked.count, 1);
  assert.equal(options(dialog)[0], { text: 'About 29 min by car from where you are', checked: true });
  assert.is(notice.value, null);
  f.restore();
});

test('location not allowed yet: nothing is asked, the picks stay', async () => {
  const asked = browserLocation('prompt', SHOP);
  const { f, dialog } = await review();
  await settle(5);
  assert.is(asked.count, 0);
  assert.is(options(dialog).length, 4);
  f.restore();
});

test('the review in Finnish and German', async () => {
  for (const [lang, title, here] of [
    ['fi', 'Milloin olet liikkeessä?', 'Olen jo täällä'],
    ['de', 'Wann bist du im Barbershop?', 'Ich bin schon da'],
  ] as const) {
    await setLanguage(lang);
    const { f, dialog } = await review();
    assert.ok(text(dialog).includes(title), lang);
    assert.ok(option(dialog, here), lang);
    f.restore();
    await cleanup();
    order.reset();
    resetShops();
    resetPage();
  }
  await setLanguage('en');
});

test.run();

/**
 * A shorter queue nearby on the shop page: once services are picked, one line in the order bar names the shop,
 * its window and distance and what it lacks; "Go there" opens it with the same services and extras preselected by
 * catalogue key; "No thanks" hides it.
 */
import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../../dom.ts';
import { stubFetch, wireProfile } from '../../account-fetch.ts';
import { hakaniemi, kallio, SETTINGS } from '../../nearby-fixtures.ts';
import Shop from '../../../../src/client/screens/Shop/index.tsx';
import { loc } from '../../../../src/client/router/history.ts';
import { events, resetAnalytics } from '../../../../src/client/services/analytics.ts';
import { clearSessionFlag } from '../../../../src/client/services/session-flags.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../../src/client/state/account.ts';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../../src/client/state/config.ts';
import { locale, setLanguage } from '../../../../src/client/state/i18n.ts';
import * as nearby from '../../../../src/client/state/nearby.ts';
import * as order from '../../../../src/client/state/order.ts';
import { profile, reset as resetSession, user } from '../../../../src/client/state/session.ts';
import { reset as resetPage } from '../../../../src/client/state/shop-page.ts';
import { reset as resetShops } from '../../../../src/client/state/shops.ts';

setKeyValueStore(memoryKeyValue());

const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const toggle = (el: Element, selector: string, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>(selector)].find((b) => text(b).includes(title)) ?? null;
const offerOf = (el: Element) => el.querySelector('.nearby-offer');

async function open(language: 'en' | 'fi' = 'en') {
  await setLanguage(language);
  locale.value = 'FI';
  config.value = { ...DEFAULT_CONFIG, nearby: SETTINGS };
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile();
  history.replaceState(null, '', '/barbershop/2');
  loc.value = { path: '/barbershop/2', search: '', direction: 'none' };
  const f = stubFetch({
    'GET /pobs/': { body: [kallio(), hakaniemi()] },
    'GET /pobs/2/': { body: kallio() },
    'GET /pobs/5/': { body: hakaniemi() },
  });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  return { el, f };
}

test.after.each(async () => {
  await cleanup();
  nearby.reset();
  order.reset();
  order.reset();
  resetShops();
  resetPage();
  resetSession();
  resetAccount();
  resetConfig();
  resetAnalytics();
  clearSessionFlag('nearbyRefused:shop:2');
});

test('nothing before a service is picked', async () => {
  const { el, f } = await open();
  await settle(20);
  assert.is(offerOf(el), null);
  f.restore();
});

test('picked services: one line with the shop, its window and its distance, and what it lacks', async () => {
  const { el, f } = await open();
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(toggle(el, 'button.service-toggle', 'Beard trim'));
  const offer = await waitFor(() => offerOf(el));
  assert.ok(offer.closest('.order-bar'), 'in the order bar, where he picks');
  assert.is(
    text(offer.querySelector('.nearby-offer-line')),
    'Hakaniemi: usually 2–10 min, 600 m from Kallio Not offered there: Beard trim.',
  );
  assert.is(text(offer.querySelector('.nearby-offer-title')), 'Shorter queue nearby: about 22 min sooner');
  // A real section named by its title, real buttons, no dialog.
  assert.is(offer.tagName, 'SECTION');
  assert.is(document.getElementById(offer.getAttribute('aria-labelledby') ?? '')?.className, 'nearby-offer-title');
  assert.ok(button(offer, 'Go there'));
  assert.ok(button(offer, 'No thanks'));
  assert.is(el.querySelector('[role="dialog"]'), null);
  f.restore();
});

test('in Finnish', async () => {
  const { el, f } = await open('fi');
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  const offer = await waitFor(() => offerOf(el));
  assert.is(text(offer.querySelector('.nearby-offer-line')), 'Hakaniemi: yleensä 2–10 min, 600 m päässä liikkeestä Kallio');
  assert.ok(button(offer, 'Mene sinne'));
  f.restore();
});

test('"Go there": the other shop opens with the same services and extras, by catalogue key', async () => {
  const { el, f } = await open();
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(toggle(el, 'button.extra-toggle', 'Hair wash'));
  await fire.click(toggle(el, 'button.extra-toggle', 'Styling wax'));
  await fire.click(button(await waitFor(() => offerOf(el)), 'Go there'));
  assert.is(loc.value.path, '/barbershop/5');
  assert.equal(
    events()
      .filter((e) => e.name === 'nearby-offer-taken')
      .map((e) => e.props),
    [{ where: 'shop', from: 2, to: 5, gain: 22 }],
  );
  // The router renders the same screen for the new id.
  const there = await render(<Shop params={{ id: '5' }} />);
  await waitFor(() => order.selection.value.serviceIds.length > 0);
  assert.equal(order.selection.value, { serviceIds: [51], extraServiceIds: { 51: [510, 511] } });
  await waitFor(() => there.querySelector('.order-bar'));
  assert.ok(text(there.querySelector('.order-bar')).includes('1 service'), text(there.querySelector('.order-bar')));
  assert.is(offerOf(there), null, 'no offer back: Kallio is not sooner');
  f.restore();
});

test('"No thanks" hides it', async () => {
  const { el, f } = await open();
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(button(await waitFor(() => offerOf(el)), 'No thanks'));
  await settle();
  assert.is(offerOf(el), null);
  await fire.click(toggle(el, 'button.service-toggle', 'Beard trim'));
  await settle(10);
  assert.is(offerOf(el), null, 'not back on another pick');
  f.restore();
});

test('a shop with no wait and no window reads "Now", as the timer says it, never "0 min"', async () => {
  await setLanguage('en');
  locale.value = 'FI';
  const { offerText } = await import('../../../../src/client/components/NearbyOffer.tsx');
  const { toShop } = await import('../../../../src/client/lib/mappers.ts');
  const shop = { ...toShop(hakaniemi()), queue: 0, queueLow: null, queueHigh: null };
  const o = { candidate: { shop, km: 0.6, fromCustomer: true } } as unknown as nearby.NearbyOffer;
  assert.is(offerText(o, 'Kallio'), 'Hakaniemi: Now, 600 m away');
});

test.run();

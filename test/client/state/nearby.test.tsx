/**
 * The offer's state (state/nearby.ts) on the shop list, the position and the menus: the 30 s hold on an injected
 * clock, the margin, the radius around the customer or this shop, a candidate without the picked services
 * passed over, refusing for the session, and the analytics events.
 */
import '../dom.ts';
import { signal } from '@preact/signals-react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { settle } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import { espoo, hakaniemi, kallio, SETTINGS } from '../nearby-fixtures.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import { events, resetAnalytics } from '../../../src/client/services/analytics.ts';
import { clearSessionFlag } from '../../../src/client/services/session-flags.ts';
import { config, DEFAULT_CONFIG, reset as resetConfig } from '../../../src/client/state/config.ts';
import { geo, reset as resetGeo } from '../../../src/client/state/geo.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import * as nearby from '../../../src/client/state/nearby.ts';
import { reset as resetShops } from '../../../src/client/state/shops.ts';

await setLanguage('en');
locale.value = 'FI';

const KALLIO = { lat: 60.1806, lng: 24.9527 };
const low = signal(40);
const picked = signal({ serviceIds: [10], extraServiceIds: { 10: [100] } as Record<number, number[]> });
const input = () => ({
  where: 'shop' as const,
  here: { id: 2, coords: KALLIO, low: low.value },
  selection: picked.value,
  refuseKey: 'shop:2',
});

let clock = 1_000_000;
let stop: () => void = () => {};

async function watch(list: WirePobDetail[], settings: Partial<typeof SETTINGS> = {}, details: WirePobDetail[] = list) {
  config.value = { ...DEFAULT_CONFIG, nearby: { ...SETTINGS, ...settings } };
  const routes: Parameters<typeof stubFetch>[0] = { 'GET /pobs/': { body: list } };
  for (const d of details) routes[`GET /pobs/${d.id}/`] = { body: d };
  const f = stubFetch(routes);
  nearby.setNearbyClock(() => clock);
  stop = nearby.watchNearby(input);
  await settle(5);
  await settle(5);
  return f;
}

test.after.each(() => {
  stop();
  nearby.reset();
  resetShops();
  resetGeo();
  resetConfig();
  resetAnalytics();
  clearSessionFlag('nearbyRefused:shop:2');
  low.value = 40;
  picked.value = { serviceIds: [10], extraServiceIds: { 10: [100] } };
  clock = 1_000_000;
});

test('the hold: the offer appears only once the gain has held 30 s', async () => {
  const f = await watch([kallio(), hakaniemi(), espoo()], { holdSeconds: 30 });
  assert.is(nearby.phase.value.kind, 'holding');
  assert.is(nearby.offer.value, null);
  clock += 29_000;
  nearby.tickNearby();
  assert.is(nearby.offer.value, null, 'not yet at 29 s');
  clock += 1_000;
  nearby.tickNearby();
  await settle(5);
  const o = nearby.offer.value;
  assert.ok(o, 'shown at 30 s');
  assert.is(o.candidate.shop.name, 'Hakaniemi');
  // 10 at the high end there plus an 8-minute walk, against 40 at the low end here.
  assert.is(o.candidate.gain, 22);
  assert.equal(o.selection, { serviceIds: [51], extraServiceIds: { 51: [510] } });
  assert.equal(o.missing, []);
  assert.ok(
    f.calls.some((c) => c.path === '/pobs/5/'),
    "the candidate's menu was read",
  );
  assert.not.ok(
    f.calls.some((c) => c.path === '/pobs/6/'),
    'no other menu read',
  );
  f.restore();
});

test('a broken hold starts again', async () => {
  const f = await watch([kallio(), hakaniemi()], { holdSeconds: 30 });
  clock += 20_000;
  low.value = 30; // 12 sooner: under 15
  await settle();
  assert.is(nearby.phase.value.kind, 'off');
  clock += 5_000;
  low.value = 40;
  await settle();
  clock += 25_000;
  nearby.tickNearby();
  assert.is(nearby.offer.value, null, '25 s since it holds again');
  clock += 5_000;
  nearby.tickNearby();
  await settle(5);
  assert.ok(nearby.offer.value);
  f.restore();
});

test('the margin: shown at 15 sooner, it stays down to 10 and goes under it', async () => {
  const f = await watch([kallio(), hakaniemi()]);
  low.value = 33; // 15 sooner
  await settle(5);
  assert.ok(nearby.offer.value, 'shown at exactly 15');
  low.value = 28; // 10 sooner
  await settle();
  assert.ok(nearby.offer.value, 'kept at 10');
  low.value = 27; // 9 sooner
  await settle();
  assert.is(nearby.offer.value, null, 'gone at 9');
  low.value = 32; // 14 sooner: not enough to show again
  await settle();
  assert.is(nearby.offer.value, null);
  f.restore();
});

test('position unknown: the radius and the trip are from this shop', async () => {
  const f = await watch([kallio(), hakaniemi()]);
  const o = nearby.offer.value;
  assert.ok(o);
  assert.is(o.candidate.fromCustomer, false);
  assert.is(o.candidate.km, 0.6);
  f.restore();
});

test('position known: the radius is around the customer', async () => {
  // He is 5.5 km south of Kallio: Hakaniemi is 6.1 km from him, out of the 5 km.
  geo.value = { status: 'fulfilled', lat: KALLIO.lat - 5.5 / 111.195, lng: KALLIO.lng };
  low.value = 60;
  const f = await watch([kallio(), hakaniemi()]);
  assert.is(nearby.offer.value, null);
  // 600 m from Hakaniemi: counted from him.
  geo.value = { status: 'fulfilled', lat: KALLIO.lat + 1.2 / 111.195, lng: KALLIO.lng };
  await settle(5);
  assert.is(nearby.offer.value?.candidate.fromCustomer, true);
  assert.is(nearby.offer.value?.candidate.km, 0.6);
  f.restore();
});

test('a smaller radius leaves it out', async () => {
  const f = await watch([kallio(), hakaniemi()], { radiusMeters: 500 });
  assert.is(nearby.offer.value, null);
  assert.is(nearby.phase.value.kind, 'off');
  f.restore();
});

test('none of the picked services there: that shop is passed over for the next', async () => {
  picked.value = { serviceIds: [20], extraServiceIds: {} }; // a beard trim: Hakaniemi has none
  // Sörnäinen, 2 km south, is 20 sooner (10 there, a 10-minute drive): after Hakaniemi's 22, but it has the trim.
  const near = kallio({
    id: 7,
    name: 'Sörnäinen',
    location: { latitude: 60.1806 - 2 / 111.195, longitude: 24.9527 },
    service_time_estimates: [{ priority: 0, wait_time: 5, wait_low: 2, wait_high: 10 }],
  });
  const f = await watch([kallio(), hakaniemi(), near]);
  await settle(5);
  const o = nearby.offer.value;
  assert.is(o?.candidate.shop.name, 'Sörnäinen');
  assert.is(o?.candidate.gain, 20);
  assert.equal(o?.missing, []);
  assert.ok(
    f.calls.some((c) => c.path === '/pobs/5/'),
    "Hakaniemi's menu was read first",
  );
  f.restore();
});

test('what the other shop lacks is named', async () => {
  picked.value = { serviceIds: [10, 20], extraServiceIds: { 10: [100], 20: [200] } };
  const f = await watch([kallio(), hakaniemi()]);
  assert.equal(nearby.offer.value?.missing, ['Beard trim']);
  f.restore();
});

test('shown once to analytics; "No thanks" hides it for the session and is counted', async () => {
  const f = await watch([kallio(), hakaniemi()]);
  assert.ok(nearby.offer.value);
  low.value = 41;
  await settle();
  assert.equal(
    events()
      .filter((e) => e.name.startsWith('nearby-'))
      .map((e) => [e.name, e.props]),
    [['nearby-offer-shown', { where: 'shop', from: 2, to: 5, gain: 22 }]],
  );
  nearby.refuseOffer();
  await settle();
  assert.is(nearby.offer.value, null);
  assert.is(events().at(-1)?.name, 'nearby-offer-refused');
  stop();
  stop = nearby.watchNearby(input);
  await settle(5);
  assert.is(nearby.offer.value, null, 'still hidden when the page is opened again');
  f.restore();
});

test('the shop page reads the list only once something is chosen: until then no offer can show', async () => {
  const chosen = signal(false);
  config.value = { ...DEFAULT_CONFIG, nearby: { ...SETTINGS } };
  const list = [kallio(), hakaniemi(), espoo()];
  const f = stubFetch({ 'GET /pobs/': { body: list }, ...Object.fromEntries(list.map((d) => [`GET /pobs/${d.id}/`, { body: d }])) });
  nearby.setNearbyClock(() => clock);
  stop = nearby.watchNearby(() => (chosen.value ? input() : null));
  await settle(5);
  assert.equal(
    f.calls.map((c) => c.path),
    [],
    'nothing read while nothing is chosen',
  );
  chosen.value = true;
  await settle(5);
  await settle(5);
  assert.is(f.calls.filter((c) => c.path === '/pobs/').length, 1, 'the list, read once');
  assert.is(nearby.offer.value?.candidate.shop.name, 'Hakaniemi', 'the offer, from the list read then');
  chosen.value = false;
  chosen.value = true;
  await settle(5);
  assert.is(f.calls.filter((c) => c.path === '/pobs/').length, 1, 'not read again on the next choice');
  f.restore();
});

test.run();

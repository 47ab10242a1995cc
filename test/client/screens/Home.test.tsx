import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { render, cleanup, fire, settle, text, waitFor, win } from '../dom.ts';
import Home from '../../../src/client/screens/Home/index.tsx';
import type { WirePob } from '../../../src/shared/wire.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { geo, reset as resetGeo } from '../../../src/client/state/geo.ts';
import { reset as resetHome } from '../../../src/client/state/home.ts';
import { reset as resetPrefs, toggleFavoriteShop, setDevelopment } from '../../../src/client/state/prefs.ts';
import { reset as resetShops } from '../../../src/client/state/shops.ts';
import { setKeyValueStore, memoryKeyValue } from '../../../src/client/services/storage.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '09:00', close: '20:00' }));
function pob(id: number, name: string, city: string, address: string, lat: number, lng: number, extra: Partial<WirePob> = {}): WirePob {
  return {
    id,
    name,
    city,
    address,
    country: 'FI',
    open: true,
    open_times: week,
    closing_soon: false,
    location: { latitude: lat, longitude: lng },
    service_time_estimates: [{ priority: 0, wait_time: 10 + id }],
    queue_state: 'open',
    queue_info: { queue_employees: 2, queue_length: 3 },
    chair_count: 3,
    ...extra,
  };
}

// Distances from Helsinki centre: Kamppi ~0.4 km, Kallio ~1.7 km, Itäkeskus ~7.6 km, Tampere ~160 km.
const SHOPS: WirePob[] = [
  pob(1, 'Tampere Koskikeskus', 'Tampere', 'Hatanpään valtatie 1', 61.4978, 23.761),
  pob(2, 'Kamppi', 'Helsinki', 'Urho Kekkosen katu 1', 60.1685, 24.932),
  pob(3, 'Kallio', 'Helsinki', 'Hämeentie 10', 60.1841, 24.95, { queue_state: 'full' }),
  pob(4, 'Itäkeskus', 'Helsinki', 'Itäkatu 1', 60.21, 25.05, { open: false }),
  pob(5, 'Test shop', 'Helsinki', 'Testikatu 1', 60.17, 24.94, { is_test: true }),
];

let calls: string[] = [];
let answer: () => Promise<Response> = async () => new Response(JSON.stringify(SHOPS));
globalThis.fetch = (async (url: string) => {
  calls.push(String(url));
  return answer();
}) as typeof fetch;

async function setup() {
  await cleanup();
  resetShops();
  resetHome();
  resetGeo();
  resetPrefs();
  calls = [];
  answer = async () => new Response(JSON.stringify(SHOPS));
}

const names = (el: Element) => [...el.querySelectorAll('.shop-card h3')].map(text);
const titles = (el: Element) => [...el.querySelectorAll('h2')].map(text);
const search = (el: Element) => el.querySelector('input[type="search"]')!;
const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) ?? null;

test('header: app name and the language link with the current language', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  assert.is(text(el.querySelector('h1')), 'Walk-in Barbers');
  const lang = el.querySelector('a[href="/profile/language"]');
  assert.ok(lang, 'language link');
  assert.is(text(lang), 'EN');
  assert.ok(el.querySelector('label') && text(el.querySelector('label')) === 'Search shops', 'search box has a label');
  await cleanup();
});

test('loading shows skeleton cards, then the list loads from /pobs/', async () => {
  await setup();
  let release: (r: Response) => void = () => {};
  answer = () => new Promise<Response>((r) => (release = r));
  const el = await render(<Home params={{}} />);
  assert.is(el.querySelectorAll('.shop-card.skeleton').length, 6);
  assert.ok(text(el).includes('Loading shops'));
  assert.ok(calls[0]?.startsWith('/api/fi/pobs/'), calls[0]);
  release(new Response(JSON.stringify(SHOPS)));
  await settle();
  assert.is(el.querySelectorAll('.shop-card.skeleton').length, 0);
  assert.is(names(el).length, 4);
  await cleanup();
});

test('without location: alphabetical, test shops hidden, only taking-orders cards are links', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  await settle();
  assert.equal(names(el), ['Itäkeskus', 'Kallio', 'Kamppi', 'Tampere Koskikeskus']);
  assert.ok(titles(el).includes('All shops'));
  const links = [...el.querySelectorAll('.shop-card a')].map((a) => a.getAttribute('href'));
  assert.equal(links.sort(), ['/barbershop/1', '/barbershop/2']);
  assert.ok(text(el).includes('Queue full'));
  assert.ok(!text(el).includes('Test shop'));
  assert.is(el.querySelector('.shop-card-distance'), null, 'no distances without a position');
  await cleanup();
});

test('development mode shows test shops', async () => {
  await setup();
  setDevelopment(true);
  const el = await render(<Home params={{}} />);
  await settle();
  assert.ok(names(el).includes('Test shop'));
  await cleanup();
});

test('with location: grouped by distance with group headings and distances', async () => {
  await setup();
  geo.value = { status: 'fulfilled', lat: 60.1699, lng: 24.9384 };
  const el = await render(<Home params={{}} />);
  await settle();
  assert.equal(titles(el), ['Under 1 km', 'Under 2 km', 'Under 10 km', 'Over 10 km']);
  assert.equal(names(el), ['Kamppi', 'Kallio', 'Itäkeskus', 'Tampere Koskikeskus']);
  const first = el.querySelector('.shop-card-distance');
  assert.match(text(first), /^Distance \d{3} m$/);
  await cleanup();
});

test('Closest: shows progress while locating, then groups the list', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  await settle();
  const closest = button(el, 'Closest')!;
  assert.ok(closest);
  const geoApi = win.navigator as unknown as { geolocation: unknown };
  let done: ((p: { coords: { latitude: number; longitude: number } }) => void) | null = null;
  Object.defineProperty(geoApi, 'geolocation', { configurable: true, value: { getCurrentPosition: (ok: typeof done) => (done = ok) } });
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: geoApi });
  await fire.click(closest);
  const busy = el.querySelector('.home-closest')!;
  assert.is(text(busy), 'Locating…');
  assert.ok((busy as HTMLButtonElement).disabled);
  // The geolocation service loads with this first tap, then asks the browser.
  await waitFor(() => done);
  await act(async () => done?.({ coords: { latitude: 60.1699, longitude: 24.9384 } }));
  await settle();
  assert.is(text(el.querySelector('.home-closest')), 'Closest');
  assert.is(titles(el)[0], 'Under 1 km');
  await cleanup();
});

test('search filters by name, address or city after the debounce, case-insensitively', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  await settle();
  await fire.input(search(el), 'TAMPERE');
  assert.is(names(el).length, 4, 'not yet: typing has not paused');
  await settle(600);
  assert.equal(names(el), ['Tampere Koskikeskus']);
  assert.is(text(el.querySelector('.home-count')), '1 shop');
  assert.is(el.querySelector('.home-count')!.getAttribute('aria-live'), 'polite');

  await fire.input(search(el), 'hämeentie');
  await settle(600);
  assert.equal(names(el), ['Kallio'], 'address');

  await fire.input(search(el), 'helsinki');
  await settle(600);
  assert.equal(names(el), ['Itäkeskus', 'Kallio', 'Kamppi'], 'city');
  assert.is(text(el.querySelector('.home-count')), '3 shops');
  await cleanup();
});

test('search: no results message, and the clear button empties the box and the filter', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  await settle();
  await fire.input(search(el), 'oulu');
  await settle(600);
  assert.is(names(el).length, 0);
  assert.ok(text(el).includes('No shops found for “oulu”'));
  const clear = el.querySelector('button[aria-label="Clear search"]');
  assert.ok(clear);
  await fire.click(clear);
  assert.is((search(el) as HTMLInputElement).value, '');
  assert.is(names(el).length, 4);
  assert.is(el.querySelector('button[aria-label="Clear search"]'), null);
  await cleanup();
});

test('favourites section when not searching, hidden while searching', async () => {
  await setup();
  toggleFavoriteShop(2);
  const el = await render(<Home params={{}} />);
  await settle();
  assert.is(titles(el)[0], 'Favorites');
  const fav = el.querySelector('.home-favorites')!;
  assert.equal(names(fav), ['Kamppi']);
  assert.is(fav.querySelector('button.favorite')!.getAttribute('aria-pressed'), 'true');
  await fire.input(search(el), 'kamppi');
  await settle(600);
  assert.is(el.querySelector('.home-favorites'), null);
  assert.ok(!titles(el).includes('Favorites'));
  await cleanup();
});

test('rejected: the queue-times error with a retry that loads the list', async () => {
  await setup();
  answer = async () => new Response(JSON.stringify({ error: 'boom' }), { status: 500 });
  const el = await render(<Home params={{}} />);
  await settle();
  assert.ok(text(el).includes('Queue times could not be loaded'));
  assert.ok(text(el).includes('Woops! Something went wrong.'));
  answer = async () => new Response(JSON.stringify(SHOPS));
  await fire.click(button(el, 'Try again'));
  await settle();
  assert.is(names(el).length, 4);
  await cleanup();
});

test('Map: opens the overlay (its own chunk) with markers; Escape closes it and focus returns', async () => {
  await setup();
  const el = await render(<Home params={{}} />);
  await settle();
  const map = button(el, 'Map')!;
  await fire.click(map);
  // The overlay is its own chunk: on a busy machine its import takes a while.
  const dialog = await waitFor(() => el.querySelector('[role="dialog"]'));
  assert.ok(dialog, 'overlay open');
  assert.is(document.activeElement?.getAttribute('aria-label'), 'Close map', 'focus moves into the overlay');
  const markers = [...dialog!.querySelectorAll('.map-marker')];
  // Zoom 12 on a 390 px phone spans about ±4.5 km east–west: Kamppi and Kallio, not Itäkeskus or Tampere.
  assert.equal(markers.map((m) => m.getAttribute('aria-label')!.split(':')[0]).sort(), ['Kallio', 'Kamppi']);
  assert.ok(dialog!.querySelectorAll('.tile-map-tiles img').length > 0, 'tiles requested');
  const kamppi = markers.find((m) => m.getAttribute('aria-label')!.startsWith('Kamppi'))!;
  await fire.click(kamppi);
  const popup = dialog!.querySelector('.map-popup')!;
  assert.ok(text(popup).includes('Kamppi'));
  assert.is(popup.querySelector('a')?.getAttribute('href'), '/barbershop/2');
  const kallio = markers.find((m) => m.getAttribute('aria-label')!.startsWith('Kallio'))!;
  // A full shop says so in its marker's word and class (its own colour and dashed border), not a wait's green.
  assert.is(text(kallio), 'Full');
  assert.ok(kallio.classList.contains('map-marker-full') && ![...kallio.classList].some((c) => c.startsWith('wait-')), kallio.className);
  // The legend names every kind of marker, each with a sample in its colour and word.
  await fire.click(dialog!.querySelector('.map-popup-close'));
  const legend = dialog!.querySelector('.map-legend');
  assert.ok(legend, 'a legend');
  assert.is(legend!.getAttribute('aria-labelledby') && text(document.getElementById(legend!.getAttribute('aria-labelledby')!)), 'Legend');
  assert.equal(
    [...legend!.querySelectorAll('li')].map((li) => [
      li.className,
      text(li.querySelector('.map-marker-pill')),
      text(li.querySelector('.map-legend-text')),
    ]),
    [
      ['map-marker-sample wait-0', 'Now', 'No wait'],
      ['map-marker-sample wait-30', '25', 'Wait in minutes'],
      ['map-marker-sample map-marker-full', 'Full', 'Queue full'],
      ['map-marker-sample map-marker-closed', 'Closed', 'Closed'],
    ],
  );
  await fire.click(kallio);
  assert.is(dialog!.querySelector('.map-popup a'), null, 'a full shop cannot be opened');
  assert.ok(text(dialog!.querySelector('.map-popup')).includes('Queue full'));
  await fire.click(dialog!.querySelector('button[aria-label="Zoom in"]'));
  await act(async () => void dialog!.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }) as unknown as Event));
  await settle();
  assert.is(el.querySelector('[role="dialog"]'), null, 'closed');
  assert.is(document.activeElement, map, 'focus back on the Map button');
  await cleanup();
});

test('the list refreshes while shown (at once when the page is shown again) and stops on unmount', async () => {
  await setup();
  await render(<Home params={{}} />);
  await settle();
  assert.is(calls.length, 1);
  const shown = () => act(async () => void document.dispatchEvent(new win.Event('visibilitychange') as unknown as Event));
  await act(async () => resetShops()); // past the 5 s list cache
  await shown();
  await settle();
  assert.is(calls.length, 2, 'polling runs');
  await cleanup();
  resetShops();
  await shown();
  await settle();
  assert.is(calls.length, 2, 'stopped on unmount');
});

test.run();

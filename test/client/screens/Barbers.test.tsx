import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, win } from '../dom.ts';
import type { WireEmployee } from '../../../src/shared/wire.ts';
import Barbers from '../../../src/client/screens/Barbers/index.tsx';
import { BarberCard } from '../../../src/client/screens/Barbers/BarberCard.tsx';
import { toBarber } from '../../../src/client/lib/barber-mappers.ts';
import { loadBarbers, primeBarbers, reset as resetBarbers } from '../../../src/client/state/barbers.ts';
import { reset as resetSearch } from '../../../src/client/state/barber-search.ts';
import { reset as resetPrefs } from '../../../src/client/state/prefs.ts';
import { toggleFavoriteBarber } from '../../../src/client/state/prefs-later.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';

await setLanguage('en');

const shop = (id: number, name: string, city: string) => ({ id, name, address: 'Street 1', city });
function employee(id: number, firstname: string, lastname: string, over: Partial<WireEmployee> = {}): WireEmployee {
  return {
    id,
    firstname,
    lastname,
    full_name: `${firstname} ${lastname}`,
    image: `/images/barbers/${id}.svg`,
    has_image: true,
    avatar: null,
    avatar_active: false,
    has_avatar: false,
    description: '',
    status: 'active',
    shifts: [],
    barbershop: null,
    pob_id: null,
    active_pob: null,
    ...over,
  };
}

const LIST = [
  employee(1, 'Ville', 'Nieminen', { barbershop: shop(10, 'Kamppi', 'Helsinki') }),
  employee(2, 'Mikko', 'Korhonen'),
  employee(3, 'Antti', 'Laine', { active_pob: shop(11, 'Tammela', 'Tampere') }),
  employee(4, 'Eero', 'Salo', { barbershop: shop(12, 'Keskusta', 'Oulu') }),
];

const realFetch = globalThis.fetch;
function serve(answer: () => Promise<Response>) {
  globalThis.fetch = (async () => answer()) as typeof fetch;
}
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

const names = (el: Element, section: string) =>
  [...el.querySelectorAll(`section[aria-labelledby="${section}"] .barber-card-name`)].map((n) => text(n));

test.before.each(() => {
  resetBarbers();
  resetSearch();
  resetPrefs();
});
test.after.each(async () => {
  await cleanup();
  globalThis.fetch = realFetch;
});

test('10 skeleton placeholders while the list is pending', async () => {
  serve(() => new Promise<Response>(() => {}));
  const el = await render(<Barbers params={{}} />);
  assert.is(el.querySelectorAll('[data-skeleton]').length, 10);
  assert.is(el.querySelectorAll('a.barber-card').length, 0);
});

test('the list is alphabetical; cards show "Mikko K.", the shop or "Not in today", and link to the barber', async () => {
  serve(() => json(LIST));
  const el = await render(<Barbers params={{}} />);
  await settle();
  assert.equal(names(el, 'barbers-all'), ['Antti L.', 'Eero S.', 'Mikko K.', 'Ville N.']);
  const mikko = [...el.querySelectorAll('a.barber-card')].find((a) => text(a).includes('Mikko K.'))!;
  assert.is(mikko.getAttribute('href'), '/barbers/2');
  assert.ok(text(mikko).includes('Not in today'));
  assert.not.ok(text(el).includes('Korhonen'), 'never the full surname');
  const ville = el.querySelector('a[href="/barbers/1"]')!;
  assert.ok(text(ville).includes('Kamppi, Helsinki'));
  assert.ok(text(el.querySelector('a[href="/barbers/3"]')).includes('Tammela, Tampere'), 'active pob when no shop today');
});

test('search filters after the 500 ms debounce; favourites show only without a query', async () => {
  serve(() => json(LIST));
  toggleFavoriteBarber(4);
  const el = await render(<Barbers params={{}} />);
  await settle();
  assert.equal(names(el, 'barbers-favourites'), ['Eero S.']);
  assert.ok(el.querySelector('a[href="/barbers/4"] [aria-label="Favourite"]'), 'favourite marker on the card');
  assert.not.ok(el.querySelector('a[href="/barbers/2"] [aria-label="Favourite"]'));

  await fire.input(el.querySelector('#barber-search'), 'TAMPERE');
  assert.is(names(el, 'barbers-all').length, 4, 'not yet filtered while typing');
  await settle(600);
  assert.equal(names(el, 'barbers-all'), ['Antti L.'], 'shop city matches, case-insensitive');
  assert.equal(names(el, 'barbers-favourites'), [], 'no favourites section with a query');
  assert.ok(text(el.querySelector('[role="status"]')).includes('Results: 1'));

  await fire.input(el.querySelector('#barber-search'), 'kamp');
  await settle(550);
  assert.equal(names(el, 'barbers-all'), ['Ville N.'], 'shop name matches');

  await fire.input(el.querySelector('#barber-search'), 'zzz');
  await settle(550);
  assert.ok(text(el).includes('No results found.'));

  await fire.input(el.querySelector('#barber-search'), '');
  await settle(550);
  assert.is(names(el, 'barbers-all').length, 4, 'empty query shows all');
  assert.equal(names(el, 'barbers-favourites'), ['Eero S.']);
});

test('a rejected list shows the error and its reason, with a retry', async () => {
  serve(() => json({ error: 'Service unavailable' }, 503));
  const el = await render(<Barbers params={{}} />);
  await settle();
  const alert = el.querySelector('[role="alert"]');
  assert.ok(text(alert).includes('Barbers could not be loaded.'));
  assert.ok(text(alert).includes('Service unavailable'));
  serve(() => json(LIST));
  await fire.click(alert!.querySelector('button'));
  await settle();
  assert.is(el.querySelectorAll('a.barber-card').length, 4);
});

test('a photo that fails to load is swapped for the initials image; none at all gets it at once', async () => {
  const el = await render(
    <ul>
      <BarberCard barber={toBarber(employee(2, 'Mikko', 'Korhonen'))} />
      <BarberCard barber={toBarber(employee(5, 'Juha', 'Mäki', { image: null, has_image: false }))} />
    </ul>,
  );
  const [photo, noPhoto] = [...el.querySelectorAll('img')];
  assert.is(photo.getAttribute('src'), '/images/barbers/2.svg');
  assert.ok(noPhoto.getAttribute('src')!.startsWith('data:image/svg+xml'));
  assert.ok(decodeURIComponent(noPhoto.getAttribute('src')!).includes('>JM<'));
  await settle();
  const { act } = await import('react');
  await act(async () => {
    photo.dispatchEvent(new win.Event('error') as unknown as Event);
  });
  assert.ok(el.querySelector('img')!.getAttribute('src')!.startsWith('data:image/svg+xml'));
  assert.ok(decodeURIComponent(el.querySelector('img')!.getAttribute('src')!).includes('>MK<'));
});

test('a list a rendered page carried shows at once and is not read again; the next read goes to the network', async () => {
  let reads = 0;
  serve(() => {
    reads++;
    return json(LIST.slice(0, 2));
  });
  primeBarbers({ list: LIST });
  const el = await render(<Barbers params={{}} />);
  await settle();
  assert.equal(names(el, 'barbers-all'), ['Antti L.', 'Eero S.', 'Mikko K.', 'Ville N.']);
  assert.is(el.querySelector('[aria-busy="true"]'), null, 'no placeholders');
  assert.is(reads, 0, 'the carried list is not read again');
  await loadBarbers();
  assert.is(reads, 1, 'the minute refresh reads');
  assert.is(names(el, 'barbers-all').length, 2);
  globalThis.fetch = realFetch;
});

test.run();

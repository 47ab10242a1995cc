import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useSignals } from '@preact/signals-react/runtime';
import { render, cleanup, fire, text } from '../dom.ts';
import { ShopCard } from '../../../src/client/components/ShopCard.tsx';
import type { Shop } from '../../../src/client/lib/types.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { favoriteShopIds, toggleFavoriteShop, reset as resetPrefs } from '../../../src/client/state/prefs.ts';
import { setKeyValueStore, memoryKeyValue } from '../../../src/client/services/storage.ts';
import { toShop } from '../../../src/client/lib/mappers.ts';
import type { WirePob } from '../../../src/shared/wire.ts';
import { readFileSync } from 'node:fs';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const base: Shop = {
  id: 7,
  name: 'Kamppi',
  city: 'Helsinki',
  address: 'Urho Kekkosen katu 1',
  country: 'FI',
  open: true,
  openingHours: { open: '09:00', close: '20:00' },
  openTime: '09:00',
  closeTime: '20:00',
  closingSoon: false,
  coords: { lat: 60.1685, lng: 24.932 },
  queue: 15,
  queueState: 'open',
  chairCount: 4,
  isTest: false,
};

const card = (shop: Partial<Shop>, distance?: number) =>
  render(
    <ul>
      <ShopCard shop={{ ...base, ...shop }} distance={distance} favorite={false} onToggleFavorite={() => {}} />
    </ul>,
  );

test('taking orders: the card is a link to the shop with name, address, hours and wait', async () => {
  const el = await card({});
  const a = el.querySelector('a');
  assert.is(a?.getAttribute('href'), '/barbershop/7');
  assert.is(text(el.querySelector('h3')), 'Kamppi');
  assert.ok(text(el).includes('Urho Kekkosen katu 1, Helsinki'));
  assert.ok(text(el).includes('09:00–20:00'));
  assert.ok(text(el.querySelector('.timer')).includes('15'));
  assert.is(
    text(el.querySelector('.shop-card-status')),
    'Takes pre-orders: join the queue in the app.',
    'the taking-orders state in words',
  );
  await cleanup();
});

test("the card stays compact: the likely window is in the wait's label, not on the card", async () => {
  const el = await card({ queue: 23, queueLow: 15, queueHigh: 32 });
  const label = el.querySelector('.timer')?.getAttribute('aria-label') ?? '';
  assert.ok(label.startsWith('23 ') && label.endsWith(', usually 15–35 min'), label);
  assert.not.ok(text(el).includes('usually'), 'not shown on the card');
  const narrow = await card({ queue: 23, queueLow: 22, queueHigh: 25 });
  assert.not.ok((narrow.querySelector('.timer')?.getAttribute('aria-label') ?? '').includes('usually'), 'a narrow window adds nothing');
  await cleanup();
});

test('the city is not repeated when the address already names it', async () => {
  const el = await card({ address: 'Urho Kekkosen katu 1, 00100 Helsinki' });
  assert.is(text(el.querySelector('.shop-card-address')), 'Urho Kekkosen katu 1, 00100 Helsinki');
  await cleanup();
});

test('a wait of 0 reads Now', async () => {
  const el = await card({ queue: 0 });
  assert.is(text(el.querySelector('.timer')), 'Now');
  await cleanup();
});

test('full: not a link, says the queue is full', async () => {
  const el = await card({ queueState: 'full' });
  assert.is(el.querySelector('a'), null);
  assert.ok(text(el).includes('Queue full'));
  await cleanup();
});

test('a full or closed queue never shows a wait: no big green Now, its state instead', async () => {
  for (const [over, badge] of [
    [{ queueState: 'full', queue: 0 }, 'Full'],
    [{ queueState: 'full', queue: 25 }, 'Full'],
    [{ open: false, queueState: 'closed', queue: 0 }, 'Closed'],
    [{ closingSoon: true, queue: 0 }, 'Closed'],
  ] as Array<[Partial<Shop>, string]>) {
    const el = await card(over);
    assert.is(el.querySelector('.timer'), null, `${badge}: no timer`);
    assert.not.ok(text(el).includes('Now'), `${badge}: no Now`);
    assert.not.ok(text(el).includes('25'), `${badge}: no minutes`);
    assert.is(text(el.querySelector('.shop-card-badge')), badge);
    await cleanup();
  }
});

test('the screen-reader label of today reads the hours, or only "Closed today"', async () => {
  let el = await card({});
  assert.is(text(el.querySelector('.shop-card-hours')), 'Open today 09:00–20:00');
  el = await card({ openingHours: null, openTime: null, closeTime: null, open: false });
  assert.is(text(el.querySelector('.shop-card-hours')), 'Closed today');
  await cleanup();
});

test('open but queue state closed counts as full', async () => {
  const el = await card({ queueState: 'closed' });
  assert.is(el.querySelector('a'), null);
  assert.ok(text(el).includes('Queue full'));
  await cleanup();
});

test('closed: not a link, shows Closed', async () => {
  const el = await card({ open: false });
  assert.is(el.querySelector('a'), null);
  assert.is(text(el.querySelector('.shop-card-badge')), 'Closed');
  assert.ok(text(el.querySelector('.shop-card-status')).includes('not open'));
  await cleanup();
});

test('closing soon: closed, the online queue has closed for the day', async () => {
  const el = await card({ closingSoon: true });
  assert.is(el.querySelector('a'), null);
  assert.ok(text(el).includes('online queue has closed'));
  await cleanup();
});

test('unknown: not a link, a dash and why', async () => {
  const el = await card({ queue: null });
  assert.is(el.querySelector('a'), null);
  assert.is(text(el.querySelector('.timer')), '–');
  assert.ok(text(el).includes('not available'));
  await cleanup();
});

test('no hours today: closed today text', async () => {
  const el = await card({ openingHours: null, openTime: null, closeTime: null, open: false });
  assert.ok(text(el).includes('Closed today'));
  await cleanup();
});

test('distance in the locale units when known, absent otherwise', async () => {
  let el = await card({}, 1.24);
  assert.ok(text(el.querySelector('.shop-card-distance')).includes('1,2 km'), text(el));
  el = await card({}, 0.35);
  assert.ok(text(el.querySelector('.shop-card-distance')).includes('350 m'), text(el));
  el = await card({});
  assert.is(el.querySelector('.shop-card-distance'), null);
  await cleanup();
});

/** The card wired to the stored favourites, as the shop list wires it. */
function Wired() {
  useSignals();
  return (
    <ul>
      <ShopCard shop={base} favorite={favoriteShopIds.value.includes(base.id)} onToggleFavorite={toggleFavoriteShop} />
    </ul>
  );
}

test('favourite star toggles the stored favourite, aria-pressed follows', async () => {
  resetPrefs();
  const el = await render(<Wired />);
  const star = () => el.querySelector('button.favorite')!;
  assert.is(star().getAttribute('aria-pressed'), 'false');
  assert.ok(star().getAttribute('aria-label')!.includes('Kamppi'));
  await fire.click(star());
  assert.is(star().getAttribute('aria-pressed'), 'true');
  assert.equal(favoriteShopIds.value, [7]);
  assert.is(el.querySelector('a')!.contains(star()), false, 'the star is not inside the link');
  await fire.click(star());
  assert.is(star().getAttribute('aria-pressed'), 'false');
  assert.equal(favoriteShopIds.value, []);
  await cleanup();
});

/** The server's recorded answers (test/server/goldens), mapped as the shop list maps them. */
const golden = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../server/goldens/${name}.json`, import.meta.url), 'utf8')).body as WirePob | WirePob[];

test("the server's answers read closed, not '–' and 'queue time not available': closed for the day, and late with the online queue closed", async () => {
  const list = golden('pobs-fi') as WirePob[];
  const isokatu = list.find((p) => p.name === 'Isokatu')!;
  let el = await card(toShop(isokatu, 0, 2));
  assert.is(el.querySelector('.timer'), null);
  assert.is(text(el.querySelector('.shop-card-badge')), 'Closed');
  assert.is(text(el.querySelector('.shop-card-status')), 'Closed – the shop is not open now.');
  assert.not.ok(text(el).includes('not available'));
  el = await card(toShop(golden('pob-fi-11-late') as WirePob, 0, 2));
  assert.is(text(el.querySelector('.shop-card-badge')), 'Closed');
  assert.is(text(el.querySelector('.shop-card-status')), 'The online queue has closed for the day.');
  await cleanup();
});

test.run();

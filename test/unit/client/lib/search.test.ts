import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { filterBarbers, matchesBarber } from '../../../../src/client/lib/barber.ts';
import { filterShops, matchesShop } from '../../../../src/client/lib/search.ts';
import type { Barber, BarberShop } from '../../../../src/client/lib/types.ts';

const shop = { name: 'Kamppi Center', address: 'Urho Kekkosen katu 1', city: 'Helsinki' };
const kamppi: BarberShop = { id: 1, name: 'Kamppi', address: 'Urho Kekkosen katu 1', city: 'Helsinki' };
type B = Pick<Barber, 'firstname' | 'lastname' | 'barbershop' | 'activePob'>;
const mikko: B = { firstname: 'Mikko', lastname: 'Korhonen', barbershop: kamppi, activePob: null };
const pekka: B = { firstname: 'Pekka', lastname: 'Virtanen', barbershop: null, activePob: { ...kamppi, name: 'Iso Omena', city: 'Espoo' } };
const free: B = { firstname: 'Jari', lastname: 'Lahti', barbershop: null, activePob: null };

test('matchesShop: case-insensitive over name, address or city', () => {
  const cases: Array<[string, boolean]> = [
    ['', true],
    ['   ', true],
    ['kamppi', true],
    ['KAMPPI', true],
    ['  center ', true],
    ['kekkosen', true],
    ['helsinki', true],
    ['hel', true],
    ['espoo', false],
    ['kamppi helsinki', false], // one field must hold the whole query
  ];
  for (const [q, want] of cases) assert.is(matchesShop(shop, q), want, JSON.stringify(q));
});

test('matchesBarber: substring of first name, last name, shop name, shop city', () => {
  const cases: Array<[B, string, boolean]> = [
    [mikko, '', true],
    [mikko, 'ikk', true],
    [mikko, 'KORH', true],
    [mikko, 'kamppi', true],
    [mikko, 'helsinki', true],
    [mikko, 'urho', false], // the shop address is not searched
    [pekka, 'omena', true], // falls back to the active point of business
    [pekka, 'espoo', true],
    [free, 'helsinki', false],
    [free, 'jari', true],
  ];
  for (const [b, q, want] of cases) assert.is(matchesBarber(b, q), want, `${b.firstname} ${q}`);
});

test('filterShops: keeps matching shops in order', () => {
  const list = [shop, { name: 'Iso Omena', address: 'Piispansilta 11', city: 'Espoo' }];
  const cases: Array<[string, string[]]> = [
    ['', ['Kamppi Center', 'Iso Omena']],
    ['espoo', ['Iso Omena']],
    ['a', ['Kamppi Center', 'Iso Omena']],
    ['zzz', []],
  ];
  for (const [q, want] of cases)
    assert.equal(
      filterShops(list, q).map((s) => s.name),
      want,
      q,
    );
});

test('filterBarbers: keeps matching barbers in order', () => {
  const cases: Array<[string, string[]]> = [
    ['', ['Mikko', 'Pekka', 'Jari']],
    ['kamppi', ['Mikko']],
    ['nen', ['Mikko', 'Pekka']],
  ];
  for (const [q, want] of cases)
    assert.equal(
      filterBarbers([mikko, pekka, free], q).map((b) => b.firstname),
      want,
      q,
    );
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distanceGroup, distanceKm, groupByDistance, sortAlphabetical, type DistanceGroup } from '../../../../src/client/lib/distance.ts';
import type { LatLng } from '../../../../src/client/lib/types.ts';

const HELSINKI = { lat: 60.1699, lng: 24.9384 };
const ESPOO = { lat: 60.2055, lng: 24.6559 };
const TALLINN = { lat: 59.437, lng: 24.7536 };
// One degree of latitude on a 6371 km sphere is 111.19 km.
const north = (km: number): LatLng => ({ lat: HELSINKI.lat + km / 111.19493, lng: HELSINKI.lng });

test('distanceKm: great circle, R 6371 km, rounded to 0.1', () => {
  const cases: Array<[string, LatLng, LatLng, number]> = [
    ['same point', HELSINKI, HELSINKI, 0],
    ['Helsinki–Espoo', HELSINKI, ESPOO, 16.1],
    ['Espoo–Helsinki is symmetric', ESPOO, HELSINKI, 16.1],
    ['Helsinki–Tallinn', HELSINKI, TALLINN, 82.1],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.2],
    ['half the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20015.1],
    ['960 m rounds to 1.0', HELSINKI, north(0.96), 1],
    ['940 m rounds to 0.9', HELSINKI, north(0.94), 0.9],
  ];
  for (const [name, a, b, want] of cases) assert.is(distanceKm(a, b), want, name);
});

test('distanceGroup: <1, 1–2, 2–10, 10 and over', () => {
  const cases: Array<[number, DistanceGroup]> = [
    [0, 'under-1'],
    [0.9, 'under-1'],
    [1, 'under-2'],
    [1.9, 'under-2'],
    [2, 'under-10'],
    [9.9, 'under-10'],
    [10, 'over-10'],
    [250, 'over-10'],
    [NaN, 'over-10'],
  ];
  for (const [km, want] of cases) assert.is(distanceGroup(km), want, String(km));
});

test('groupByDistance: ordered groups, nearest first inside, empty groups left out', () => {
  const shops = [
    { id: 1, name: 'Tallinn', coords: TALLINN },
    { id: 2, name: 'Espoo', coords: ESPOO },
    { id: 3, name: 'Kamppi', coords: north(0.5) },
    { id: 4, name: 'Kallio', coords: north(0.2) },
    { id: 5, name: 'Pasila', coords: north(3) },
    { id: 6, name: 'Nowhere', coords: { lat: NaN, lng: NaN } },
  ];
  const cases: Array<[string, LatLng, Array<[DistanceGroup, number[]]>]> = [
    [
      'from Helsinki',
      HELSINKI,
      [
        ['under-1', [4, 3]],
        ['under-10', [5]],
        ['over-10', [2, 1, 6]],
      ],
    ],
    [
      'from 1.5 km north',
      north(1.5),
      [
        ['under-2', [3, 4, 5]],
        ['over-10', [2, 1, 6]],
      ],
    ],
    [
      'from Tallinn',
      TALLINN,
      [
        ['under-1', [1]],
        ['over-10', [4, 3, 5, 2, 6]],
      ],
    ],
  ];
  for (const [name, at, want] of cases) {
    assert.equal(
      groupByDistance(shops, at).map((g) => [g.group, g.shops.map((s) => s.id)]),
      want,
      name,
    );
  }
  const first = groupByDistance(shops, HELSINKI)[0]?.shops[0];
  assert.is(first?.distance, 0.2, 'each shop carries its distance');
  assert.equal(groupByDistance([], HELSINKI), [], 'no shops, no groups');
});

test('sortAlphabetical: Intl.Collator of the locale', () => {
  const names = (list: { name: string }[]) => list.map((s) => s.name);
  const cases: Array<[string, string[], 'FI' | 'SE' | 'US', string[]]> = [
    ['plain', ['Tampere', 'espoo', 'Helsinki'], 'FI', ['espoo', 'Helsinki', 'Tampere']],
    ['Finnish ä and ö sort after z', ['Äänekoski', 'Zeta', 'Oulu', 'Öja'], 'FI', ['Oulu', 'Zeta', 'Äänekoski', 'Öja']],
    ['Swedish å ä ö after z', ['Örebro', 'Åre', 'Ängelholm', 'Borås'], 'SE', ['Borås', 'Åre', 'Ängelholm', 'Örebro']],
    ['numeric parts in order', ['Shop 10', 'Shop 2'], 'US', ['Shop 2', 'Shop 10']],
  ];
  for (const [name, input, locale, want] of cases) {
    const list = input.map((n) => ({ name: n }));
    assert.equal(names(sortAlphabetical(list, locale)), want, name);
    assert.equal(names(list), input, `${name}: input untouched`);
  }
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { directionsUrl, staticMapUrl } from '../../../../src/client/lib/map.ts';
import { shopMap } from '../../../../src/client/lib/static-map.ts';

const shop = { lat: 60.1692, lng: 24.932 };
const user = { lat: 60.17, lng: 24.94 };

const params = (url: string) => new URL(url).searchParams;

test('staticMapUrl: zoom 15, 345x200, scale 2, roadmap, dark style, the key', () => {
  const url = staticMapUrl(shop, 'KEY', 'fi')!;
  assert.ok(url.startsWith('https://maps.googleapis.com/maps/api/staticmap?'));
  const q = params(url);
  const cases: Array<[string, string]> = [
    ['zoom', '15'],
    ['size', '345x200'],
    ['scale', '2'],
    ['maptype', 'roadmap'],
    ['key', 'KEY'],
    ['center', '60.169200,24.932000'],
  ];
  for (const [name, want] of cases) assert.is(q.get(name), want, name);
  const styles = q.getAll('style');
  assert.ok(styles.length > 0, 'has style rules');
  assert.ok(
    styles.some((s) => s.startsWith('element:geometry|color:0x')),
    'dark geometry colour',
  );
});

test('staticMapUrl: none without a key or a position', () => {
  const cases: Array<[{ lat: number; lng: number }, string | null | undefined]> = [
    [shop, null],
    [shop, ''],
    [shop, undefined],
    [{ lat: NaN, lng: 24 }, 'KEY'],
    [{ lat: 91, lng: 24 }, 'KEY'],
  ];
  for (const [pos, key] of cases) assert.is(staticMapUrl(pos, key), null, `${pos.lat} ${key}`);
});

test('directionsUrl: from the user to the shop, origin left out when unknown', () => {
  const withUser = params(directionsUrl(shop, user));
  assert.ok(directionsUrl(shop, user).startsWith('https://www.google.com/maps/dir/?'));
  assert.is(withUser.get('api'), '1');
  assert.is(withUser.get('origin'), '60.170000,24.940000');
  assert.is(withUser.get('destination'), '60.169200,24.932000');
  const cases: Array<{ lat: number; lng: number } | null> = [null, { lat: NaN, lng: NaN }];
  for (const origin of cases) assert.is(params(directionsUrl(shop, origin)).get('origin'), null, String(origin));
});

test('shopMap: what the shop page shows for each case', () => {
  const cases: Array<[string, Parameters<typeof shopMap>, { image: boolean; directions: boolean; origin: boolean }]> = [
    ['key and user', [shop, user, 'KEY', 'fi'], { image: true, directions: true, origin: true }],
    ['no key (placeholder), user known', [shop, user, null, 'fi'], { image: false, directions: true, origin: true }],
    ['no key, user unknown', [shop, null, null, 'en'], { image: false, directions: true, origin: false }],
    ['shop position unknown', [{ lat: NaN, lng: NaN }, user, 'KEY', 'fi'], { image: false, directions: false, origin: false }],
  ];
  for (const [name, args, want] of cases) {
    const m = shopMap(...args);
    assert.is(m.image !== null, want.image, `${name}: image`);
    assert.is(m.directions !== null, want.directions, `${name}: directions`);
    assert.is(m.directions ? params(m.directions).has('origin') : false, want.origin, `${name}: origin`);
    assert.equal([m.width, m.height], [345, 200], `${name}: size`);
  }
});

test.run();

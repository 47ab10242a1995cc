import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  clampZoom,
  directionsUrl,
  fromWorld,
  initialCenter,
  MAX_LAT,
  panBy,
  staticMapUrl,
  TILE_SIZE,
  tileOf,
  tileUrl,
  toScreen,
  toWorld,
  visibleTiles,
} from '../../../../src/client/lib/map.ts';
import type { LatLng } from '../../../../src/client/lib/types.ts';

const HELSINKI = { lat: 60.1699, lng: 24.9384 };
const near = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) < eps;

test('toWorld: the corners and centre of the world', () => {
  const cases: Array<[string, LatLng, number, number, number]> = [
    ['null island at z0', { lat: 0, lng: 0 }, 0, 128, 128],
    ['null island at z1', { lat: 0, lng: 0 }, 1, 256, 256],
    ['west edge', { lat: 0, lng: -180 }, 0, 0, 128],
    ['east edge', { lat: 0, lng: 180 }, 0, 256, 128],
    ['north limit', { lat: MAX_LAT, lng: 0 }, 0, 128, 0],
    ['south limit', { lat: -MAX_LAT, lng: 0 }, 0, 128, 256],
    ['beyond the north limit is clamped', { lat: 89.9, lng: 0 }, 0, 128, 0],
  ];
  for (const [name, p, z, x, y] of cases) {
    const w = toWorld(p, z);
    assert.ok(near(w.x, x, 1e-6) && near(w.y, y, 1e-6), `${name}: got ${w.x},${w.y}`);
  }
});

test('tileOf: the slippy-map tile numbers (the OSM wiki formula)', () => {
  const cases: Array<[string, LatLng, number, number, number]> = [
    ['Helsinki z12', HELSINKI, 12, 2331, 1185],
    ['Helsinki z15', HELSINKI, 15, 18653, 9484],
    ['Helsinki z0', HELSINKI, 0, 0, 0],
    ['Tallinn z12', { lat: 59.437, lng: 24.7536 }, 12, 2329, 1202],
    ['Sydney z10 (south, east)', { lat: -33.8688, lng: 151.2093 }, 10, 942, 614],
    ['New York z10 (west)', { lat: 40.7128, lng: -74.006 }, 10, 301, 385],
  ];
  for (const [name, p, z, x, y] of cases) {
    const tile = tileOf(p, z);
    assert.equal([tile.x, tile.y, tile.z], [x, y, z], name);
    assert.ok(tile.px >= 0 && tile.px < TILE_SIZE && tile.py >= 0 && tile.py < TILE_SIZE, `${name}: pixel inside the tile`);
  }
});

test('tileOf: pixel inside the tile matches the world pixel', () => {
  const tile = tileOf(HELSINKI, 12);
  const w = toWorld(HELSINKI, 12);
  assert.ok(near(tile.x * TILE_SIZE + tile.px, w.x) && near(tile.y * TILE_SIZE + tile.py, w.y));
});

test('fromWorld ∘ toWorld is the identity (round trip)', () => {
  const points: LatLng[] = [
    HELSINKI,
    { lat: 0, lng: 0 },
    { lat: -33.8688, lng: 151.2093 },
    { lat: 40.7128, lng: -74.006 },
    { lat: 84, lng: -179.5 },
  ];
  for (const z of [0, 3, 12, 18]) {
    for (const p of points) {
      const back = fromWorld(toWorld(p, z), z);
      assert.ok(near(back.lat, p.lat, 1e-9) && near(back.lng, p.lng, 1e-9), `z${z} ${p.lat},${p.lng} → ${back.lat},${back.lng}`);
    }
  }
});

test('zoom: each level doubles the world pixels', () => {
  for (const z of [0, 5, 11]) {
    const a = toWorld(HELSINKI, z);
    const b = toWorld(HELSINKI, z + 1);
    assert.ok(near(b.x, a.x * 2, 1e-6) && near(b.y, a.y * 2, 1e-6), `z${z}`);
  }
});

test('clampZoom: rounds into 3..18', () => {
  const cases: Array<[number, number]> = [
    [12, 12],
    [12.4, 12],
    [12.6, 13],
    [0, 3],
    [2, 3],
    [19, 18],
    [30, 18],
  ];
  for (const [z, want] of cases) assert.is(clampZoom(z), want, String(z));
});

test('toScreen: the centre is the middle of the viewport; east is right, north is up', () => {
  const c = toScreen(HELSINKI, HELSINKI, 12, 390, 700);
  assert.ok(near(c.x, 195) && near(c.y, 350));
  const east = toScreen({ lat: HELSINKI.lat, lng: HELSINKI.lng + 0.01 }, HELSINKI, 12, 390, 700);
  const north = toScreen({ lat: HELSINKI.lat + 0.01, lng: HELSINKI.lng }, HELSINKI, 12, 390, 700);
  assert.ok(east.x > 195 && near(east.y, 350));
  assert.ok(north.y < 350 && near(north.x, 195));
  // 0.01° of longitude at zoom 12 is 256 · 4096 · 0.01 / 360 ≈ 29.1 px.
  assert.ok(near(east.x - 195, (TILE_SIZE * 4096 * 0.01) / 360, 1e-6));
});

test('panBy: dragging the content right moves the centre west, and back again', () => {
  const moved = panBy(HELSINKI, 100, 0, 12);
  assert.ok(moved.lng < HELSINKI.lng && near(moved.lat, HELSINKI.lat, 1e-9));
  const back = panBy(moved, -100, 0, 12);
  assert.ok(near(back.lng, HELSINKI.lng, 1e-9) && near(back.lat, HELSINKI.lat, 1e-9));
  const down = panBy(HELSINKI, 0, 100, 12);
  assert.ok(down.lat > HELSINKI.lat, 'dragging down shows what is north');
  const p = toScreen(HELSINKI, moved, 12, 390, 700);
  assert.ok(near(p.x, 195 + 100, 1e-6), 'the old centre is now 100 px right of the middle');
});

test('panBy: wraps longitude past the antimeridian', () => {
  const moved = panBy({ lat: 0, lng: 179.9 }, -1000, 0, 5);
  assert.ok(moved.lng < 0 && moved.lng >= -180, String(moved.lng));
});

test('visibleTiles: covers the viewport, positioned relative to it', () => {
  const tiles = visibleTiles(HELSINKI, 12, 390, 700);
  const centre = tileOf(HELSINKI, 12);
  assert.ok(
    tiles.some((t) => t.x === centre.x && t.y === centre.y),
    'holds the centre tile',
  );
  for (const t of tiles) {
    assert.ok(t.left > -TILE_SIZE && t.left < 390 && t.top > -TILE_SIZE && t.top < 700, `tile ${t.x},${t.y} overlaps the viewport`);
  }
  const c = tiles.find((t) => t.x === centre.x && t.y === centre.y)!;
  assert.ok(near(c.left + centre.px, 195) && near(c.top + centre.py, 350), 'the centre pixel lands mid-viewport');
  const cols = new Set(tiles.map((t) => t.x)).size;
  const rows = new Set(tiles.map((t) => t.y)).size;
  assert.is(tiles.length, cols * rows);
  assert.ok(cols >= 2 && cols <= 3 && rows >= 3 && rows <= 4);
});

test('visibleTiles: wraps x around the antimeridian and stops at the poles', () => {
  const tiles = visibleTiles({ lat: 0, lng: 180 }, 3, 600, 4000);
  assert.ok(tiles.every((t) => t.x >= 0 && t.x < 8 && t.y >= 0 && t.y < 8));
  assert.ok(tiles.some((t) => t.x === 0) && tiles.some((t) => t.x === 7));
  assert.is(new Set(tiles.map((t) => `${t.col}/${t.y}`)).size, tiles.length, 'keys are unique');
});

test('tileUrl: fills the OpenStreetMap template', () => {
  assert.is(tileUrl({ x: 2331, y: 1185, z: 12 }), 'https://tile.openstreetmap.org/12/2331/1185.png');
  assert.is(tileUrl({ x: 1, y: 2, z: 3 }, 'https://t/{z}-{x}-{y}'), 'https://t/3-1-2');
});

test('initialCenter: the user position when valid, else the default', () => {
  const fallback = { lat: 1, lng: 2 };
  assert.equal(initialCenter(HELSINKI, fallback), HELSINKI);
  assert.equal(initialCenter(null, fallback), fallback);
  assert.equal(initialCenter({ lat: NaN, lng: 0 }, fallback), fallback);
  assert.equal(initialCenter({ lat: 95, lng: 0 }, fallback), fallback);
});

test('staticMapUrl: zoom 15, 345×200, scale 2, roadmap, dark, null without a key', () => {
  assert.is(staticMapUrl(HELSINKI, null), null);
  assert.is(staticMapUrl({ lat: NaN, lng: 1 }, 'k'), null);
  const url = new URL(staticMapUrl(HELSINKI, 'KEY', 'en')!);
  assert.is(url.origin + url.pathname, 'https://maps.googleapis.com/maps/api/staticmap');
  const q = url.searchParams;
  assert.is(q.get('zoom'), '15');
  assert.is(q.get('size'), '345x200');
  assert.is(q.get('scale'), '2');
  assert.is(q.get('maptype'), 'roadmap');
  assert.is(q.get('key'), 'KEY');
  assert.is(q.get('center'), '60.169900,24.938400');
  assert.ok(q.getAll('style').length > 0 && q.getAll('style').some((s) => s.includes('element:geometry')), 'dark style');
});

test('directionsUrl: from the user when known, to the shop', () => {
  const shop = { lat: 60.2, lng: 24.9 };
  const withOrigin = new URL(directionsUrl(shop, HELSINKI));
  assert.is(withOrigin.searchParams.get('destination'), '60.200000,24.900000');
  assert.is(withOrigin.searchParams.get('origin'), '60.169900,24.938400');
  assert.is(withOrigin.searchParams.get('api'), '1');
  const without = new URL(directionsUrl(shop, null));
  assert.is(without.searchParams.get('origin'), null);
});

test.run();

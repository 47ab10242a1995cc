import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PILL_HEIGHT, pillOffsets, pillWidth, type MarkerSpot } from '../../../../src/client/lib/map-markers.ts';

const overlap = (a: MarkerSpot, da: number, b: MarkerSpot, db: number) => {
  const ax = a.x + da;
  const bx = b.x + db;
  return Math.abs(ax - bx) < (pillWidth(a.label) + pillWidth(b.label)) / 2 && Math.abs(a.y - b.y) < PILL_HEIGHT;
};

test('pillOffsets: markers on one spot at a wide zoom are moved apart so every number stays readable', () => {
  const cases: Array<[string, MarkerSpot[]]> = [
    [
      'two on one spot',
      [
        { id: 1, x: 100, y: 100, label: '34' },
        { id: 2, x: 100, y: 100, label: '12' },
      ],
    ],
    [
      'three close together',
      [
        { id: 1, x: 100, y: 100, label: '34' },
        { id: 2, x: 110, y: 104, label: 'Nyt' },
        { id: 3, x: 95, y: 98, label: '120' },
      ],
    ],
    ['a row', [0, 1, 2, 3, 4].map((i) => ({ id: i, x: 200 + i * 5, y: 300, label: String(10 + i) }))],
  ];
  for (const [name, spots] of cases) {
    const offsets = pillOffsets(spots);
    for (const a of spots) {
      for (const b of spots) {
        if (a.id < b.id) assert.not.ok(overlap(a, offsets.get(a.id)!, b, offsets.get(b.id)!), `${name}: ${a.id} and ${b.id} overlap`);
      }
    }
  }
});

test('pillOffsets: markers already clear of each other stay where they are', () => {
  const spots: MarkerSpot[] = [
    { id: 1, x: 100, y: 100, label: '34' },
    { id: 2, x: 200, y: 100, label: '12' },
    { id: 3, x: 100, y: 200, label: '5' },
  ];
  assert.equal([...pillOffsets(spots).values()], [0, 0, 0]);
});

test("map markers take the wait's colour of the list's timers (map.css must not paint every marker green)", () => {
  const css = (path: string) =>
    readFileSync(join(import.meta.dirname, '../../../../src/client', path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const colourOf = (sheet: string, selector: string) => {
    const rule = sheet.split('}').find((r) =>
      r
        .split('{')[0]
        .split(',')
        .some((s) => s.trim() === selector),
    );
    return rule ? /color:\s*([^;]+);/.exec(rule)?.[1].trim() : undefined;
  };
  const base = css('styles/base.css');
  const map = css('components/MapOverlay/map.css');
  for (const wait of ['wait-0', 'wait-5', 'wait-15', 'wait-30', 'wait-60']) {
    const want = colourOf(base, `.${wait}`);
    assert.ok(want, wait);
    assert.is(colourOf(map, `.map-marker.${wait}`), want, wait);
  }
  // A full shop's marker has a colour of its own: no wait's, not a closed shop's, and not the marker's green.
  const full = colourOf(map, '.map-marker-full');
  assert.ok(full, 'a colour for a full shop');
  const others = ['wait-0', 'wait-5', 'wait-15', 'wait-30', 'wait-60'].map((w) => colourOf(base, `.${w}`));
  others.push(colourOf(map, '.map-marker-closed'), 'var(--green)');
  assert.not.ok(others.includes(full), `${full} among ${others.join(', ')}`);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { windowAccuracy } from '../../../../../src/server/queue/engine/accuracy.ts';
import { DEFAULT_LEARNED } from '../../../../../src/server/queue/engine/lanes.ts';
import { type HistoryRow, learnedAt, learnFigures, resolveFigures } from '../../../../../src/server/queue/engine/learn.ts';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { Learned } from '../../../../../src/server/queue/engine/types.ts';
import { WINDOW_CELLS, cellOf } from '../../../../../src/server/queue/engine/window.ts';
import { at, NOW, only, snap, type S } from './fixtures.ts';

const L = DEFAULT_LEARNED;
/** Members join at a steady rate, so quotes of non-members carry an allowance. */
const MEMBERS: Learned = { ...L, joinRate: [3, 2, 1, 0.5] };

const queues: { name: string; s: S }[] = [
  { name: 'empty shop, one barber free', s: { learned: L } },
  {
    name: 'two barbers, present and travelling customers, one chose a barber',
    s: {
      learned: L,
      barbers: [{ id: 1, free: 70, serving: true }, { id: 2 }],
      orders: [
        { id: 1, joined: 20, inside: true },
        { id: 2, joined: 30, source: 'app' },
        { id: 3, joined: 40, source: 'app', eta: 75 },
        { id: 4, joined: 45, inside: true, barber: 2, dur: 45 },
        { id: 5, p: 2, joined: 50, inside: true },
      ],
    },
  },
  {
    name: 'a long line with members yet to come',
    s: {
      learned: MEMBERS,
      barbers: [{ id: 1 }, { id: 2, shifts: [[0, 300]] }],
      orders: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, joined: i * 3, inside: i % 2 === 0, source: 'app' as const })),
    },
  },
  {
    name: 'without learned figures',
    s: {
      orders: [
        { id: 1, inside: true },
        { id: 2, inside: true, dur: 45 },
      ],
    },
  },
];

const inWindow = (w: { wait: number | null; low: number | null; high: number | null }) =>
  w.wait === null
    ? w.low === null && w.high === null
    : w.low !== null &&
      w.high !== null &&
      Number.isInteger(w.low) &&
      Number.isInteger(w.high) &&
      0 <= w.low &&
      w.low <= w.wait &&
      w.wait <= w.high;

for (const { name, s } of queues) {
  test(`the window holds the number: ${name}`, () => {
    const r = schedule(snap(s));
    for (const o of r.orders) assert.ok(inWindow(o), `order ${o.id}: ${JSON.stringify(o)}`);
    for (const e of r.estimates) assert.ok(inWindow({ wait: e.wait_time, low: e.low, high: e.high }), `estimate ${JSON.stringify(e)}`);
    for (const b of r.barbers) assert.ok(inWindow({ wait: b.wait_time, low: b.low, high: b.high }), `barber ${JSON.stringify(b)}`);
    for (const proposal of [
      { priority: 0, barberId: null, duration: 30, checkedIn: true },
      { priority: 1, barberId: 1, duration: 30, source: 'app' as const },
      { priority: 0, barberId: null, duration: 45, source: 'app' as const, expectedAt: at(NOW + 20) },
    ]) {
      const f = fits(snap(s), proposal);
      assert.ok(f.ok);
      if (f.ok) assert.ok(inWindow(f), JSON.stringify(f));
    }
  });
}

test('the window narrows as the customer nears the head of the line', () => {
  const r = schedule(snap({ learned: L, orders: Array.from({ length: 6 }, (_, i) => ({ id: i + 1, joined: i, inside: true })) }));
  const widths = r.orders.map((o) => (o.high as number) - (o.low as number));
  assert.is(widths[0], 0, 'first in line with the barber free: no doubt at all');
  for (let k = 1; k < widths.length; k++) assert.ok(widths[k] >= widths[k - 1], `widths ${widths.join(', ')}`);
  assert.ok(widths[5] > widths[1], `widths ${widths.join(', ')}`);
});

test('a customer in the shop gets a narrower window than one on his way, with the same plan ahead', () => {
  // No members to come; the barber is expected free in 15 minutes, about when the travellers arrive.
  const s = snap({ learned: { ...L, joinRate: [3, 0, 0, 0] }, barbers: [{ id: 1, free: 75, serving: true }] });
  const present = fits(s, { priority: 0, barberId: null, duration: 30, checkedIn: true });
  const eta = fits(s, { priority: 0, barberId: null, duration: 30, source: 'app', expectedAt: at(NOW + 15) });
  const noEta = fits(s, { priority: 0, barberId: null, duration: 30, source: 'app' });
  assert.ok(present.ok && eta.ok && noEta.ok);
  if (!present.ok || !eta.ok || !noEta.ok) return;
  assert.ok(present.high - present.low < eta.high - eta.low, `${JSON.stringify(present)} vs ${JSON.stringify(eta)}`);
  assert.ok(present.high - present.low < noEta.high - noEta.low, `${JSON.stringify(present)} vs ${JSON.stringify(noEta)}`);
});

test('members yet to come: the high side grows with their allowance, the low side reaches the plan without them', () => {
  const orders = Array.from({ length: 4 }, (_, i) => ({ id: i + 1, joined: i, inside: true }));
  const none = schedule(snap({ learned: { ...L, joinRate: [3, 0, 0, 0] }, orders })).orders;
  const some = schedule(snap({ learned: { ...L, joinRate: [3, 1, 1, 0.5] }, orders })).orders;
  const k = 3;
  const allowance = (some[k].wait as number) - (none[k].wait as number);
  assert.ok(allowance > 0, 'a non-member is quoted an allowance');
  assert.ok((some[k].high as number) - (some[k].wait as number) > (none[k].high as number) - (none[k].wait as number));
  assert.ok((some[k].low as number) <= (none[k].wait as number), `low ${some[k].low}, plan ${none[k].wait}`);
});

test('the same snapshot always gets the same windows', () => {
  const s = queues[1].s;
  assert.equal(schedule(snap(s)), schedule(structuredClone(snap(s))));
  const p = { priority: 0, barberId: null, duration: 30, source: 'app' as const };
  assert.equal(fits(snap(s), p), fits(structuredClone(snap(s)), p));
});

test("the shop's correction widens or narrows its windows cell by cell", () => {
  const s = { learned: L, orders: Array.from({ length: 3 }, (_, i) => ({ id: i + 1, joined: i, inside: true })) };
  const plain = only(schedule(snap(s)).orders, (o) => o.id === 3);
  const cell = cellOf(0, false, plain.wait as number);
  const lo = new Array(WINDOW_CELLS).fill(-1.28);
  const hi = new Array(WINDOW_CELLS).fill(1.28);
  hi[cell] = 4;
  lo[cell] = -0.1;
  const corrected = only(schedule(snap({ ...s, learned: { ...L, window: { lo, hi } } })).orders, (o) => o.id === 3);
  assert.is(corrected.wait, plain.wait);
  assert.ok((corrected.high as number) > (plain.high as number), `${plain.high} → ${corrected.high}`);
  assert.ok((corrected.low as number) > (plain.low as number), `${plain.low} → ${corrected.low}`);
});

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 6, 8, 0);
/** A served walk-in told `quote` with spread 5 who waited `actual`. */
function told(quote: number, actual: number, shopId = 1): HistoryRow {
  const joinedAt = T0 + quote * 1000;
  return {
    shopId,
    joinedAt,
    priority: 0,
    source: 'desk',
    checkedInAt: joinedAt,
    expectedAt: null,
    listed: 30,
    startedAt: joinedAt + actual * MIN,
    finishedAt: joinedAt + (actual + 30) * MIN,
    expectedEnd: joinedAt + (actual + 30) * MIN,
    localDay: 0,
    hourOfWeek: 8,
    chosenBarberId: null,
    quotedWait: quote,
    quotedLow: quote - 6,
    quotedHigh: quote + 6,
    quotedSpread: 5,
  };
}

test('the correction is learned from what was told and what happened; under 200 served the chain stands, then none', () => {
  // Waits ran 0..20 minutes past a quote of 20: z from 0 to 4.
  const rows = Array.from({ length: 300 }, (_, i) => told(20, 20 + (i % 21)));
  const shop = learnFigures(rows);
  const cell = cellOf(0, false, 20);
  assert.ok(shop.window);
  assert.is(shop.window?.n, 300);
  assert.ok(Math.abs((shop.window?.hi[cell] ?? 0) - 3.6) < 0.25, `hi ${shop.window?.hi[cell]}`);
  assert.is(shop.window?.lo[cell], 0, 'never served before the quote: the low end stays at the number');
  const few = learnFigures(rows.slice(0, 100));
  assert.equal(resolveFigures(shop, undefined).window, shop.window);
  assert.equal(resolveFigures(few, shop).window, shop.window, "a young shop takes the chain's");
  assert.is(resolveFigures(few, few).window, undefined, 'too few anywhere: no correction');
  const l = learnedAt(resolveFigures(shop, undefined), 8);
  assert.equal(l.window?.hi, shop.window?.hi);
  const r = only(schedule(snap({ learned: l, orders: [{ id: 1, inside: true }] })).orders, (o) => o.id === 1);
  assert.is(r.wait, 0);
  // Rows from before quotes were kept teach nothing.
  assert.is(learnFigures(rows.map(({ quotedWait, quotedSpread, ...rest }) => rest)).window, undefined);
});

test('window figures: coverage, misses either side, long misses, widths and the interval score', () => {
  const f = windowAccuracy([
    { low: 10, high: 20, actual: 15 },
    { low: 10, high: 20, actual: 5 },
    { low: 10, high: 20, actual: 32 },
    { low: 0, high: 0, actual: 0 },
  ]);
  assert.is(f.n, 4);
  assert.is(f.covered, 0.5);
  assert.is(f.below, 0.25);
  assert.is(f.above, 0.25);
  assert.is(f.farAbove, 0.25);
  assert.is(f.meanWidth, 7.5);
  assert.is(f.medianWidth, 10);
  // widths 10 + 10 + 10 + 0, misses 5 and 12 minutes at 10 a minute.
  assert.is(f.score, (30 + 50 + 120) / 4);
  assert.ok(Number.isNaN(windowAccuracy([]).covered));
});

test.run();

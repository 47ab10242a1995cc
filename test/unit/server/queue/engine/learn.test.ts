import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accuracy } from '../../../../../src/server/queue/engine/accuracy.ts';
import {
  defaultFigures,
  type HistoryRow,
  learnedAt,
  learnFigures,
  quantiles,
  resolveFigures,
} from '../../../../../src/server/queue/engine/learn.ts';
import { DEFAULT_TRIP_MINUTES, MIN_LEARN_SAMPLES, QUANTILES } from '../../../../../src/shared/travel.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 6, 8, 0); // a Monday

/** A history row: minutes after T0; a remote app order unless told otherwise. */
function row(r: Partial<HistoryRow> & { join?: number; checkin?: number | null; eta?: number | null; over?: number }): HistoryRow {
  const joinedAt = T0 + (r.join ?? 0) * MIN;
  const checkedInAt = r.checkin === null ? null : joinedAt + (r.checkin ?? 0) * MIN;
  return {
    joinedAt,
    priority: r.priority ?? 0,
    source: r.source ?? 'app',
    checkedInAt,
    expectedAt: r.eta === undefined || r.eta === null ? null : joinedAt + r.eta * MIN,
    listed: r.listed ?? 30,
    startedAt: r.over === undefined ? null : joinedAt + 40 * MIN,
    finishedAt: r.over === undefined ? null : joinedAt + (70 + r.over) * MIN,
    expectedEnd: r.over === undefined ? null : joinedAt + 70 * MIN,
    localDay: r.localDay ?? 0,
    hourOfWeek: r.hourOfWeek ?? 8,
    ...(r.shopId !== undefined && { shopId: r.shopId }),
  };
}

test('quantiles: equal-mass, interpolated, lowest first; none without samples', () => {
  assert.equal(quantiles([], 4), []);
  assert.equal(quantiles([5], 4), [5, 5, 5, 5]);
  assert.equal(quantiles([0, 10, 20, 30, 40], 4), [5, 15, 25, 35]);
  assert.equal(quantiles([40, NaN, 0, 20, 10, 30], 4), [5, 15, 25, 35]);
  assert.is(quantiles(Array.from({ length: 100 }, (_, i) => i)).length, QUANTILES);
});

test('each figure comes from its own rows', () => {
  const f = learnFigures([
    row({ checkin: 12 }), // remote, no arrival given: a trip
    row({ checkin: 20, eta: 15 }), // gave 15, came at 20: 5 late
    row({ checkin: 0, source: 'app' }), // "I'm here" in the app: no trip
    row({ checkin: 0, source: 'desk', over: 4 }), // at the desk; its service ran 4 over
    row({ checkin: null, eta: 10 }), // never came: neither trip nor lateness
    row({ checkin: 8, over: -3, priority: 2 }),
  ]);
  assert.equal([f.trip.n, f.lateness.n, f.runOver.n], [2, 1, 2]);
  // Two trips, 8 and 12 minutes: the quantiles run from 8.1 to 11.9.
  assert.equal([f.trip.q[0], f.trip.q[QUANTILES - 1]], [8.1, 11.9]);
  assert.equal(f.lateness.q, new Array(QUANTILES).fill(5));
  assert.equal([f.runOver.q[0], f.runOver.q[QUANTILES - 1]], [-2.82, 3.83]);
  assert.equal(f.remoteShare, { value: 1, n: 1 });
  assert.equal(f.meanMinutes, { value: 30, n: 6 });
});

test('join rates: joins per hour of each level over the days seen, a weekday blended with every day', () => {
  // Two Mondays: 3 Gold joins between 12 and 13 on one, 1 on the other; one Tuesday with none.
  const rows = [
    ...[0, 1, 2].map(() => row({ priority: 2, localDay: 0, hourOfWeek: 12 })),
    row({ priority: 2, localDay: 7, hourOfWeek: 12 }),
    row({ priority: 0, localDay: 1, hourOfWeek: 24 + 9 }),
  ];
  const f = learnFigures(rows);
  // Monday 12: own 4 / 2 days = 2; every day 4 / 3 days; weighted 2 / (2 + 3) own.
  const monday = 0.4 * 2 + 0.6 * (4 / 3);
  assert.ok(Math.abs(f.rates.perHour[2][12] - monday) < 1e-9);
  // Tuesday 12: its one day had none; every day says 4 / 3.
  assert.ok(Math.abs(f.rates.perHour[2][24 + 12] - 0.75 * (4 / 3)) < 1e-9);
  // learnedAt averages the hour and the next: Monday 12–13 and 13–14 (none).
  const l = learnedAt(f, 12);
  assert.ok(Math.abs(l.joinRate[2] - f.rates.perHour[2][12] / 2) < 1e-9);
  assert.is(learnedAt(f, 167 + 168).joinRate.length, 4);
});

test('a shop below the sample minimum uses the chain, the chain below it the constants', () => {
  const many = (n: number, trip: number) => Array.from({ length: n }, (_, i) => row({ join: i, checkin: trip }));
  const shopFew = learnFigures(many(MIN_LEARN_SAMPLES - 1, 7));
  const shopMany = learnFigures(many(MIN_LEARN_SAMPLES, 7));
  const chain = learnFigures(many(MIN_LEARN_SAMPLES, 25));
  const chainFew = learnFigures(many(10, 25));
  assert.is(resolveFigures(shopMany, chain).trip.q[0], 7);
  assert.is(resolveFigures(shopFew, chain).trip.q[0], 25);
  assert.equal(resolveFigures(shopFew, chainFew).trip.q, [...DEFAULT_TRIP_MINUTES]);
  assert.equal(resolveFigures(undefined, undefined), defaultFigures());
  // Figures resolve one by one: the shop's trips, the constants' run-over.
  assert.equal(resolveFigures(shopMany, chainFew).runOver, defaultFigures().runOver);
});

test('accuracy: MAE, within 10, waited longer and sooner than quoted', () => {
  const a = accuracy([
    { quote: 10, actual: 12 },
    { quote: 10, actual: 25 }, // 15 longer
    { quote: 30, actual: 10 }, // 20 sooner
    { quote: 0, actual: 10 }, // exactly 10: within
  ]);
  assert.equal(a, { n: 4, mae: (2 + 15 + 20 + 10) / 4, bias: (2 + 15 - 20 + 10) / 4, within: 0.5, longer: 0.25, sooner: 0.25 });
  assert.ok(Number.isNaN(accuracy([]).mae));
});

test.run();

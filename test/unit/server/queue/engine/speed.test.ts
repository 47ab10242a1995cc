import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { learnSpeed, MIN_SAMPLES, sampleRatio, SPEED_MAX, SPEED_MIN } from '../../../../../src/server/queue/engine/speed.ts';

const MIN = 60_000;

test('a sample is actual over listed minutes, bounded; operator slips are dropped', () => {
  const cases: [number, number, number | null][] = [
    [30, 30 * MIN, 1],
    [30, 36 * MIN, 1.2],
    [20, 13 * MIN, 0.65],
    [30, 12 * MIN, 0.5], // 0.4: bounded to the minimum
    [30, 70 * MIN, 2], // 2.33: bounded to the maximum
    [30, 1 * MIN, null], // finish pressed right after start
    [30, 5 * 60 * MIN, null], // finish forgotten for hours
    [0, 10 * MIN, null],
    [30, NaN, null],
  ];
  for (const [listed, actual, want] of cases) {
    const got = sampleRatio(listed, actual);
    if (want === null) assert.is(got, null, `${listed} ${actual}`);
    else assert.ok(got !== null && Math.abs(got - want) < 1e-9, `${listed} ${actual}: ${got}`);
  }
});

test('fewer than the minimum samples leave the configured speed alone', () => {
  assert.is(learnSpeed([], 1.1), 1.1);
  assert.is(learnSpeed(Array(MIN_SAMPLES - 1).fill(0.7), 1.1), 1.1);
  assert.is(learnSpeed(Array(MIN_SAMPLES).fill(0.7), 1.1), 0.7);
});

test('the speed follows the recent samples and stays within bounds', () => {
  const slowThenFast = [...Array(20).fill(1.4), ...Array(20).fill(0.9)];
  const s = learnSpeed(slowThenFast, 1);
  assert.ok(s < 0.95 && s >= 0.9, `moved to the recent pace: ${s}`);
  const oneOutlier = [...Array(10).fill(1), 2];
  assert.ok(learnSpeed(oneOutlier, 1) <= 1.2, 'one slow haircut moves it a little');
  assert.is(learnSpeed(Array(10).fill(5), 1), SPEED_MAX);
  assert.is(learnSpeed(Array(10).fill(0.1), 1), SPEED_MIN);
});

test.run();

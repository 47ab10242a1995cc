import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { timerClass, timerColour, type TimerClass, type TimerColour } from '../../../../src/client/lib/timer.ts';

test('timerClass: 60+, 30+, 15+, 5+, else 0', () => {
  const cases: Array<[number | null, TimerClass]> = [
    [null, 'wait-0'],
    [0, 'wait-0'],
    [4, 'wait-0'],
    [5, 'wait-5'],
    [14, 'wait-5'],
    [15, 'wait-15'],
    [29, 'wait-15'],
    [30, 'wait-30'],
    [59, 'wait-30'],
    [60, 'wait-60'],
    [180, 'wait-60'],
  ];
  for (const [min, want] of cases) assert.is(timerClass(min), want, String(min));
});

test('timerColour: 0 green, under 30 yellow, 30–60 orange, over 60 red', () => {
  const cases: Array<[number | null, TimerColour]> = [
    [null, 'green'],
    [0, 'green'],
    [1, 'yellow'],
    [29, 'yellow'],
    [30, 'orange'],
    [60, 'orange'],
    [61, 'red'],
  ];
  for (const [min, want] of cases) assert.is(timerColour(min), want, String(min));
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { queueMessage, type QueueMessageKind } from '../../../../src/client/lib/queue-message.ts';

test('queueMessage: chosen by the change in wait', () => {
  const fixed = (r: number) => () => r;
  const cases: Array<[string, number | null, number | null, number, QueueMessageKind, number]> = [
    ['rise of exactly 10', 20, 30, 0, 'increase', 0],
    ['rise of 25, last variant', 5, 30, 0.99, 'increase', 4],
    ['rise of 9 is neutral', 20, 29, 0.5, 'neutral', 0],
    ['fall of exactly 10', 30, 20, 0.2, 'decrease', 1],
    ['fall of 9 is neutral', 30, 21, 0.2, 'neutral', 0],
    ['fall of 15 to 0 is now, not decrease', 15, 0, 0.5, 'now', 0],
    ['3 to 0 is now', 3, 0, 0.5, 'now', 0],
    ['0 after 0: arrive', 0, 0, 0.5, 'arrive', 0],
    ['0 to 12: increase', 0, 12, 0.4, 'increase', 2],
    ['unchanged', 12, 12, 0.5, 'neutral', 0],
    ['first reading', null, 12, 0.5, 'neutral', 0],
    ['first reading of 0', null, 0, 0.5, 'neutral', 0],
    ['unknown now', 12, null, 0.5, 'neutral', 0],
  ];
  for (const [name, prev, next, r, kind, index] of cases) {
    assert.equal(queueMessage(prev, next, fixed(r)), { kind, index }, name);
  }
  // Any random value gives one of the five texts.
  for (const r of [0, 0.2, 0.5, 0.8, 0.999999]) {
    const { index } = queueMessage(0, 40, () => r);
    assert.ok(index >= 0 && index < 5, `index in 0..4 for ${r}`);
  }
});

test.run();

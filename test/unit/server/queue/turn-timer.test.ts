/**
 * The turn alerts' timer: every shop once an interval, in parts spread over it (queue/turn-notifier.ts startTurnTimer).
 * The checks are a fake notifier's; what is asserted is the order of the parts, never how long anything took.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TurnNotice, TurnPart } from '../../../../src/server/queue/turns.ts';
import { startTurnTimer, type TurnNotifier } from '../../../../src/server/queue/turn-notifier.ts';

/** A notifier that records each check's part and lets the test decide when a check ends. */
function recorder(want: number, instant = false) {
  const parts: (TurnPart | undefined)[] = [];
  const ends: (() => void)[] = [];
  let running = 0;
  let overlapped = false;
  let done: () => void = () => {};
  const enough = new Promise<void>((r) => (done = r));
  const turns: TurnNotifier = {
    kick() {},
    enqueue() {},
    idle: async () => {},
    checkAll(part) {
      parts.push(part);
      if (++running > 1) overlapped = true;
      if (parts.length === want) done();
      const check = new Promise<TurnNotice[]>((end) => ends.push(() => end([]))).finally(() => running--);
      if (instant) ends.shift()!();
      return check;
    },
  };
  return { turns, parts, ends, enough, overlapped: () => overlapped };
}

test('the parts come in turn, each shop once an interval', async () => {
  // Every check ends at once: 3 parts of a 30 ms interval, one each 10 ms.
  const r = recorder(4, true);
  const stop = startTurnTimer(r.turns, 30, 3);
  await r.enough;
  await stop();
  assert.equal(r.parts.slice(0, 4), [
    { index: 0, of: 3 },
    { index: 1, of: 3 },
    { index: 2, of: 3 },
    { index: 0, of: 3 },
  ]);
});

test('a part due while the one before is still being checked waits: no two checks at once, none skipped', async () => {
  const r = recorder(2);
  const stop = startTurnTimer(r.turns, 4, 2);
  // The first part's check hangs over several ticks before it ends.
  while (r.parts.length < 1) await new Promise((t) => setTimeout(t, 2));
  await new Promise((t) => setTimeout(t, 20));
  assert.is(r.parts.length, 1, 'nothing started while the first part was being checked');
  r.ends.shift()!();
  await r.enough;
  r.ends.shift()!();
  await stop();
  assert.equal(r.parts.slice(0, 2), [
    { index: 0, of: 2 },
    { index: 1, of: 2 },
  ]);
  assert.not.ok(r.overlapped());
});

test('one part: every shop at each tick', async () => {
  const r = recorder(2, true);
  const stop = startTurnTimer(r.turns, 5);
  await r.enough;
  await stop();
  assert.equal(r.parts.slice(0, 2), [undefined, undefined]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { limiter } from '../../../../src/server/lib/limiter.ts';

/** A task that runs until `release()` and records when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const task = () => {
    log.push(name);
    return done;
  };
  return { task, release };
}

test('runs at most `max` at once; the urgent line goes before the one queued earlier', async () => {
  const limit = limiter(2);
  const log: string[] = [];
  const a = gate(log, 'a');
  const b = gate(log, 'b');
  const late = gate(log, 'late');
  const urgent = gate(log, 'urgent');
  const runs = [limit(false, a.task), limit(false, b.task), limit(false, late.task), limit(true, urgent.task)];
  await Promise.resolve();
  assert.equal(log, ['a', 'b'], 'two at once');
  a.release();
  await runs[0];
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(log, ['a', 'b', 'urgent'], 'the urgent one takes the free place');
  b.release();
  urgent.release();
  late.release();
  await Promise.all(runs);
  assert.equal(log, ['a', 'b', 'urgent', 'late']);
});

test('a task that fails gives its place back', async () => {
  const limit = limiter(1);
  await limit(false, () => Promise.reject(new Error('no'))).catch(() => undefined);
  assert.is(await limit(false, async () => 7), 7);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pobCache } from '../../../../src/server/domain/pob-cache.ts';

function counter() {
  let n = 0;
  return {
    compute: async () => ++n,
    get calls() {
      return n;
    },
  };
}

test('reused while the version is unchanged and younger than the ttl', async () => {
  const cache = pobCache(5_000);
  const c = counter();
  assert.is(await cache.get('k', 1, 0, c.compute), 1);
  assert.is(await cache.get('k', 1, 4_999, c.compute), 1);
  assert.is(c.calls, 1);
});

test('a queue change (new version) or the ttl makes a fresh answer', async () => {
  const cache = pobCache(5_000);
  const c = counter();
  await cache.get('k', 1, 0, c.compute);
  assert.is(await cache.get('k', 2, 10, c.compute), 2, 'version bumped');
  assert.is(await cache.get('k', 2, 5_010, c.compute), 3, 'ttl passed');
  assert.is(await cache.get('k', 2, 10, c.compute), 4, 'clock moved backwards');
});

test('keys are separate, concurrent requests share one computation, failures are not kept', async () => {
  const cache = pobCache(5_000);
  const c = counter();
  const [a, b] = await Promise.all([cache.get('x', 1, 0, c.compute), cache.get('x', 1, 0, c.compute)]);
  assert.is(a, 1);
  assert.is(b, 1);
  assert.is(await cache.get('y', 1, 0, c.compute), 2);
  let fail = true;
  const flaky = async () => {
    if (fail) throw new Error('db down');
    return 'ok';
  };
  await cache.get('z', 1, 0, flaky).catch(() => {});
  fail = false;
  assert.is(await cache.get('z', 1, 1, flaky), 'ok');
});

test('a ttl of 0 never reuses', async () => {
  const cache = pobCache(0);
  const c = counter();
  await cache.get('k', 1, 0, c.compute);
  await cache.get('k', 1, 0, c.compute);
  assert.is(c.calls, 2);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { answerCache, makeAnswer, type Answer } from '../../../../src/server/live/shop-cache.ts';
import type { ChangeEvent, QueueChanges } from '../../../../src/server/live/changes.ts';

/** An in-memory announcer: what inShop's announcements look like to the cache. */
function announcer() {
  const fns = new Set<(e: ChangeEvent) => void>();
  let live = true;
  const changes: QueueChanges = {
    announce: (change) => {
      for (const f of fns) f({ kind: 'shop', change });
    },
    announceEverything: async () => {
      for (const f of fns) f({ kind: 'all' });
    },
    subscribe: (f) => {
      fns.add(f);
      return () => fns.delete(f);
    },
    get live() {
      return live;
    },
    versionOf: () => undefined,
    announceRevoked: async () => {},
    onRevoked: () => () => false,
    isRevoked: () => false,
    close: async () => {},
  };
  const setLive = (v: boolean) => {
    live = v;
  };
  return { changes, setLive };
}

function counter() {
  let n = 0;
  return {
    compute: async (): Promise<Answer> => makeAnswer(JSON.stringify({ n: ++n }), n),
    get calls() {
      return n;
    },
  };
}

const T0 = Date.parse('2026-11-24T10:00:00Z');

test('kept until its shop changes; another shop or country changes nothing', async () => {
  const a = announcer();
  let t = T0;
  const cache = answerCache(a.changes, () => t);
  const c = counter();
  const get = () => cache.get('shop:1', { shopId: 1 }, c.compute);
  assert.is((await get())!.json, '{"n":1}');
  t += 59_000;
  assert.is((await get())!.json, '{"n":1}');
  a.changes.announce({ shopId: 2, country: 'FI', version: 5 });
  assert.is((await get())!.json, '{"n":1}', "another shop's change");
  a.changes.announce({ shopId: 1, country: 'FI', version: 7 });
  assert.is((await get())!.json, '{"n":2}', "the shop's change");
  assert.is(c.calls, 2);
});

test("a country's list follows every change of the country; everything goes on `all`", async () => {
  const a = announcer();
  const cache = answerCache(a.changes, () => T0);
  const c = counter();
  const list = () => cache.get('list:FI', { country: 'FI' }, c.compute);
  await list();
  a.changes.announce({ shopId: 9, country: 'EE', version: 1 });
  assert.is((await list())!.json, '{"n":1}');
  a.changes.announce({ shopId: 3, country: 'FI', version: 1 });
  assert.is((await list())!.json, '{"n":2}');
  await a.changes.announceEverything();
  assert.is((await list())!.json, '{"n":3}');
});

test('the next minute, the longest reuse and a clock moved back make a fresh answer', async () => {
  const a = announcer();
  let t = T0 + 30_000;
  const cache = answerCache(a.changes, () => t, { maxAgeMs: 20_000 });
  const c = counter();
  const get = () => cache.get('k', { shopId: 1 }, c.compute);
  await get();
  t += 19_000;
  await get();
  assert.is(c.calls, 1);
  t += 2_000; // 10:00:51, 21 s old
  await get();
  assert.is(c.calls, 2, 'older than maxAgeMs');
  t = T0 + 60_000; // 10:01:00
  await get();
  assert.is(c.calls, 3, 'the minute moved');
  t -= 1;
  await get();
  assert.is(c.calls, 4, 'the clock moved back');
});

test('a change announced while an answer is computed: that answer is not served again', async () => {
  const a = announcer();
  const cache = answerCache(a.changes, () => T0);
  let release = () => {};
  let n = 0;
  const slow = () =>
    new Promise<Answer>((r) => {
      const me = ++n;
      release = () => r(makeAnswer(String(me), me));
    });
  const first = cache.get('k', { shopId: 1 }, slow);
  a.changes.announce({ shopId: 1, country: 'FI', version: 2 });
  release();
  assert.is((await first)!.json, '1');
  const second = cache.get('k', { shopId: 1 }, slow);
  release();
  assert.is((await second)!.json, '2');
});

test('concurrent requests share one computation; failures are not kept; nothing is kept while the listener is down', async () => {
  const a = announcer();
  const cache = answerCache(a.changes, () => T0);
  const c = counter();
  const [x, y] = await Promise.all([cache.get('x', { shopId: 1 }, c.compute), cache.get('x', { shopId: 1 }, c.compute)]);
  assert.is(x, y);
  let fail = true;
  const flaky = async () => {
    if (fail) throw new Error('db down');
    return makeAnswer('"ok"', 1);
  };
  await cache.get('z', { shopId: 1 }, flaky).catch(() => {});
  fail = false;
  assert.is((await cache.get('z', { shopId: 1 }, flaky))!.json, '"ok"');
  a.setLive(false);
  await cache.get('x', { shopId: 1 }, c.compute);
  await cache.get('x', { shopId: 1 }, c.compute);
  assert.is(c.calls, 3, 'computed each time while down');
});

test('a found dependency: kept until that shop changes; changed while computed, or null: until any change', async () => {
  const a = announcer();
  const cache = answerCache(a.changes, () => T0);
  let n = 0;
  let release = () => {};
  const order = (shopId: number) => async () => ({ ...makeAnswer(String(++n), n), shopId });
  type Found = Answer & { shopId: number };
  const on = (x: Found) => ({ shopId: x.shopId });
  const get = (shopId: number) => cache.getFound('order:1', on, order(shopId));
  assert.is((await get(1))!.json, '1');
  assert.is((await cache.peek('order:1'))!.json, '1');
  a.changes.announce({ shopId: 2, country: 'FI', version: 1 });
  assert.is((await get(1))!.json, '1', "another shop's change");
  a.changes.announce({ shopId: 1, country: 'FI', version: 2 });
  assert.is(cache.peek('order:1'), undefined, "its shop's change");
  assert.is((await get(1))!.json, '2');
  // A change of any shop while it is computed: its shop is not known yet, so the answer is not kept.
  const slow = cache.getFound<Found>('order:2', on, () => new Promise((r) => (release = () => r({ ...makeAnswer('slow', 1), shopId: 1 }))));
  a.changes.announce({ shopId: 5, country: 'FI', version: 1 });
  release();
  assert.is((await slow)!.json, 'slow');
  assert.is(cache.peek('order:2'), undefined);
  // Nothing to answer (no such order) is kept until any change: a join may make it.
  let misses = 0;
  const none = () =>
    cache.getFound<Found>('order:3', on, async () => {
      misses++;
      return null;
    });
  await none();
  await none();
  assert.is(misses, 1);
  a.changes.announce({ shopId: 7, country: 'EE', version: 1 });
  await none();
  assert.is(misses, 2);
});

test('an answer carries its ETag and its compressed forms, made once', async () => {
  const json = JSON.stringify({ shops: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Shop ${i}` })) });
  const a = makeAnswer(json, 3);
  assert.match(a.etag, /^W\/"[\w-]{22}"$/);
  assert.is(makeAnswer(json, 4).etag, a.etag, 'the same bytes, the same ETag');
  assert.is.not(makeAnswer(`${json} `, 3).etag, a.etag);
  const b1 = await a.encoded('br');
  assert.is(await a.encoded('br'), b1, 'kept');
  assert.is(brotliDecompressSync(b1).toString(), json);
  assert.is(gunzipSync(await a.encoded('gzip')).toString(), json);
  assert.ok(b1.length < json.length / 3);
});

test.run();

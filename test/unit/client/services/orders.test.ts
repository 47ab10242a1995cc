/** Idempotent joins, the client's part: one Idempotency-Key per send, the same one when that send is retried. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keyForSend, newIdempotencyKey } from '../../../../src/client/services/orders.ts';

test('a UUID where randomUUID exists, 32 hex digits from getRandomValues, else a random string', () => {
  assert.match(newIdempotencyKey(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const bytes = {
    getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
      new Uint8Array((a as unknown as Uint8Array).buffer).fill(171);
      return a;
    },
  };
  assert.is(newIdempotencyKey(bytes as Partial<Crypto>), 'ab'.repeat(16));
  const bare = [newIdempotencyKey({}), newIdempotencyKey(undefined)];
  assert.is.not(bare[0], bare[1]);
  for (const k of bare) assert.match(k, /^[\x21-\x7e]{10,255}$/);
});

test('the same body reuses the key of the last send; another body gets a new one', () => {
  let n = 0;
  const make = () => `k${++n}`;
  const first = keyForSend(null, '{"pob_id":2}', make);
  assert.is(first.key, 'k1');
  assert.is(keyForSend(first, '{"pob_id":2}', make).key, 'k1', 'a retry of the same send');
  assert.is(keyForSend(first, '{"pob_id":3}', make).key, 'k2', 'another order is another send');
});

test.run();

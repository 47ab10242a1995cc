import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { notModified, preferredEncoding } from '../../../../src/server/live/http-answer.ts';

test('brotli when taken, else gzip, else none; q=0 refuses', () => {
  assert.is(preferredEncoding('gzip, deflate, br'), 'br');
  assert.is(preferredEncoding('gzip'), 'gzip');
  assert.is(preferredEncoding('br;q=0, gzip'), 'gzip');
  assert.is(preferredEncoding('identity'), null);
  assert.is(preferredEncoding(undefined), null);
});

test('If-None-Match: weak comparison, lists and *', () => {
  const etag = 'W/"abc"';
  assert.ok(notModified('W/"abc"', etag));
  assert.ok(notModified('"abc"', etag));
  assert.ok(notModified('"x", W/"abc"', etag));
  assert.ok(notModified('*', etag));
  assert.not.ok(notModified('W/"abd"', etag));
  assert.not.ok(notModified(undefined, etag));
});

test.run();

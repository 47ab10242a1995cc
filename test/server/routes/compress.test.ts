import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';

const compress = suite('JSON answers are compressed for slow networks');
let h: Harness;
compress.before(async () => {
  h = await harness({ seed: seedDemo });
});
compress.after(async () => h.close());

const get = (url: string, encoding?: string) =>
  h.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

compress('the shop list comes brotli- or gzip-compressed as asked, and decodes to the same JSON', async () => {
  const plain = await get('/api/fi/pobs/');
  assert.is(plain.headers['content-encoding'], undefined);
  const body = plain.body;
  assert.ok(body.length > 1024);
  const br = await get('/api/fi/pobs/', 'gzip, deflate, br');
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(br.headers.vary, 'accept-encoding');
  const brBody = brotliDecompressSync(br.rawPayload).toString();
  assert.equal(JSON.parse(brBody), JSON.parse(body));
  assert.ok(br.rawPayload.length < body.length / 3, `${br.rawPayload.length} of ${body.length} bytes`);
  const gz = await get('/api/fi/pobs/', 'gzip');
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(gunzipSync(gz.rawPayload).toString()), JSON.parse(body));
});

compress('small answers and errors stay plain', async () => {
  const small = await get('/locate/', 'br');
  assert.is(small.headers['content-encoding'], undefined);
  const err = await get('/api/fi/pobs/999999/', 'br');
  assert.is(err.statusCode, 404);
  assert.is(err.headers['content-encoding'], undefined);
  assert.equal(err.json(), { error: 'Not found' });
});

compress.run();

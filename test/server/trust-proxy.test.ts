/**
 * X-Forwarded-For is believed only for the configured proxies (TRUST_PROXY: a hop count or
 * the proxies' addresses), never for every hop and never because COUNTRY_HEADER is set. Observed through a
 * per-address limit (the bonus teaser's 20 sign-ups an hour per address) with injected X-Forwarded-For.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { harness, type Harness } from './harness.ts';

const PROXY = '10.0.0.1';

/** Sign-ups until the first 429 (or `max`), each with a fresh left-most X-Forwarded-For as a forger writes it. */
async function signUpsUntilLimited(h: Harness, o: { xff: (i: number) => string; remote?: string; max?: number }): Promise<number> {
  const max = o.max ?? 30;
  for (let i = 1; i <= max; i++) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/fi/bonus-teaser/',
      payload: { email: `p${i}@example.fi`, allow_email: true },
      headers: { 'x-forwarded-for': o.xff(i) },
      remoteAddress: o.remote ?? PROXY,
    });
    if (res.statusCode === 429) return i;
    assert.is(res.statusCode, 201, res.body);
  }
  return Infinity;
}

const forged = (i: number) => `198.51.100.${i}, 203.0.113.7`;

async function withEnv(env: Record<string, string>, run: (h: Harness, config: Config) => Promise<void>) {
  const config = loadConfig({ ...env });
  const h = await harness({ config: { trustProxy: config.trustProxy, countryHeader: config.countryHeader } });
  try {
    await run(h, config);
  } finally {
    await h.close();
  }
}

test('TRUST_PROXY=1: the address the one proxy saw counts, whatever the client writes to the left', () =>
  withEnv({ TRUST_PROXY: '1' }, async (h) => {
    assert.is(await signUpsUntilLimited(h, { xff: forged }), 21);
    // Another real client behind the same proxy has its own budget.
    assert.is(await signUpsUntilLimited(h, { xff: () => '203.0.113.8', max: 1 }), Infinity);
  }));

test('TRUST_PROXY=2: two proxies, the second-to-last hop is the client', () =>
  withEnv({ TRUST_PROXY: '2' }, async (h) => {
    assert.is(await signUpsUntilLimited(h, { xff: (i) => `198.51.100.${i}, 203.0.113.9, 10.0.0.2` }), 21);
  }));

test('TRUST_PROXY as addresses: believed from those proxies only', () =>
  withEnv({ TRUST_PROXY: `${PROXY}, 10.1.0.0/16` }, async (h) => {
    assert.is(await signUpsUntilLimited(h, { xff: forged }), 21);
    // A client connecting directly is its own address, whatever it forwards.
    assert.is(await signUpsUntilLimited(h, { xff: (i) => `198.51.100.${i}`, remote: '192.0.2.50' }), 21);
  }));

test('COUNTRY_HEADER alone trusts no hop: the connection address counts', () =>
  withEnv({ COUNTRY_HEADER: 'cf-ipcountry' }, async (h, config) => {
    assert.is(config.trustProxy, false);
    assert.is(await signUpsUntilLimited(h, { xff: forged, remote: '192.0.2.60' }), 21);
    const located = await h.app.inject({ url: '/locate/', headers: { 'cf-ipcountry': 'se' } });
    assert.is(located.json().country, 'SE', 'the header still names the country');
  }));

test('no TRUST_PROXY: X-Forwarded-For is ignored', () =>
  withEnv({}, async (h) => {
    assert.is(await signUpsUntilLimited(h, { xff: forged, remote: '192.0.2.70' }), 21);
  }));

test('TRUST_PROXY parsing: off, hops, addresses; "every hop" and garbage refused at start', () => {
  assert.is(loadConfig({}).trustProxy, false);
  assert.is(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
  assert.is(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.1,loopback, fd00::/8' }).trustProxy, ['10.0.0.1', 'loopback', 'fd00::/8']);
  for (const bad of ['true', 'yes', 'proxy.example', '10.0.0.1/33', '10.0.0.300']) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
  }
});

test.run();

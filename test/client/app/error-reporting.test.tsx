/**
 * Error reporting and analytics to our own server: render errors show the customer's "Woops!"
 * with a way home; uncaught errors, rejections and tracked events are beaconed in batches to
 * /api/{locale}/client-events/, scrubbed, at most the configured number a minute; nothing in local mode.
 */
import { win } from '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, text } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import type { WireClientEvent, WireClientEvents } from '../../../src/shared/wire.ts';
import { boot } from '../../../src/client/app/boot.ts';
import { ErrorBoundary } from '../../../src/client/app/ErrorBoundary.tsx';
import { events, resetAnalytics, track } from '../../../src/client/services/analytics.ts';
import { enqueue, flush, resetClientEvents } from '../../../src/client/services/client-events.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetConfig } from '../../../src/client/state/config.ts';
import { reset as resetPrefs } from '../../../src/client/state/prefs.ts';
import { locale } from '../../../src/client/state/i18n.ts';

// The cap is per device: the sender keeps its count in localStorage, which dom.ts does not hand out.
(globalThis as Record<string, unknown>).localStorage = win.localStorage;

type Beacon = { url: string; batch: WireClientEvents };
let beacons: Beacon[] = [];
let reads: Promise<unknown>[] = [];
let beaconAnswer = true;
(navigator as { sendBeacon: unknown }).sendBeacon = (url: string, data: Blob) => {
  // The body is read now; hidePage waits for the reads.
  reads.push(data.text().then((body) => beacons.push({ url, batch: JSON.parse(body) })));
  return beaconAnswer;
};

/** Boots the app as a page load of `url` with config.json saying `development`. */
async function bootWith(url: string, development: boolean, reload = false) {
  resetConfig();
  resetPrefs();
  resetAnalytics();
  // A reload of the same device keeps its count (localStorage) of events sent this minute.
  if (!reload) resetClientEvents();
  // A stored locale: no IP lookup that could change the locale after the test has set it.
  const store = memoryKeyValue();
  await store.set('locale', 'FI');
  setKeyValueStore(store);
  history.replaceState(null, '', url);
  const f = stubFetch({
    'GET /config.json': { body: { development, clientEventsPerMinute: 10, apiBases: { FI: '/api/fi', SE: '/api/se' } } },
  });
  await boot();
  await settle(20);
  return f;
}

/** Sends what is queued, as a page going to the background does, and returns every event beaconed so far. */
async function hidePage(): Promise<WireClientEvent[]> {
  win.dispatchEvent(new win.Event('pagehide'));
  await Promise.all(reads);
  await settle();
  return beacons.flatMap((b) => b.batch.events);
}

function throwUncaught(message: string, stack = `Error: ${message}\n\tat run (https://x/c/Shop-AB12CD.js:1:234)`) {
  const error = Object.assign(new Error(message), { stack });
  win.dispatchEvent(new win.ErrorEvent('error', { error, message }));
}

function Boom(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'queue')");
}

test.before.each(() => {
  beacons = [];
  reads = [];
  beaconAnswer = true;
});
test.after.each(cleanup);

test("a screen that throws shows 'Woops! Something went wrong.' in the customer's language with a way home, and is reported", async () => {
  await bootWith('/barbershop/2?lang=fi', false);
  // React logs a caught render error to the console as well; the test's output stays readable without it.
  const log = console.error;
  console.error = () => {};
  const el = await render(
    <ErrorBoundary>
      <Boom />
    </ErrorBoundary>,
  ).finally(() => (console.error = log));
  await settle(20);
  const alert = el.querySelector('[role="alert"]');
  assert.is(text(alert?.querySelector('h1') ?? null), 'Hups! Jokin meni vikaan.');
  const home = alert?.querySelector('a');
  assert.is(home?.getAttribute('href'), '/home');
  assert.is(text(home ?? null), 'Takaisin etusivulle');
  const sent = await hidePage();
  assert.is(beacons[0].url, '/api/fi/client-events/');
  assert.type(beacons[0].batch.build, 'string');
  const render_ = sent.find((e) => e.name === 'render')!;
  assert.is(render_.kind, 'error');
  assert.is(render_.route, '/barbershop/2', 'the path, no query string');
  assert.is(render_.message, "Cannot read properties of undefined (reading 'queue')");
  assert.match(render_.stack!, /Boom/, 'the component stack says which component failed');
});

test('uncaught errors and unhandled rejections go in one batch, scrubbed, their newlines and tabs kept', async () => {
  await bootWith('/profile', false);
  throwUncaught(
    'saving +358 40 123 4567 for anna@example.fi failed',
    'Error: saving\n\tat save (https://x/c/Profile-Q1W2E3.js:3:77)\n\tBearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
  );
  const rejection = Object.assign(new win.Event('unhandledrejection'), {
    reason: new Error('refresh token r-8f9a2b3c4d5e6f708192a3b4c5d6e7f8 refused'),
  });
  win.dispatchEvent(rejection);
  await settle(20);
  assert.is(beacons.length, 0, 'batched: nothing goes before the page hides or the batch is due');
  const sent = await hidePage();
  assert.is(beacons.length, 1, 'one request for the batch');
  assert.equal(
    sent.map((e) => e.name),
    ['error', 'unhandledrejection'],
  );
  assert.is(sent[0].message, 'saving [phone] for [email] failed');
  assert.is(sent[0].stack, 'Error: saving\n\tat save (https://x/c/Profile-Q1W2E3.js:3:77)\n\tBearer [token]');
  assert.is(sent[1].message, 'refresh token [token] refused');
  const all = JSON.stringify(beacons);
  for (const secret of ['123 4567', 'anna@', 'eyJ', '8f9a2b3c4d5e6f708192']) assert.not.ok(all.includes(secret), secret);
});

test('at most 10 events a minute leave the device, across reloads; the next minute has room again', async () => {
  await bootWith('/home', false);
  for (let i = 0; i < 7; i++) throwUncaught(`failure ${i}`);
  await settle(20);
  await hidePage();
  await bootWith('/home', false, true); // a reload: the count is the device's, not the page's
  for (let i = 7; i < 15; i++) throwUncaught(`failure ${i}`);
  await settle(20);
  const sent = await hidePage();
  assert.is(sent.length, 10);
  assert.equal(
    sent.map((e) => e.message),
    Array.from({ length: 10 }, (_, i) => `failure ${i}`),
  );
  const target = { url: () => '/api/fi/client-events/', perMinute: 10 };
  const event: WireClientEvent = { kind: 'error', name: 'error', at: Date.now(), route: '/home', message: 'later' };
  assert.not.ok(enqueue(target, event), 'the 11th within the minute is dropped');
  assert.ok(enqueue(target, event, Date.now() + 61_000), 'a minute on it goes');
});

test('tracked analytics events (the join) go to the same endpoint, in the locale of the moment', async () => {
  await bootWith('/barbershop/2', false);
  await settle(20);
  locale.value = 'SE';
  track('queue-confirmation', { pob_id: 2, order_id: 41, price: 40, wait: null });
  await settle(20);
  const sent = await hidePage();
  assert.is(beacons[0].url, '/api/se/client-events', 'the SE API drops the trailing slash');
  assert.equal(sent, [
    {
      kind: 'analytics',
      name: 'queue-confirmation',
      at: sent[0].at,
      route: '/barbershop/2',
      props: { pob_id: 2, order_id: 41, price: 40, wait: null },
    },
  ]);
  locale.value = 'FI';
});

test('without sendBeacon (or when it refuses) the batch goes by fetch with keepalive', async () => {
  const f = await bootWith('/home', false);
  beaconAnswer = false;
  const calls: RequestInit[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ ...init, window: undefined, referrer: String(url) });
    return new Response('{"stored":1}', { status: 202 });
  }) as typeof fetch;
  throwUncaught('boom');
  await settle(20);
  flush();
  await settle(20);
  globalThis.fetch = previous;
  f.restore();
  assert.is(calls.length, 1);
  assert.is(calls[0].referrer, '/api/fi/client-events/');
  assert.is(calls[0].method, 'POST');
  assert.is(calls[0].keepalive, true);
  assert.is((JSON.parse(String(calls[0].body)) as WireClientEvents).events[0].message, 'boom');
});

test('local mode reports nothing and keeps analytics in memory: DEVELOPMENT, or ?dev=1 on the device', async () => {
  for (const [url, development] of [
    ['/home', true],
    ['/home?dev=1', false],
  ] as const) {
    await bootWith(url, development);
    throwUncaught('in development');
    track('queue-confirmation', { pob_id: 2 });
    await settle(20);
    assert.equal(await hidePage(), [], url);
    assert.is(events().length, 1, 'the event is still kept for a debugging eye');
  }
});

test.run();

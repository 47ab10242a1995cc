import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { render, cleanup, settle, text, win } from '../dom.ts';
import { OfflineBanner } from '../../../src/client/app/OfflineBanner.tsx';
import { useLanguage } from '../../../src/client/state/i18n.ts';
import { reset, startOffline } from '../../../src/client/state/offline.ts';
import { request } from '../../../src/client/services/http.ts';

await useLanguage('en');
const BANNER = 'Offline: showing the last saved information.';
const realFetch = globalThis.fetch;

function setOnLine(on: boolean) {
  Object.defineProperty(win.navigator, 'onLine', { value: on, configurable: true });
}

async function go(event: 'online' | 'offline') {
  setOnLine(event === 'online');
  await act(async () => {
    win.dispatchEvent(new win.Event(event));
  });
}

test.before.each(() => {
  setOnLine(true);
  reset();
  startOffline();
});

test.after.each(async () => {
  globalThis.fetch = realFetch;
  await cleanup();
  reset();
});

test('online: nothing shows, but the polite live region is there', async () => {
  const el = await render(<OfflineBanner />);
  const region = el.querySelector('[role="status"]');
  assert.ok(region, 'live region mounted');
  assert.is(text(region), '');
});

test('the browser going offline shows the banner; back online it goes', async () => {
  const el = await render(<OfflineBanner />);
  await go('offline');
  assert.is(text(el.querySelector('[role="status"] .offline-banner')), BANNER);
  await go('online');
  assert.is(el.querySelector('.offline-banner'), null);
});

test('starting offline shows it at once', async () => {
  reset();
  setOnLine(false);
  startOffline();
  const el = await render(<OfflineBanner />);
  assert.is(text(el), BANNER);
});

test('an API call without an answer shows it; the next live answer hides it', async () => {
  const el = await render(<OfflineBanner />);
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await act(async () => {
    await request('FI', '/pobs/').catch(() => undefined);
  });
  assert.is(text(el), BANNER);
  globalThis.fetch = (async () => new Response('[]', { headers: { 'content-type': 'application/json' } })) as typeof fetch;
  await act(async () => {
    await request('FI', '/pobs/');
  });
  assert.is(text(el), '');
});

test("the worker's cached copy (marked) counts as no live answer", async () => {
  const el = await render(<OfflineBanner />);
  globalThis.fetch = (async () => new Response('[]', { headers: { 'x-sw-fallback': '1' } })) as typeof fetch;
  await act(async () => {
    await request('FI', '/pobs/');
  });
  await settle();
  assert.is(text(el), BANNER);
});

test('after stop, API calls no longer move the banner', async () => {
  const stop = startOffline();
  stop();
  const el = await render(<OfflineBanner />);
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await act(async () => {
    await request('FI', '/pobs/').catch(() => undefined);
  });
  assert.is(text(el), '');
});

test.run();

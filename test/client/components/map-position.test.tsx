/** The map says so when the position's coordinates are invalid, instead of silently leaving it off. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, text } from '../dom.ts';
import MapOverlay from '../../../src/client/components/MapOverlay/index.tsx';
import { geo } from '../../../src/client/state/geo.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';

globalThis.fetch = (() => new Promise<Response>(() => {})) as typeof fetch;

test.after.each(async () => {
  await cleanup();
  geo.value = { status: 'idle' };
});

test('an invalid position shows the location error, in the UI language', async () => {
  for (const [lang, want] of [
    ['en', 'coordinates are not valid'],
    ['fi', 'koordinaatit eivät ole kelvolliset'],
    ['sv', 'koordinaterna är inte giltiga'],
  ] as const) {
    await setLanguage(lang);
    geo.value = { status: 'fulfilled', lat: 200, lng: Number.NaN };
    const el = await render(<MapOverlay shops={[]} onClose={() => {}} />);
    await settle();
    assert.ok(text(el.querySelector('[role=alert]')).includes(want), lang);
    await cleanup();
  }
});

test('a valid position or none: no error', async () => {
  await setLanguage('en');
  for (const g of [{ status: 'fulfilled', lat: 60.17, lng: 24.94 }, { status: 'idle' }] as const) {
    geo.value = g;
    const el = await render(<MapOverlay shops={[]} onClose={() => {}} />);
    await settle();
    assert.not.ok(el.querySelector('.map-error'), g.status);
    await cleanup();
  }
});

test.run();

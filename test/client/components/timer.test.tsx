import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, text } from '../dom.ts';
import { Timer } from '../../../src/client/components/Timer.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

test('the wait shows minutes with the colour class of its size, "Now" at 0 and a dash when unknown', async () => {
  const table: [number | null, string, string][] = [
    [null, '–', 'timer-unknown'],
    [0, 'Now', 'wait-0'],
    [4, '4min', 'wait-0'],
    [5, '5min', 'wait-5'],
    [14, '14min', 'wait-5'],
    [15, '15min', 'wait-15'],
    [30, '30min', 'wait-30'],
    [59, '59min', 'wait-30'],
    [60, '60min', 'wait-60'],
    [125, '125min', 'wait-60'],
  ];
  for (const [minutes, shown, cls] of table) {
    const el = await render(<Timer minutes={minutes} />);
    const timer = el.querySelector('.timer')!;
    assert.is(text(timer).replace(/\s/g, ''), shown, String(minutes));
    assert.ok(timer.classList.contains(cls), `${minutes}: ${timer.className}`);
  }
  await cleanup();
});

test('screen readers hear the wait in words', async () => {
  const el = await render(<Timer minutes={12} />);
  assert.is(el.querySelector('.timer')!.getAttribute('aria-label'), '12 minutes wait');
  await cleanup();
});

test('Finnish says "Nyt"', async () => {
  await setLanguage('fi');
  const el = await render(<Timer minutes={0} large />);
  assert.is(text(el), 'Nyt');
  assert.ok(el.querySelector('.timer-large'));
  await setLanguage('en');
  await cleanup();
});

test.run();

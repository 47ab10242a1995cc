/** After check-in the tracking screen says serving starts usually 1–15 minutes after arrival, in every language. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, text } from '../dom.ts';
import { wireOrder } from '../queue-fixtures.ts';
import { Actions } from '../../../src/client/screens/Tracking/Actions.tsx';
import { toTrackedOrder } from '../../../src/client/lib/tracking.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { ALL_LANGUAGES } from '../../../src/shared/locales.ts';

test.after.each(cleanup);

test('checked in with a wait of up to 15 minutes: the 1–15 minutes note in all 7 languages', async () => {
  for (const lang of ALL_LANGUAGES) {
    await setLanguage(lang);
    const el = await render(<Actions order={toTrackedOrder(wireOrder({ customer_at_pob: true, queue: 15, ahead: 1 }))} />);
    assert.match(text(el.querySelector('.tracking-serve-note')), /1–15/, lang);
    await cleanup();
  }
});

test('checked in early with 31 minutes to wait: the note says the same number, never "1–15 minutes after you arrive"', async () => {
  for (const lang of ALL_LANGUAGES) {
    await setLanguage(lang);
    const el = await render(<Actions order={toTrackedOrder(wireOrder({ customer_at_pob: true, queue: 31, ahead: 1 }))} />);
    const note = text(el.querySelector('.tracking-serve-note'));
    assert.not.match(note, /1–15/, lang);
    assert.match(note, /\b31\b/, lang);
    await cleanup();
  }
  await setLanguage('en');
});

test('not checked in yet, or already in service: no note', async () => {
  await setLanguage('en');
  for (const over of [{ customer_at_pob: false }, { customer_at_pob: true, in_service: true }]) {
    const el = await render(<Actions order={toTrackedOrder(wireOrder(over))} />);
    assert.not.ok(el.querySelector('.tracking-serve-note'), JSON.stringify(over));
    await cleanup();
  }
});

test.run();

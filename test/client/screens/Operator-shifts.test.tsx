/**
 * The console's Shifts tab (docs/decisions.md, "Shifts planned ahead"): the one shift form adds a shift (a barber,
 * a day, its times defaulting to the next quarter hour and the close) and moves one (its times on its day); an end
 * before the start is refused before sending, and the server's refusal is said in words beside what was tried.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { browserOffline } from '../../../src/client/state/offline.ts';
import Operator from '../../../src/client/screens/Operator/index.tsx';
import { clock } from '../../../src/client/state/console/operator.ts';
import { reset } from '../../../src/client/state/console/actions.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { ShiftPlan } from '../../../src/client/lib/operator.ts';

await setLanguage('en');

// 11:00 in Helsinki (UTC+2) on Tuesday 2026-11-24.
const NOW = Date.parse('2026-11-24T09:00:00Z');
const plan: ShiftPlan = {
  pob_id: 2,
  timezone: 'Europe/Helsinki',
  days: [
    { date: '2026-11-24', opens: '10:00', closes: '18:00' },
    { date: '2026-11-25', opens: '09:00', closes: '24:00' },
    { date: '2026-11-26', opens: null, closes: null },
  ],
  barbers: [
    { id: 1, name: 'Janne J.', here: true },
    { id: 7, name: 'Olga O.', here: false },
  ],
  shifts: [{ id: 40, barber_id: 1, start: '2026-11-24T08:00:00Z', end: '2026-11-24T14:00:00Z' }],
};

const device = { key: 'dev-key', role: 'console', pob_id: 2, device_id: 9, name: 'Front desk' };
const me = { pob_id: 2, pob_name: 'Kallio', role: 'console', device_id: 9, name: 'Front desk' };
const floor = {
  pob: { id: 2, name: 'Kallio', open: true, full: false, queue_state: 'open', closing_soon: false, queue_version: 4 },
  barbers: [],
  orders: [],
};
const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) ?? null;
const field = (el: Element, label: string) =>
  [...el.querySelectorAll('label')].find((l) => text(l).startsWith(label))?.querySelector('input, select') as HTMLInputElement | null;
const realNow = clock.now;
/** A select's option picked, as a browser announces it. */
async function pick(el: Element | null, value: string) {
  await fire.input(el, value);
  el!.dispatchEvent(new Event('change', { bubbles: true }));
  await settle(0);
}

async function shiftsTab(extra: Record<string, unknown>) {
  await save('operatorDevice', device);
  const f = stubFetch({
    'GET /operator/me/': { body: me },
    'GET /operator/pobs/2/queue/': { body: floor },
    'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } },
    'GET /operator/pobs/2/shifts/': { body: plan },
    ...extra,
  } as never);
  const el = await render(<Operator params={{}} path="/operator/shifts" />);
  await waitFor(() => text(el).includes('10:00–16:00 Janne J.'));
  return { el, f };
}

const sent = (f: { calls: { method: string; path: string; body?: unknown }[] }, method: string, path: string) =>
  f.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body as { start: string; end: string });
const at = (body: { start: string; end: string }) => [new Date(body.start).toISOString(), new Date(body.end).toISOString()];

test.before.each(() => {
  setKeyValueStore(memoryKeyValue());
  clock.now = () => NOW;
  reset();
  browserOffline.value = false;
});
test.after.each(async () => {
  await cleanup();
  reset();
  clock.now = realNow;
});

test('adding: from the next quarter hour to the close of the day picked, for the barber picked; refusals in words', async () => {
  const { el, f } = await shiftsTab({
    'POST /operator/pobs/2/shifts/': [
      { status: 409, body: { error: WIRE_ERRORS.shiftOverlaps } },
      { status: 201, body: { id: 41, barber_id: 7, start: '2026-11-25T07:00:00Z', end: '2026-11-25T21:59:00Z' } },
    ],
  });
  const form = el.querySelector('form.op-shift-form')!;
  assert.is(field(form, 'Starts')!.value, '11:15');
  assert.is(field(form, 'Ends')!.value, '18:00');
  await fire.click(button(form, 'Add shift'));
  await waitFor(() => text(form).includes('Not changed: the barber has another shift at that time.'));

  // Another barber, tomorrow: the times follow the day (open to midnight: the field's last minute).
  await pick(field(form, 'Barber'), '7');
  await pick(field(form, 'Day'), '2026-11-25');
  assert.is(field(form, 'Starts')!.value, '09:00');
  assert.is(field(form, 'Ends')!.value, '23:59');
  await fire.click(button(form, 'Add shift'));
  await waitFor(() => text(el).includes('Shift added: Olga O.'));
  const posts = sent(f, 'POST', '/operator/pobs/2/shifts/');
  f.restore();
  assert.equal(
    posts.map((b) => [(b as unknown as { barber_id: number }).barber_id, ...at(b)]),
    [
      [1, '2026-11-24T09:15:00.000Z', '2026-11-24T16:00:00.000Z'],
      [7, '2026-11-25T07:00:00.000Z', '2026-11-25T21:59:00.000Z'],
    ],
  );
});

test('moving: the same form in the row, its times as they are; an end before the start is not sent; cancel keeps it', async () => {
  const { el, f } = await shiftsTab({
    'PATCH /operator/pobs/2/shifts/40/': { body: { id: 40, barber_id: 1, start: '2026-11-24T08:00:00Z', end: '2026-11-24T15:30:00Z' } },
  });
  const row = () => el.querySelector('[data-shift="40"]')!;
  await fire.click(row().querySelector('button[aria-label^="Move"]'));
  let form = row().querySelector('form.op-shift-move')!;
  assert.is(
    form.getAttribute('aria-label'),
    `New times for Janne J.'s shift, ${text(el.querySelector('[data-day="2026-11-24"] h3')).split(' · ')[0]}`,
  );
  assert.is(field(form, 'Starts')!.value, '10:00');
  assert.is(field(form, 'Ends')!.value, '16:00');
  await fire.click(button(form, 'Cancel'));
  assert.not.ok(row().querySelector('form'), 'cancelled');

  await fire.click(row().querySelector('button[aria-label^="Move"]'));
  form = row().querySelector('form.op-shift-move')!;
  await fire.input(field(form, 'Ends'), '09:00');
  await fire.click(button(form, 'Save'));
  await waitFor(() => text(form).includes('the shift must end after it starts'));
  assert.equal(sent(f, 'PATCH', '/operator/pobs/2/shifts/40/'), []);
  await fire.input(field(form, 'Ends'), '17:30');
  await fire.click(button(form, 'Save'));
  await waitFor(() => text(el).includes('Shift moved: Janne J.'));
  assert.not.ok(row().querySelector('form'), 'the row again');
  const patches = sent(f, 'PATCH', '/operator/pobs/2/shifts/40/');
  f.restore();
  assert.equal(patches.map(at), [['2026-11-24T08:00:00.000Z', '2026-11-24T15:30:00.000Z']]);
});

test.run();

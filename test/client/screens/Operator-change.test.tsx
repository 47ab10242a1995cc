/**
 * The desk's change dialog (docs/decisions.md, "Orders changed at the desk"): it opens with the order's services,
 * extras and chosen barber ticked from the floor's items, so a one-item change is one tap; only what was edited is
 * sent (the whole new set of services, the barber), nothing when nothing changed, and no empty set of services.
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
import { reset } from '../../../src/client/state/console/actions.ts';
import type { Floor, FloorOrder } from '../../../src/client/lib/operator.ts';

await setLanguage('en');
const iso = (m: number) => new Date(Date.UTC(2026, 10, 24, 9, m)).toISOString();

const barber = (id: number, name: string) => ({
  id,
  name,
  image: null,
  on_shift: true,
  shifts: [],
  speed: 1,
  serving: null,
  wait_time: 20,
  wait_low: 15,
  wait_high: 30,
  queue_open: true,
  serving_since: null,
  expected_finish: null,
  next_order: null,
  on_break_until: null,
});

/** Mikko waits for Riku: a haircut with a wash, and a beard trim. */
const mikko: FloorOrder = {
  id: 15,
  name: 'Mikko Koski',
  customer: true,
  status: 'waiting',
  priority: 0,
  customer_at_pob: true,
  chosen_barber_id: 2,
  barber_id: 2,
  joined_at: iso(5),
  started_at: null,
  start: iso(30),
  expected_end: iso(75),
  wait: 25,
  position: 0,
  duration: 50,
  services: ['Haircut', 'Wash', 'Beard trim'],
  items: [
    { service_id: 201, extra_services: [2001] },
    { service_id: 205, extra_services: [] },
  ],
  source: 'app',
  checked_in_at: iso(6),
  expected_at: null,
  first_name: 'Mikko',
  last_initial: 'K',
  membership: null,
  phone_linked: false,
};

const floorAnswer = (order: FloorOrder): Floor => ({
  pob: { id: 2, name: 'Kallio', open: true, full: false, queue_state: 'open', closing_soon: false, queue_version: 4 },
  barbers: [barber(1, 'Janne J.'), barber(2, 'Riku L.')],
  orders: [order],
});

const menu = {
  services: [
    { id: 201, title: 'Haircut', order: 1, price: 3500, duration: 30, multiple: true },
    { id: 205, title: 'Beard trim', order: 2, price: 2000, duration: 15, multiple: false },
    { id: 207, title: 'Buzz cut', order: 3, price: 2500, duration: 20, multiple: false },
  ],
  extra_services: {
    201: [
      { id: 2001, title: 'Wash', order: 1, duration: 5 },
      { id: 2002, title: 'Wax', order: 2, duration: 5 },
    ],
  },
};

const device = { key: 'dev-key', role: 'console', pob_id: 2, device_id: 9, name: 'Front desk' };
const me = { pob_id: 2, pob_name: 'Kallio', role: 'console', device_id: 9, name: 'Front desk' };
const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) ?? null;

async function paired(order: FloorOrder) {
  await save('operatorDevice', device);
  const f = stubFetch({
    'GET /operator/me/': { body: me },
    'GET /operator/pobs/2/queue/': { body: floorAnswer(order) },
    'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } },
    'GET /pobs/2/': { body: menu },
    'PATCH /operator/orders/15/': { body: order },
  } as never);
  const el = await render(<Operator params={{}} />);
  await waitFor(() => text(el).includes('Mikko K.'));
  return { el, f };
}

/** Opens "Change" on Mikko's row once the menu is there; its checkboxes by label, its barber select. */
async function openChange(el: Element) {
  await fire.click(button(el.querySelector('[data-order="15"]')!, 'Change'));
  await waitFor(() => text(el.querySelector('[role="dialog"]')).includes('Buzz cut'));
  const dialog = el.querySelector('[role="dialog"]')!;
  const box = (label: string) => [...dialog.querySelectorAll('label')].find((l) => text(l) === label)?.querySelector('input') ?? null;
  return { dialog, box, select: dialog.querySelector('select')! };
}

const patches = (f: { calls: { method: string; path: string; body?: unknown }[] }) =>
  f.calls.filter((c) => c.method === 'PATCH' && c.path === '/operator/orders/15/').map((c) => c.body);

test.before.each(() => {
  setKeyValueStore(memoryKeyValue());
  reset();
  browserOffline.value = false;
});
test.after.each(async () => {
  await cleanup();
  reset();
});

test('"Change" opens with what he has ticked: his services, their extras and his barber', async () => {
  const { el, f } = await paired(mikko);
  const { box, select } = await openChange(el);
  assert.ok(box('Haircut')?.checked, 'his haircut');
  assert.ok(box('Wash')?.checked, "the haircut's wash");
  assert.not.ok(box('Wax')?.checked, 'no wax');
  assert.ok(box('Beard trim')?.checked, 'his beard trim');
  assert.not.ok(box('Buzz cut')?.checked, 'not the buzz cut');
  assert.is(select.value, '2', 'Riku, his chosen barber');
  f.restore();
});

test('one tap and Save: the edited set of services is sent, not his barber; nothing at all is sent unchanged', async () => {
  const { el, f } = await paired(mikko);
  let { dialog, box } = await openChange(el);
  // Saved as it opened: nothing to send.
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.equal(patches(f), []);

  ({ dialog, box } = await openChange(el));
  await fire.click(box('Beard trim'));
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.equal(patches(f), [{ services: [{ service_id: 201, amount: 1, extra_services: [2001] }] }]);
  assert.ok(text(el).includes("Mikko K.'s order is changed."));
  f.restore();
});

test('an extra ticked off, or only the barber changed: each sends just that; no services at all is refused', async () => {
  const { el, f } = await paired(mikko);
  let { dialog, box, select } = await openChange(el);
  await fire.click(box('Wash'));
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));

  ({ dialog, select } = await openChange(el));
  await fire.input(select, '');
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.equal(patches(f), [
    {
      services: [
        { service_id: 201, amount: 1, extra_services: [] },
        { service_id: 205, amount: 1, extra_services: [] },
      ],
    },
    { barber_id: null },
  ]);

  ({ dialog, box } = await openChange(el));
  await fire.click(box('Haircut'));
  await fire.click(box('Beard trim'));
  await fire.click(button(dialog, 'Save'));
  await settle(5);
  assert.ok(text(dialog).includes('Choose at least one service.'));
  assert.is(patches(f).length, 2, 'nothing more sent');
  f.restore();
});

test('from a server without the items nothing is ticked, and unpicked services stay as they are', async () => {
  const { items: _, ...older } = mikko;
  const { el, f } = await paired(older);
  const { dialog, box } = await openChange(el);
  assert.not.ok(box('Haircut')?.checked);
  await fire.click(box('Buzz cut'));
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.equal(patches(f), [{ services: [{ service_id: 207, amount: 1, extra_services: [] }] }]);
  f.restore();
});

test('a service of his no longer on the menu is shown ticked and can be unticked, so the rest can be changed', async () => {
  // He joined with a hot towel the shop has since taken off its menu.
  const withGone: FloorOrder = {
    ...mikko,
    services: ['Haircut', 'Wash', 'Hot towel'],
    items: [
      { service_id: 201, title: 'Haircut', extra_services: [2001] },
      { service_id: 299, title: 'Hot towel', extra_services: [] },
    ],
  };
  const { el, f } = await paired(withGone);
  const { dialog, box } = await openChange(el);
  const gone = box('Hot towel (no longer on the menu)');
  assert.ok(gone, 'shown beside the menu');
  assert.ok(gone?.checked, 'ticked: he has it');
  // Unticked with a buzz cut ticked: the new set has no service the menu lacks.
  await fire.click(gone!);
  await fire.click(box('Buzz cut'));
  await fire.click(button(dialog, 'Save'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.equal(patches(f), [
    {
      services: [
        { service_id: 201, amount: 1, extra_services: [2001] },
        { service_id: 207, amount: 1, extra_services: [] },
      ],
    },
  ]);
  f.restore();
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  EMPTY_SELECTION,
  isLowWait,
  orderItems,
  orderLines,
  orderTotals,
  removeService,
  statusAfter,
  toggleExtra,
  toggleService,
  type BuildStatus,
  type Selection,
} from '../../../../src/client/lib/order.ts';
import { sendErrorKind } from '../../../../src/client/lib/send-error.ts';
import type { Extra, Service } from '../../../../src/client/lib/types.ts';

const service = (id: number, over: Partial<Service> = {}): Service => ({
  id,
  groupId: 1,
  title: `Service ${id}`,
  order: id,
  description: '',
  longDescription: '',
  price: 3000,
  duration: 30,
  multiple: false,
  ...over,
});
const extra = (id: number, serviceId: number, order: number, over: Partial<Extra> = {}): Extra => ({
  id,
  serviceId,
  title: `Extra ${id}`,
  order,
  description: '',
  longDescription: '',
  price: 500,
  duration: 5,
  ...over,
});

const cut = service(10, { title: 'Haircut', price: 3500, duration: 30, multiple: true, groupId: 2 });
const beard = service(20, { title: 'Beard trim', price: 2500, duration: 20 });
const wash = extra(100, 10, 1, { title: 'Hair wash' });
const wax = extra(101, 10, 2, { title: 'Styling wax', price: 300, duration: 0 });
const brows = extra(102, 10, 3, { title: 'Eyebrow trim' });
const towel = extra(200, 20, 1, { title: 'Hot towel', price: 600 });
const oil = extra(201, 20, 2, { title: 'Beard oil', price: 400, duration: 0 });
const cutExtras = [brows, wash, wax]; // not in order on purpose
const beardExtras = [towel, oil];

test('toggleService adds in the order chosen, and removes with its extras', () => {
  let s = toggleService(EMPTY_SELECTION, 20);
  s = toggleService(s, 10);
  assert.equal(s.serviceIds, [20, 10]);
  s = toggleExtra(s, cut, 100, cutExtras);
  s = toggleService(s, 10);
  assert.equal(s, { serviceIds: [20], extraServiceIds: {} }, 'removing a service drops its extras');
  assert.equal(toggleService(s, 20), EMPTY_SELECTION);
});

test('removeService: removes only that service; an unknown id changes nothing', () => {
  const s: Selection = { serviceIds: [10, 20], extraServiceIds: { 10: [100], 20: [200] } };
  assert.equal(removeService(s, 10), { serviceIds: [20], extraServiceIds: { 20: [200] } });
  assert.is(removeService(s, 99), s);
});

test('toggleExtra: the multi-option rule, the sort by order, and dropping an empty list', () => {
  const cases: Array<[string, Selection, typeof cut, number, Extra[], Selection]> = [
    ['an extra chooses its service too', EMPTY_SELECTION, cut, 101, cutExtras, { serviceIds: [10], extraServiceIds: { 10: [101] } }],
    [
      'multiple: added, sorted by order',
      { serviceIds: [10], extraServiceIds: { 10: [102] } },
      cut,
      100,
      cutExtras,
      { serviceIds: [10], extraServiceIds: { 10: [100, 102] } },
    ],
    [
      'multiple: a third keeps the order',
      { serviceIds: [10], extraServiceIds: { 10: [100, 102] } },
      cut,
      101,
      cutExtras,
      { serviceIds: [10], extraServiceIds: { 10: [100, 101, 102] } },
    ],
    [
      'single: the new one replaces the old',
      { serviceIds: [20], extraServiceIds: { 20: [200] } },
      beard,
      201,
      beardExtras,
      { serviceIds: [20], extraServiceIds: { 20: [201] } },
    ],
    [
      'toggling off',
      { serviceIds: [10], extraServiceIds: { 10: [100, 101] } },
      cut,
      100,
      cutExtras,
      { serviceIds: [10], extraServiceIds: { 10: [101] } },
    ],
    [
      'the last one off drops the list, the service stays',
      { serviceIds: [20], extraServiceIds: { 20: [200] } },
      beard,
      200,
      beardExtras,
      { serviceIds: [20], extraServiceIds: {} },
    ],
  ];
  for (const [name, sel, svc, id, list, want] of cases) assert.equal(toggleExtra(sel, svc, id, list), want, name);
});

test('statusAfter: idle → pending on the first service, idle when the last goes, accepted kept', () => {
  const one: Selection = { serviceIds: [10], extraServiceIds: {} };
  const cases: Array<[BuildStatus, Selection, BuildStatus]> = [
    ['idle', one, 'pending'],
    ['pending', one, 'pending'],
    ['pending', EMPTY_SELECTION, 'idle'],
    ['accepted', one, 'accepted'],
    ['accepted', EMPTY_SELECTION, 'idle'],
    ['idle', EMPTY_SELECTION, 'idle'],
  ];
  for (const [from, sel, want] of cases) assert.is(statusAfter(from, sel), want, `${from} → ${want}`);
});

test('orderLines: chosen services with their extras sorted by order; unknown ids skipped', () => {
  const sel: Selection = { serviceIds: [20, 10, 99], extraServiceIds: { 10: [102, 100], 20: [] } };
  const lines = orderLines(sel, [cut, beard], { 10: cutExtras, 20: beardExtras });
  assert.equal(
    lines.map((l) => [l.service.id, l.extras.map((e) => e.id)]),
    [
      [20, []],
      [10, [100, 102]],
    ],
  );
});

test('orderTotals: prices in cents and minutes, services and extras counted', () => {
  const lines = orderLines({ serviceIds: [10, 20], extraServiceIds: { 10: [100, 101], 20: [200] } }, [cut, beard], {
    10: cutExtras,
    20: beardExtras,
  });
  assert.equal(orderTotals(lines), { price: 3500 + 500 + 300 + 2500 + 600, duration: 30 + 5 + 0 + 20 + 5, services: 2, extras: 3 });
  assert.equal(orderTotals([]), { price: 0, duration: 0, services: 0, extras: 0 });
});

test('orderItems: amount 1, service_info as seen, extras as {amount, service_id, title}', () => {
  const lines = orderLines({ serviceIds: [10], extraServiceIds: { 10: [101, 100] } }, [cut], { 10: cutExtras });
  assert.equal(orderItems(lines), [
    {
      amount: 1,
      service_id: 10,
      service_info: { duration: 30, group_id: 2, id: 10, price: 3500, title: 'Haircut' },
      extra_services: [
        { amount: 1, service_id: 100, title: 'Hair wash' },
        { amount: 1, service_id: 101, title: 'Styling wax' },
      ],
    },
  ]);
});

test('isLowWait: a known wait under 5 minutes', () => {
  const cases: Array<[number | null | undefined, boolean]> = [
    [0, true],
    [4, true],
    [4.9, true],
    [5, false],
    [30, false],
    [null, false],
    [undefined, false],
    [NaN, false],
  ];
  for (const [wait, want] of cases) assert.is(isLowWait(wait), want, String(wait));
});

test('sendErrorKind: the exact timeslot text, anything else unknown', () => {
  const cases: Array<[string | null | undefined, string]> = [
    ['Could not allocate time slot for order', 'timeslot'],
    ['  Could not allocate time slot for order ', 'timeslot'],
    ['The shop is closed', 'unknown'],
    ['Network error', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
  ];
  for (const [message, want] of cases) assert.is(sendErrorKind(message), want, String(message));
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  canLeave,
  checkInLabel,
  isEnded,
  neutralKey,
  nextMessage,
  shopOfOrder,
  toOrderStatus,
  toTrackedOrder,
} from '../../../../src/client/lib/tracking.ts';
import type { WireOrder } from '../../../../src/shared/wire-order.ts';
import { wireOrder as baseOrder } from '../../../client/queue-fixtures.ts';

/** The shared order fixture, with services and extras out of order so the sorting shows, and no barber. */
const wireOrder = (over: Partial<WireOrder> = {}): WireOrder =>
  baseOrder({
    barber: null,
    chosen_barber_id: null,
    services: [
      {
        id: 20,
        amount: 1,
        title: 'Beard trim',
        description: 'Shape and length.',
        order: 5,
        price: 2500,
        duration: 20,
        group_id: 2,
        group_name: 'Beard',
        extra_services: [],
      },
      {
        id: 10,
        amount: 1,
        title: 'Haircut',
        description: 'Scissors and clippers.',
        order: 1,
        price: 3500,
        duration: 30,
        group_id: 1,
        group_name: 'Haircuts',
        extra_services: [
          { id: 101, amount: 1, title: 'Styling wax', description: '', order: 2, price: 300, duration: 0 },
          { id: 100, amount: 1, title: 'Hair wash', description: 'Shampoo.', order: 1, price: 500, duration: 5 },
        ],
      },
    ],
    price: 6800,
    duration: 55,
    ...over,
  });

test("toTrackedOrder: the order's fields, services and extras sorted by order", () => {
  const o = toTrackedOrder(wireOrder());
  assert.is(o.orderId, 41);
  assert.is(o.userId, 7);
  assert.is(o.barbershopId, 2);
  assert.is(o.status, 'active');
  assert.is(o.checkedIn, false);
  assert.is(o.queue, 25);
  assert.is(o.ahead, 2);
  assert.equal(o.shop.coords, { lat: 60.1806, lng: 24.9527 });
  assert.equal(
    o.services.map((s) => s.name),
    ['Haircut', 'Beard trim'],
  );
  assert.equal(
    o.services[0].extraServices.map((e) => e.name),
    ['Hair wash', 'Styling wax'],
  );
  assert.is(o.services[0].groupName, 'Haircuts');
  assert.is(o.services[0].extraServices[0].description, 'Shampoo.');
  assert.is(o.price, 6800);
});

test('toTrackedOrder: odd values are made safe', () => {
  const o = toTrackedOrder(wireOrder({ queue: 12.6, ahead: -1, customer_at_pob: true, barber: { id: 3, name: 'Mikko K.', image: null } }));
  assert.is(o.queue, 13);
  assert.is(o.ahead, 0);
  assert.is(o.checkedIn, true);
  assert.equal(o.barber, { id: 3, name: 'Mikko K.' });
  assert.is(toTrackedOrder(wireOrder({ queue: null })).queue, null);
});

test('toOrderStatus and isEnded: cancelled, serviced and no-show end; unknown is seen, not an end', () => {
  const cases: Array<[unknown, string, boolean]> = [
    ['active', 'active', false],
    ['cancelled', 'cancelled', true],
    ['serviced', 'serviced', true],
    ['no-show', 'no-show', true],
    ['paused', 'unknown', false],
    [undefined, 'unknown', false],
  ];
  for (const [wire, status, ended] of cases) {
    assert.is(toOrderStatus(wire), status, String(wire));
    assert.is(isEnded(toOrderStatus(wire)), ended, String(wire));
  }
});

test("checkInLabel: 'early' while the queue is unknown or above 0, else 'now'", () => {
  const cases: Array<[number | null, string]> = [
    [null, 'early'],
    [12, 'early'],
    [1, 'early'],
    [0, 'now'],
  ];
  for (const [queue, want] of cases) assert.is(checkInLabel(queue), want, String(queue));
});

test('canLeave: only an active order not yet in the chair', () => {
  assert.ok(canLeave({ status: 'active', inService: false }));
  assert.not.ok(canLeave({ status: 'active', inService: true }));
  assert.not.ok(canLeave({ status: 'cancelled', inService: false }));
  assert.not.ok(canLeave({ status: 'unknown', inService: false }));
});

test('nextMessage: follows the change in wait, keeps the current message while a non-zero wait holds', () => {
  const increase = { kind: 'increase' as const, index: 3 };
  const neutral = { kind: 'neutral' as const, index: 0 };
  const r = () => 0.5;
  const cases: Array<[string, typeof increase | typeof neutral, number | null, number | null, string]> = [
    ['a rise of 10 picks an increase text', neutral, 20, 30, 'increase'],
    ['a fall of 10 picks a decrease text', neutral, 30, 20, 'decrease'],
    ['an unchanged wait keeps the increase text', increase, 30, 30, 'increase'],
    ['a small change after it is neutral again', increase, 30, 27, 'neutral'],
    ['to 0 from positive: now', increase, 5, 0, 'now'],
    ['0 after 0: arrive', neutral, 0, 0, 'arrive'],
    ['the first reading is neutral', increase, null, 30, 'neutral'],
  ];
  for (const [name, current, prev, next, kind] of cases) assert.is(nextMessage(current, prev, next, r).kind, kind, name);
});

test("neutralKey: 'verySoon' for a wait of 1–4 minutes", () => {
  assert.is(neutralKey(3), 'verySoon');
  assert.is(neutralKey(5), 'neutral');
  assert.is(neutralKey(0), 'neutral');
  assert.is(neutralKey(null), 'neutral');
});

test("shopOfOrder: the order's shop with its wait, for the map", () => {
  const s = shopOfOrder(toTrackedOrder(wireOrder()), 'FI');
  assert.is(s.id, 2);
  assert.is(s.name, 'Kallio');
  assert.is(s.queue, 25);
  assert.equal(s.coords, { lat: 60.1806, lng: 24.9527 });
});

test.run();

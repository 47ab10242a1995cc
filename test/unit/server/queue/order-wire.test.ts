/**
 * Round trips of the order → wire mapping (src/server/queue/order-wire.ts): server rows → each wire shape, with
 * the field order pinned (the serializer writes keys in this order), and the customer's shape on through the
 * client's mapper (client/lib/tracking.ts) to what the tracking screen holds.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorEntry, orderState, wireOrder, type OrderContext } from '../../../../src/server/queue/order-wire.ts';
import type { ItemRow } from '../../../../src/server/repos/order-items.ts';
import type { OrderRow } from '../../../../src/server/repos/orders.ts';
import type { ShopRow } from '../../../../src/server/repos/shops.ts';
import { toTrackedOrder, type TrackedOrder } from '../../../../src/client/lib/tracking.ts';

const T = Date.parse('2026-11-24T10:00:00Z');
const MIN = 60_000;

const row = (over: Partial<OrderRow> = {}): OrderRow => ({
  id: 501,
  shopId: 1,
  customerId: 7,
  walkInName: null,
  chosenBarberId: 3,
  barberId: null,
  status: 'active',
  priority: 2,
  duration: 50,
  price: 4300,
  checkedIn: false,
  joinedAt: T,
  startedAt: null,
  finishedAt: null,
  quotedWait: 25,
  quotedLow: 20,
  quotedHigh: 35,
  source: 'app',
  checkedInAt: null,
  expectedAt: null,
  partyOf: null,
  person: 0,
  steppedOutUntil: null,
  stepOutsLeft: 1,
  ...over,
});

const shop = {
  id: 1,
  country: 'FI',
  name: 'Kamppi',
  city: 'Helsinki',
  address: 'Urho Kekkosen katu 1',
  floor: null,
  latitude: 60.1691,
  longitude: 24.9327,
  timezone: 'Europe/Helsinki',
  chairCount: 4,
  image: null,
  notices: [],
  isTest: false,
  queueFull: false,
} satisfies ShopRow;

// Extras arrive out of order: both sides sort them by `order`.
const items: ItemRow[] = [
  {
    orderId: 501,
    serviceId: 10,
    title: 'Haircut',
    description: 'Scissors and clippers, styled.',
    order: 1,
    groupId: 1,
    groupName: 'Hair',
    price: 3500,
    duration: 30,
    extras: [
      { id: 102, title: 'Wax', description: 'Styling wax.', order: 2, price: 300, duration: 5 },
      { id: 101, title: 'Wash', description: 'Shampoo.', order: 1, price: 500, duration: 15 },
    ],
  },
];

const look = { id: 3, firstname: 'Mikko', lastname: 'korhonen', image: 'mikko.jpg', avatar: null, avatarActive: false };
const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({
  shop,
  items,
  look,
  wait: { queue: 25, low: 18, high: 35, ahead: 2 },
  ...over,
});

const customer = suite('customer order: row → WireOrder → client');

customer('the expected arrival shows while the customer is on his way, never once he is at the shop or done', () => {
  const at = Date.parse('2026-11-24T10:20:00.000Z');
  assert.is(wireOrder(row({ expectedAt: at }), ctx()).expected_at, '2026-11-24T10:20:00.000Z');
  assert.is(wireOrder(row({ expectedAt: at, checkedIn: true }), ctx()).expected_at, null);
  assert.is(wireOrder(row({ expectedAt: at, status: 'in_service' }), ctx()).expected_at, null);
  assert.is(wireOrder(row({ expectedAt: at, status: 'cancelled' }), ctx()).expected_at, null);
});

customer('a waiting order: every field, in the wire order', () => {
  const wire = wireOrder(row(), ctx({ wait: { queue: 25, low: 18, high: 35, ahead: 2, leaveBy: T + 3 * MIN } }));
  assert.is(
    JSON.stringify(wire),
    JSON.stringify({
      id: 501,
      customer_id: 7,
      pob_id: 1,
      pob: {
        id: 1,
        name: 'Kamppi',
        address: 'Urho Kekkosen katu 1',
        city: 'Helsinki',
        location: { latitude: 60.1691, longitude: 24.9327 },
      },
      status: 'active',
      in_service: false,
      customer_at_pob: false,
      queue: 25,
      queue_low: 18,
      queue_high: 35,
      ahead: 2,
      quoted_wait: 25,
      quoted_low: 20,
      quoted_high: 35,
      expected_at: null,
      waits_for_arrival: false,
      leave_by: '2026-11-24T10:03:00.000Z',
      date: '2026-11-24T10:00:00.000Z',
      started_at: null,
      finished_at: null,
      barber: { id: 3, name: 'Mikko K.', image: 'mikko.jpg' },
      chosen_barber_id: 3,
      services: [
        {
          id: 10,
          amount: 1,
          title: 'Haircut',
          description: 'Scissors and clippers, styled.',
          order: 1,
          price: 3500,
          duration: 30,
          group_id: 1,
          group_name: 'Hair',
          extra_services: [
            { id: 101, amount: 1, title: 'Wash', description: 'Shampoo.', order: 1, price: 500, duration: 15 },
            { id: 102, amount: 1, title: 'Wax', description: 'Styling wax.', order: 2, price: 300, duration: 5 },
          ],
        },
      ],
      price: 4300,
      duration: 50,
      stepped_out_until: null,
      step_outs_left: 1,
    }),
  );
  const want: TrackedOrder = {
    orderId: 501,
    userId: 7,
    date: '2026-11-24T10:00:00.000Z',
    barbershopId: 1,
    status: 'active',
    inService: false,
    checkedIn: false,
    queue: 25,
    queueLow: 18,
    queueHigh: 35,
    ahead: 2,
    shop: { name: 'Kamppi', address: 'Urho Kekkosen katu 1', city: 'Helsinki', coords: { lat: 60.1691, lng: 24.9327 } },
    barber: { id: 3, name: 'Mikko K.' },
    services: [
      {
        id: 10,
        amount: 1,
        name: 'Haircut',
        description: 'Scissors and clippers, styled.',
        order: 1,
        price: 3500,
        duration: 30,
        groupName: 'Hair',
        extraServices: [
          { id: 101, amount: 1, name: 'Wash', description: 'Shampoo.', order: 1, price: 500, duration: 15 },
          { id: 102, amount: 1, name: 'Wax', description: 'Styling wax.', order: 2, price: 300, duration: 5 },
        ],
      },
    ],
    price: 4300,
    duration: 50,
    expectedAt: null,
    waitsForArrival: false,
    leaveBy: T + 3 * MIN,
    party: [],
    partyDone: null,
    partyDoneLow: null,
    partyDoneHigh: null,
    steppedOutUntil: null,
    stepOutsLeft: 1,
  };
  assert.equal(toTrackedOrder(JSON.parse(JSON.stringify(wire))), want);
});

customer('in service is active on the wire and in service on the screen; a walk-in has customer 0', () => {
  const started = T + 20 * MIN;
  const wire = wireOrder(
    row({ status: 'in_service', barberId: 4, checkedIn: true, startedAt: started, customerId: null }),
    ctx({ look: undefined, wait: { queue: 0, ahead: 0 } }),
  );
  assert.equal(
    [wire.status, wire.in_service, wire.customer_at_pob, wire.started_at, wire.barber, wire.customer_id],
    ['active', true, true, '2026-11-24T10:20:00.000Z', null, 0],
  );
  const tracked = toTrackedOrder(wire);
  assert.equal([tracked.status, tracked.inService, tracked.checkedIn, tracked.queue, tracked.barber], ['active', true, true, 0, null]);
});

customer('an ended order keeps its own status and its finish time', () => {
  for (const status of ['serviced', 'cancelled', 'no-show'] as const) {
    const wire = wireOrder(row({ status, finishedAt: T + 90 * MIN }), ctx({ wait: { queue: null, ahead: 0 } }));
    assert.equal([wire.status, wire.in_service, wire.finished_at, wire.queue], [status, false, '2026-11-24T11:30:00.000Z', null]);
    assert.is(toTrackedOrder(wire).status, status);
  }
});

const operator = suite('operator shapes: row → WireOperatorOrder, WireOrderState');

operator('a waiting entry takes the engine plan, in the wire order', () => {
  const plan = {
    barber_id: 3,
    start: '2026-11-24T10:25:00.000Z',
    wait: 25,
    wait_low: 18,
    wait_high: 35,
    position: 2,
    expected_at: '2026-11-24T10:18:00.000Z',
    leave_by: '2026-11-24T10:03:00.000Z',
  };
  assert.is(
    JSON.stringify(operatorEntry(row(), { firstname: 'Aino', lastname: 'Virtanen' }, items, plan)),
    JSON.stringify({
      id: 501,
      name: 'Aino V.',
      customer: true,
      status: 'waiting',
      priority: 2,
      customer_at_pob: false,
      chosen_barber_id: 3,
      barber_id: 3,
      joined_at: '2026-11-24T10:00:00.000Z',
      started_at: null,
      start: '2026-11-24T10:25:00.000Z',
      expected_end: null,
      wait: 25,
      wait_low: 18,
      wait_high: 35,
      position: 2,
      duration: 50,
      services: ['Haircut', 'Wax', 'Wash'],
      items: [{ service_id: 10, title: 'Haircut', extra_services: [102, 101] }],
      source: 'app',
      checked_in_at: null,
      expected_at: '2026-11-24T10:18:00.000Z',
      leave_by: '2026-11-24T10:03:00.000Z',
      first_name: 'Aino',
      last_initial: 'V',
      membership: 2,
      phone_linked: false,
      party_of: null,
      person: 0,
      party_size: 1,
      stepped_out_until: null,
      no_show_from: null,
    }),
  );
});

operator('the expected arrival is null once checked in; a given one stands without a plan', () => {
  const given = T + 20 * MIN;
  assert.is(
    operatorEntry(row({ expectedAt: given }), { firstname: 'Aino', lastname: 'Virtanen' }, items, {}).expected_at,
    new Date(given).toISOString(),
  );
  const here = operatorEntry(
    row({ checkedIn: true, checkedInAt: T + 5 * MIN, expectedAt: given }),
    { firstname: 'Aino', lastname: 'Virtanen' },
    items,
    { expected_at: '2026-11-24T10:30:00.000Z' },
  );
  assert.is(here.expected_at, null);
  assert.is(here.checked_in_at, new Date(T + 5 * MIN).toISOString());
  assert.is(operatorEntry(row({ source: 'desk', customerId: null, walkInName: 'Walk In' }), undefined, items, {}).source, 'desk');
});

operator("an entry in service keeps its barber; a walk-in shows its name; other orders' items are not listed", () => {
  const o = row({ id: 502, status: 'in_service', barberId: 4, customerId: null, walkInName: 'Pekka', startedAt: T, checkedIn: true });
  const e = operatorEntry(o, undefined, items, { expected_end: '2026-11-24T10:50:00.000Z', wait: 0 });
  assert.equal(
    [e.name, e.customer, e.status, e.barber_id, e.started_at, e.start, e.expected_end, e.wait, e.position, e.services],
    ['Pekka', false, 'in_service', 4, '2026-11-24T10:00:00.000Z', null, '2026-11-24T10:50:00.000Z', 0, null, []],
  );
  assert.is(operatorEntry(row(), undefined, items, {}).name, 'Customer', 'an app customer whose name is gone');
  assert.equal(
    [e.first_name, e.last_initial, e.membership, e.phone_linked],
    ['Pekka', null, null, false],
    'an anonymous walk-in has no membership',
  );
  const linked = operatorEntry(
    row({ walkInName: 'mikko korhonen', source: 'desk', priority: 3 }),
    { firstname: 'Mikko', lastname: 'Korhonen' },
    items,
    {},
  );
  assert.equal(
    [linked.name, linked.first_name, linked.last_initial, linked.membership, linked.phone_linked],
    ['mikko korhonen', 'mikko', 'K', 3, true],
    'a walk-in linked by phone',
  );
});

operator("a transition answers the state with the server's status names, in the wire order", () => {
  const o = row({ status: 'in_service', barberId: 4, checkedIn: true, startedAt: T + 5 * MIN });
  assert.is(
    JSON.stringify(orderState(o)),
    JSON.stringify({
      id: 501,
      pob_id: 1,
      status: 'in_service',
      barber_id: 4,
      customer_at_pob: true,
      started_at: '2026-11-24T10:05:00.000Z',
      finished_at: null,
    }),
  );
  assert.is(orderState(row({ status: 'serviced', finishedAt: T })).finished_at, '2026-11-24T10:00:00.000Z');
});

customer.run();
operator.run();

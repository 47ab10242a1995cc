/** The party's pure rules: the companion's name, how many may come, the POST's companions, the receipt by person, and tracking's people and step-out rule. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_SELECTION } from '../../../../src/client/lib/order.ts';
import { companionError, companionsBody, maxCompanions, nameError, newCompanion, rowsByPerson } from '../../../../src/client/lib/party.ts';
import { canStepOut, canTakeOff, firstStart, toPartyPerson } from '../../../../src/client/lib/tracking.ts';
import type { Service } from '../../../../src/client/lib/types.ts';

test('a name or label: 1–30 characters after trimming, no control characters', () => {
  assert.is(nameError(''), 'required');
  assert.is(nameError('   '), 'required');
  assert.is(nameError('Son'), null);
  assert.is(nameError(`  ${'a'.repeat(30)}  `), null);
  assert.is(nameError('a'.repeat(31)), 'tooLong');
  assert.is(nameError('Le\u0007o'), 'control');
  assert.is(nameError('😀'.repeat(30)), null, 'characters, not UTF-16 units');
});

test('a companion needs services too', () => {
  assert.is(companionError({ ...newCompanion(1), name: 'Leo' }), 'noServices');
  assert.is(companionError({ ...newCompanion(1), name: 'Leo', selection: { serviceIds: [1], extraServiceIds: {} } }), null);
  assert.is(companionError({ ...newCompanion(1), selection: EMPTY_SELECTION }), 'required', 'the name first');
});

test('partyMax people in all: companions up to partyMax − 1, none without the setting', () => {
  assert.is(maxCompanions(undefined), 0);
  assert.is(maxCompanions(1), 0);
  assert.is(maxCompanions(5), 4);
  assert.is(maxCompanions(2.5), 0);
});

test('the POST companions: trimmed names, items as the order’s own, barber or null', () => {
  const haircut: Service = {
    id: 10,
    groupId: 1,
    title: 'Haircut',
    order: 1,
    description: '',
    price: 3500,
    duration: 30,
    multiple: true,
  } as Service;
  const menu = {
    services: [haircut],
    extraServices: { 10: [{ id: 100, serviceId: 10, title: 'Wash', order: 1, price: 500, duration: 5 }] },
  };
  const body = companionsBody(
    [{ key: 1, name: ' Leo ', selection: { serviceIds: [10], extraServiceIds: { 10: [100] } }, barberId: null }],
    menu as never,
  );
  assert.equal(body, [
    {
      name: 'Leo',
      items: [
        {
          amount: 1,
          service_id: 10,
          service_info: { duration: 30, group_id: 1, id: 10, price: 3500, title: 'Haircut' },
          extra_services: [{ amount: 1, service_id: 100, title: 'Wash' }],
        },
      ],
      barber_id: null,
    },
  ]);
});

test('receipt rows by person, the customer first, each with its index; rows without a person are the customer’s', () => {
  const rows = [{ person: 1, person_name: 'Leo' }, {}, { person: 0 }, { person: 1, person_name: 'Leo' }];
  assert.equal(
    rowsByPerson(rows).map((g) => [g.person, g.name, g.rows.map((r) => r.index)]),
    [
      [0, null, [1, 2]],
      [1, 'Leo', [0, 3]],
    ],
  );
});

const wirePerson = {
  person: 1,
  name: 'Leo',
  status: 'active' as const,
  in_service: false,
  queue: 12.4,
  barber: null,
  services: [],
  price: 0,
  duration: 0,
};

test('tracking: a person, who may be taken off, and when the first starts', () => {
  const leo = toPartyPerson(wirePerson);
  assert.is(leo.queue, 12);
  assert.is(canTakeOff(leo), true);
  assert.is(canTakeOff({ ...leo, person: 0 }), false);
  assert.is(canTakeOff({ ...leo, inService: true }), false);
  assert.is(canTakeOff({ ...leo, status: 'cancelled' }), false);
  assert.is(firstStart([leo, { ...leo, person: 0, queue: 30 }]), 12);
  assert.is(firstStart([leo, { ...leo, person: 2, inService: true, queue: 0 }]), 0);
  assert.is(firstStart([{ ...leo, status: 'cancelled' }]), null);
});

test('tracking: stepping out after check-in, before service, while step-outs are left and not out already', () => {
  const o = { status: 'active' as const, checkedIn: true, inService: false, steppedOutUntil: null, stepOutsLeft: 1 };
  assert.is(canStepOut(o), true);
  assert.is(canStepOut({ ...o, checkedIn: false }), false);
  assert.is(canStepOut({ ...o, inService: true }), false);
  assert.is(canStepOut({ ...o, stepOutsLeft: 0 }), false);
  assert.is(canStepOut({ ...o, steppedOutUntil: Date.now() }), false);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toShopDetail } from '../../../../src/client/lib/detail-mapper.ts';
import { isoWeekday, pickWait, toShop } from '../../../../src/client/lib/mappers.ts';
import { toBarber, toShifts, type WireShifts } from '../../../../src/client/lib/barber-mappers.ts';
import type { WireEmployee, WirePob, WirePobDetail, WireServiceTimeEstimate } from '../../../../src/shared/wire.ts';

const pob: WirePob = {
  id: 7,
  name: 'Kamppi',
  city: 'Helsinki',
  address: 'Urho Kekkosen katu 1',
  country: 'FI',
  open: true,
  open_times: [
    { weekday: 1, open: '09:00', close: '20:00' },
    { weekday: 6, open: '10:00', close: '18:00' },
  ],
  closing_soon: false,
  location: { latitude: 60.1699, longitude: 24.9384 },
  service_time_estimates: [
    { priority: 0, wait_time: 40 },
    { priority: 1, wait_time: 30 },
    { priority: 3, wait_time: 5 },
  ],
  queue_state: 'open',
  queue_info: { queue_employees: 3, queue_length: 6 },
  chair_count: 4,
};

test('pickWait: the estimate for the priority, else the highest priority', () => {
  const est = pob.service_time_estimates;
  const cases: Array<[string, WireServiceTimeEstimate[], number | undefined, number | null]> = [
    ['default priority 0', est, undefined, 40],
    ['Silver', est, 1, 30],
    ['Platinum', est, 3, 5],
    ['Gold missing → highest (Platinum)', est, 2, 5],
    ['no estimates', [], 0, null],
    [
      'matching but null wait',
      [
        { priority: 0, wait_time: null },
        { priority: 1, wait_time: 3 },
      ],
      0,
      null,
    ],
  ];
  for (const [name, list, prio, want] of cases) assert.is(pickWait(list, prio), want, name);
});

test("toShop: list item fields, today's hours by weekday", () => {
  const cases: Array<[string, number | undefined, number | undefined, Partial<ReturnType<typeof toShop>>]> = [
    ['Monday', 0, 1, { openingHours: { open: '09:00', close: '20:00' }, openTime: '09:00', closeTime: '20:00', queue: 40 }],
    ['Saturday, Silver', 1, 6, { openingHours: { open: '10:00', close: '18:00' }, openTime: '10:00', queue: 30 }],
    ['Sunday: closed today', 0, 7, { openingHours: null, openTime: null, closeTime: null }],
    ['no weekday given', undefined, undefined, { openingHours: null, queue: 40 }],
  ];
  for (const [name, prio, day, want] of cases) {
    const shop = toShop(pob, prio, day);
    for (const [k, v] of Object.entries(want)) assert.equal(shop[k as keyof typeof shop], v, `${name}: ${k}`);
  }
  assert.equal(
    toShop(pob, 0, 1),
    {
      id: 7,
      name: 'Kamppi',
      city: 'Helsinki',
      address: 'Urho Kekkosen katu 1',
      country: 'FI',
      open: true,
      openingHours: { open: '09:00', close: '20:00' },
      openTime: '09:00',
      closeTime: '20:00',
      closingSoon: false,
      coords: { lat: 60.1699, lng: 24.9384 },
      queue: 40,
      queueLow: null,
      queueHigh: null,
      queueState: 'open',
      chairCount: 4,
      isTest: false,
    },
    'whole shop',
  );
});

test('toShopDetail: camel-cased detail, extras keyed by service id and sorted', () => {
  const detail: WirePobDetail = {
    ...pob,
    is_test: true,
    image: false,
    floor: '2',
    notices: ['Cash only'],
    service_groups: [
      { id: 2, title: 'Beard', order: 2, description: '', parent_id: null },
      { id: 1, title: 'Hair', order: 1, description: 'd', parent_id: null },
    ],
    services: [
      { id: 10, group_id: 1, title: 'Cut', order: 1, description: 'x', long_description: 'y', price: 2900, duration: 30, multiple: false },
    ],
    extra_services: {
      '10': [
        { id: 21, service_id: 10, title: 'Wash', order: 2, description: '', long_description: '', price: 500, duration: 5 },
        { id: 20, service_id: 10, title: 'Wax', order: 1, description: '', long_description: '', price: 300, duration: 5 },
      ],
    },
    shortest_queue: 12,
    queues: [{ barber: { id: 3, name: 'Mikko', image: null }, wait_time: 12, queue_open: true }],
  };
  const d = toShopDetail(detail, 0, 1);
  const cases: Array<[string, unknown, unknown]> = [
    ['list fields kept', d.queue, 40],
    ['test shop flag', d.isTest, true],
    ['image false', d.image, false],
    ['floor', d.floor, '2'],
    ['notices', d.notices, ['Cash only']],
    ['groups sorted by order', d.serviceGroups.map((g) => g.title), ['Hair', 'Beard']],
    ['group parentId', d.serviceGroups[0]?.parentId, null],
    [
      'service',
      d.services[0],
      { id: 10, groupId: 1, title: 'Cut', order: 1, description: 'x', longDescription: 'y', price: 2900, duration: 30, multiple: false },
    ],
    ['extras keyed by numeric id, sorted', d.extraServices[10]?.map((e) => e.id), [20, 21]],
    ['extra serviceId', d.extraServices[10]?.[0]?.serviceId, 10],
    // An older server sends no window: null.
    ['queues', d.queues, [{ barber: { id: 3, name: 'Mikko', image: null }, waitTime: 12, waitLow: null, waitHigh: null, queueOpen: true }]],
    ['open times', d.openTimes.length, 2],
  ];
  for (const [name, got, want] of cases) assert.equal(got, want, name);
});

test('toShifts: a list or an object keyed by date, sorted by start', () => {
  const a = { id: 1, date: '2024-03-06', start: '2024-03-06T07:00:00Z', end: '2024-03-06T15:00:00Z', pob_id: 7, pob_name: 'Kamppi' };
  const b = { id: 2, date: '2024-03-05', start: '2024-03-05T07:00:00Z', end: '2024-03-05T15:00:00Z', pob_id: 7, pob_name: 'Kamppi' };
  const cases: Array<[string, WireShifts | null, number[], string[]]> = [
    ['list', [a, b], [2, 1], ['2024-03-05', '2024-03-06']],
    ['object of shifts', { '2024-03-06': a, '2024-03-05': b }, [2, 1], ['2024-03-05', '2024-03-06']],
    ['object of lists', { '2024-03-06': [a], '2024-03-05': [b] }, [2, 1], ['2024-03-05', '2024-03-06']],
    ['date from the key', { '2024-03-05': { id: 3, start: b.start, end: b.end, pob_name: 'X' } }, [3], ['2024-03-05']],
    ['null', null, [], []],
  ];
  for (const [name, input, ids, dates] of cases) {
    const got = toShifts(input);
    assert.equal(
      got.map((s) => s.id),
      ids,
      `${name}: ids`,
    );
    assert.equal(
      got.map((s) => s.date),
      dates,
      `${name}: dates`,
    );
  }
  assert.equal(toShifts([a])[0], { id: 1, date: '2024-03-06', start: a.start, end: a.end, pobId: 7, pobName: 'Kamppi' }, 'field names');
});

test('toBarber: resolves image and keeps the shop', () => {
  const w: WireEmployee = {
    id: 3,
    firstname: 'Mikko',
    lastname: 'Korhonen',
    full_name: 'Mikko Korhonen',
    image: 'i.jpg',
    has_image: true,
    avatar: 'a.png',
    avatar_active: true,
    has_avatar: true,
    description: 'Fades',
    status: 'active',
    shifts: [],
    barbershop: { id: 7, name: 'Kamppi', address: 'A 1', city: 'Helsinki' },
    pob_id: 7,
    active_pob: null,
  };
  const b = toBarber(w);
  const cases: Array<[string, unknown, unknown]> = [
    ['image is the active avatar', b.image, 'a.png'],
    ['fullName', b.fullName, 'Mikko Korhonen'],
    ['fullName built when missing', toBarber({ ...w, full_name: '' }).fullName, 'Mikko Korhonen'],
    ['barbershop', b.barbershop?.name, 'Kamppi'],
    ['activePob', b.activePob, null],
    ['pobId', b.pobId, 7],
    ['shifts object accepted', toBarber({ ...w, shifts: { '2024-03-05': { id: 1, start: 's', end: 'e' } } }).shifts.length, 1],
  ];
  for (const [name, got, want] of cases) assert.equal(got, want, name);
});

test('isoWeekday: 1 = Monday … 7 = Sunday in the given zone', () => {
  const cases: Array<[string, string, number]> = [
    ['2024-03-04T10:00:00Z', 'Europe/Helsinki', 1],
    ['2024-03-10T10:00:00Z', 'Europe/Helsinki', 7],
    ['2024-03-10T22:30:00Z', 'Europe/Helsinki', 1], // already Monday in Helsinki
    ['2024-03-10T22:30:00Z', 'UTC', 7],
  ];
  for (const [iso, zone, want] of cases) assert.is(isoWeekday(new Date(iso), zone), want, `${iso} ${zone}`);
});

test.run();

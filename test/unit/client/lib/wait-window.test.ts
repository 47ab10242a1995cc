import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { leaveBy } from '../../../../src/shared/leave-by.ts';
import { waitWindow } from '../../../../src/client/lib/wait-window.ts';
import { toShopDetail } from '../../../../src/client/lib/detail-mapper.ts';
import { pickWindow, toShop } from '../../../../src/client/lib/mappers.ts';

const cases: {
  name: string;
  wait: number | null;
  low: number | null | undefined;
  high: number | null | undefined;
  want: ReturnType<typeof waitWindow>;
}[] = [
  { name: 'over 10 minutes the ends round outwards to fives', wait: 27, low: 22, high: 33, want: { kind: 'range', low: 20, high: 35 } },
  { name: 'ends on a five stay', wait: 30, low: 20, high: 35, want: { kind: 'range', low: 20, high: 35 } },
  { name: 'ends of 10 or less stay as they are', wait: 8, low: 3, high: 10, want: { kind: 'range', low: 3, high: 10 } },
  { name: 'a high end past 10 rounds up, a low end under it stays', wait: 9, low: 4, high: 12, want: { kind: 'range', low: 4, high: 15 } },
  { name: 'from 0: "up to" its high end', wait: 6, low: 0, high: 14, want: { kind: 'upTo', high: 15 } },
  { name: '5 minutes or less after rounding: the number alone', wait: 3, low: 1, high: 6, want: null },
  { name: 'a point window: the number alone', wait: 0, low: 0, high: 0, want: null },
  { name: 'rounding that leaves exactly 5: the number alone', wait: 17, low: 16, high: 19, want: null },
  { name: 'no window from the server: the number alone', wait: 20, low: undefined, high: undefined, want: null },
  { name: 'no wait: nothing', wait: null, low: 10, high: 30, want: null },
  { name: 'a broken window (low above high): nothing', wait: 20, low: 30, high: 10, want: null },
];

for (const c of cases) {
  test(`window: ${c.name}`, () => {
    assert.equal(waitWindow(c.wait, c.low, c.high), c.want);
  });
}

test('leave by: he arrives at the low end of his window with his expected trip, never before now', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  assert.is(leaveBy(now, 35, 15), Date.parse('2026-11-24T10:20:00Z'));
  assert.is(leaveBy(now, 10, 15), now, 'already late: now');
  assert.is(leaveBy(now, null, 15), null);
  assert.is(leaveBy(now, 35, undefined), null);
});

test('mappers: the window of the estimate for the priority, and of each barber; none from an older server', () => {
  const estimates = [
    { priority: 0, wait_time: 40, wait_low: 30, wait_high: 55 },
    { priority: 2, wait_time: 20, wait_low: 12, wait_high: 31 },
  ];
  assert.equal(pickWindow(estimates, 2), { low: 12, high: 31 });
  assert.equal(pickWindow([{ priority: 0, wait_time: 40 }], 0), { low: null, high: null });
  const wire = {
    id: 1,
    name: 'Kamppi',
    city: 'Helsinki',
    address: 'x',
    country: 'FI',
    open: true,
    open_times: [],
    closing_soon: false,
    location: { latitude: 60, longitude: 24 },
    service_time_estimates: estimates,
    queue_state: 'open' as const,
    queue_info: { queue_employees: 2, queue_length: 3 },
    chair_count: 3,
  };
  const shop = toShop(wire, 0);
  assert.equal([shop.queue, shop.queueLow, shop.queueHigh], [40, 30, 55]);
  const detail = toShopDetail(
    {
      ...wire,
      image: false,
      floor: null,
      notices: [],
      service_groups: [],
      services: [],
      extra_services: {},
      shortest_queue: 25,
      queues: [{ barber: { id: 4, name: 'Mikko K.', image: null }, wait_time: 25, wait_low: 18, wait_high: 38, queue_open: true }],
    },
    0,
  );
  assert.equal([detail.queues[0].waitLow, detail.queues[0].waitHigh], [18, 38]);
});

test.run();

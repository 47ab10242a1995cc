/**
 * The tracking screen's one message per order state (docs/decisions.md, "Tracking says one thing"): a table of order
 * states and what the screen says, and the travel rules behind the review step's ETA and "leave now".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { QueueMessage } from '../../../../src/client/lib/queue-message.ts';
import { type TrackingStateInput, trackingState } from '../../../../src/client/lib/tracking-state.ts';
import { alertLead, leaveNow, travelDominates, tripFrom, tripMinutes } from '../../../../src/client/lib/travel.ts';
import { CITY_DRIVE_KMH, DRIVE_OVERHEAD_MINUTES, MAX_ETA_MINUTES, WALK_KMH, WALK_MAX_KM } from '../../../../src/shared/travel.ts';

const NOW = Date.UTC(2026, 10, 24, 10, 0);
const MIN = 60_000;
const neutral: QueueMessage = { kind: 'neutral', index: 0 };
const waiting = (over: Partial<TrackingStateInput> = {}): TrackingStateInput => ({
  status: 'active',
  inService: false,
  checkedIn: false,
  queue: 25,
  ...over,
});

type Row = [
  name: string,
  order: TrackingStateInput,
  ctx: { message?: QueueMessage; expectedAt?: number | null },
  want: { kind: string; key: string; index?: number; warning: boolean; ahead: boolean; arriveAt?: number | null },
];

const ROWS: Row[] = [
  [
    'waiting, on time: the neutral queue message',
    waiting(),
    {},
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'waiting, a few minutes left: very soon',
    waiting({ queue: 3 }),
    {},
    { kind: 'queue', key: 'tracking.messages.verySoon', warning: true, ahead: true },
  ],
  [
    'waiting, the wait grew: the chosen increase text',
    waiting(),
    { message: { kind: 'increase', index: 3 } },
    { kind: 'queue', key: 'tracking.messages.increase', index: 3, warning: true, ahead: true },
  ],
  [
    'waiting, the wait fell: the chosen decrease text',
    waiting(),
    { message: { kind: 'decrease', index: 1 } },
    { kind: 'queue', key: 'tracking.messages.decrease', index: 1, warning: true, ahead: true },
  ],
  [
    'next in line, the wait fell to his own arrival: no claim that the queue moved',
    waiting({ queue: 20, ahead: 0 }),
    { message: { kind: 'decrease', index: 2 } },
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'next in line, the wait grew: no claim about a queue ahead',
    waiting({ queue: 20, ahead: 0 }),
    { message: { kind: 'increase', index: 2 } },
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'one ahead, the wait fell: the decrease text',
    waiting({ queue: 20, ahead: 1 }),
    { message: { kind: 'decrease', index: 2 } },
    { kind: 'queue', key: 'tracking.messages.decrease', index: 2, warning: true, ahead: true },
  ],
  [
    'waiting, the turn came',
    waiting({ queue: 0 }),
    { message: { kind: 'now', index: 0 } },
    { kind: 'queue', key: 'tracking.messages.now', warning: true, ahead: true },
  ],
  [
    'waiting, still due',
    waiting({ queue: 0 }),
    { message: { kind: 'arrive', index: 0 } },
    { kind: 'queue', key: 'tracking.messages.arrive', warning: true, ahead: true },
  ],
  [
    'waiting, the trip ends before the turn: the queue message',
    waiting({ queue: 25 }),
    { expectedAt: NOW + 20 * MIN },
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'waiting, the trip ends exactly at the turn: still the queue message',
    waiting({ queue: 25 }),
    { expectedAt: NOW + 25 * MIN },
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    // A free barber waits for a remote joiner: the wait averages his likely arrivals, so it is not shorter than the
    // trip, but the turn is his arrival all the same.
    'waiting, the server holds the turn for his arrival: the travel line, though the wait is a little longer',
    { ...waiting({ queue: 16 }), waitsForArrival: true },
    { expectedAt: NOW + 14.5 * MIN },
    { kind: 'travel', key: 'tracking.state.travel', arriveAt: NOW + 14.5 * MIN, warning: true, ahead: true },
  ],
  [
    'waiting, the turn held but no arrival known: the queue message',
    { ...waiting({ queue: 16 }), waitsForArrival: true },
    {},
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'waiting, the trip is longer than the wait: the travel line with the arrival',
    waiting({ queue: 15 }),
    { expectedAt: NOW + 40 * MIN, message: { kind: 'decrease', index: 2 } },
    { kind: 'travel', key: 'tracking.state.travel', warning: true, ahead: true, arriveAt: NOW + 40 * MIN },
  ],
  [
    'waiting, turn now but the customer is 10 min away: travel',
    waiting({ queue: 0 }),
    { expectedAt: NOW + 10 * MIN, message: { kind: 'now', index: 0 } },
    { kind: 'travel', key: 'tracking.state.travel', warning: true, ahead: true, arriveAt: NOW + 10 * MIN },
  ],
  [
    'waiting, the wait unknown: no travel claim',
    waiting({ queue: null }),
    { expectedAt: NOW + 40 * MIN },
    { kind: 'queue', key: 'tracking.messages.neutral', warning: true, ahead: true },
  ],
  [
    'checked in: sit down, nothing about coming',
    waiting({ checkedIn: true, queue: 0 }),
    { message: { kind: 'arrive', index: 0 } },
    { kind: 'checked-in', key: 'tracking.state.checkedIn', warning: false, ahead: true },
  ],
  [
    'checked in, expected later by the phone: still checked in',
    waiting({ checkedIn: true, queue: 5 }),
    { expectedAt: NOW + 30 * MIN },
    { kind: 'checked-in', key: 'tracking.state.checkedIn', warning: false, ahead: true },
  ],
  [
    'in service after check-in (the defect): only "started"',
    waiting({ inService: true, checkedIn: true, queue: 0 }),
    { message: { kind: 'arrive', index: 0 } },
    { kind: 'in-service', key: 'tracking.state.inService', warning: false, ahead: false },
  ],
  [
    'in service, never checked in: only "started"',
    waiting({ inService: true, queue: 0 }),
    { message: { kind: 'now', index: 0 }, expectedAt: NOW + 30 * MIN },
    { kind: 'in-service', key: 'tracking.state.inService', warning: false, ahead: false },
  ],
  [
    'serviced: ended',
    waiting({ status: 'serviced', queue: null }),
    {},
    { kind: 'ended', key: 'tracking.ended', warning: false, ahead: false },
  ],
  [
    'cancelled: ended',
    waiting({ status: 'cancelled', queue: null }),
    {},
    { kind: 'ended', key: 'tracking.ended', warning: false, ahead: false },
  ],
  [
    'no-show: ended',
    waiting({ status: 'no-show', queue: null }),
    {},
    { kind: 'ended', key: 'tracking.ended', warning: false, ahead: false },
  ],
];

for (const [name, order, ctx, want] of ROWS) {
  test(`tracking state: ${name}`, () => {
    const got = trackingState(order, { message: ctx.message ?? neutral, expectedAt: ctx.expectedAt ?? null, now: NOW });
    assert.equal(got, { index: 0, arriveAt: null, ...want });
  });
}

test('every state has exactly one message: no two states share a key, and a state never mixes them', () => {
  const keys = new Map<string, string>();
  for (const [, order, ctx] of ROWS) {
    const got = trackingState(order, { message: ctx.message ?? neutral, expectedAt: ctx.expectedAt ?? null, now: NOW });
    if (got.kind === 'queue') continue;
    const seen = keys.get(got.key);
    assert.ok(seen === undefined || seen === got.kind, `${got.key} in ${seen} and ${got.kind}`);
    keys.set(got.key, got.kind);
  }
  assert.equal([...keys.values()].sort(), ['checked-in', 'ended', 'in-service', 'travel']);
});

test('trip: walking up to the walking distance, city driving plus parking above it, whole minutes, 1 to the cap', () => {
  const table: [km: number, mode: string, minutes: number][] = [
    [0, 'walk', 1],
    [0.4, 'walk', Math.ceil((0.4 / WALK_KMH) * 60)],
    [WALK_MAX_KM, 'walk', Math.ceil((WALK_MAX_KM / WALK_KMH) * 60)],
    [WALK_MAX_KM + 0.1, 'drive', Math.ceil(((WALK_MAX_KM + 0.1) / CITY_DRIVE_KMH) * 60 + DRIVE_OVERHEAD_MINUTES)],
    [10, 'drive', Math.ceil((10 / CITY_DRIVE_KMH) * 60 + DRIVE_OVERHEAD_MINUTES)],
    [500, 'drive', MAX_ETA_MINUTES],
  ];
  for (const [km, mode, minutes] of table) assert.equal(tripMinutes(km), { mode, minutes }, `${km} km`);
  // With the repo's constants: 1 km on foot is 13 min, 5 km by car 17 min.
  assert.equal(tripMinutes(1), { mode: 'walk', minutes: 13 });
  assert.equal(tripMinutes(5), { mode: 'drive', minutes: 17 });
});

test('trip from positions: great-circle distance; a missing or invalid position gives none', () => {
  const shop = { lat: 60.1806, lng: 24.9527 };
  const near = tripFrom({ lat: 60.1716, lng: 24.9527 }, shop); // 0.01° of latitude ≈ 1.0 km
  assert.equal(near, { km: 1, mode: 'walk', minutes: 13 });
  assert.is(tripFrom({ lat: 60.2256, lng: 24.9527 }, shop)?.mode, 'drive');
  assert.is(tripFrom(null, shop), null);
  assert.is(tripFrom({ lat: Number.NaN, lng: 24 }, shop), null);
  assert.is(tripFrom({ lat: 60, lng: 24 }, { lat: 95, lng: 24 }), null);
});

test('leave now: the alert is due at once when the wait is within the larger of the lead and the trip', () => {
  const table: [wait: number | null, eta: number | null, lead: number, want: boolean][] = [
    [25, 10, 10, false],
    [10, 5, 10, true], // the near alert at once
    [25, 30, 10, true], // time to leave at once
    [25, 20, 30, true], // the chosen lead covers the wait
    [35, 20, 30, false],
    [5, 0, 10, false], // already at the shop
    [5, null, 10, true], // no trip given: the near alert alone
    [null, 30, 10, false], // wait unknown
  ];
  for (const [wait, eta, lead, want] of table) assert.is(leaveNow(wait, eta, lead), want, `wait ${wait}, eta ${eta}, lead ${lead}`);
});

test('alert lead: 10, 20 or 30 as kept, anything else the default of 10', () => {
  assert.equal(
    [alertLead(10), alertLead(20), alertLead(30), alertLead(null), alertLead(undefined), alertLead(15), alertLead('20')],
    [10, 20, 30, 10, 10, 10, 10],
  );
});

test('travel dominates only when the expected arrival is later than the turn', () => {
  assert.ok(travelDominates(15, NOW + 16 * MIN, NOW));
  assert.not.ok(travelDominates(15, NOW + 15 * MIN, NOW));
  assert.not.ok(travelDominates(null, NOW + 60 * MIN, NOW));
  assert.not.ok(travelDominates(15, null, NOW));
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import { at, PLAIN, point, snap, waits, type S } from './fixtures.ts';

// The floor (docs/decisions.md, "Honest waits"), rule by rule. PLAIN: trips take 10 minutes, everyone comes at the arrival he gave,
// services run 6 minutes over, no members expected; now is minute 60, someone past every figure is 5 minutes away.
const L = { learned: PLAIN };

const cases: { rule: string; name: string; s: S; want: [number, number | null][] }[] = [
  // Expected arrival.
  {
    rule: 'arrival',
    name: 'not planned before the arrival he gave',
    s: { ...L, orders: [{ id: 1, source: 'app', eta: 80 }] },
    want: [[1, 20]],
  },
  {
    rule: 'arrival',
    name: 'past it: now plus the learned lateness still to come',
    s: { ...L, orders: [{ id: 1, source: 'app', eta: 57 }] },
    want: [[1, 5]],
  },
  {
    rule: 'arrival',
    name: 'no arrival given: the learned trip from his join',
    s: { ...L, orders: [{ id: 1, source: 'app', joined: 56 }] },
    want: [[1, 6]],
  },
  {
    rule: 'arrival',
    name: 'past every learned trip: a few minutes from now',
    s: { ...L, orders: [{ id: 1, source: 'app', joined: 40 }] },
    want: [[1, 5]],
  },
  {
    rule: 'arrival',
    name: 'checked in: here, whatever he said',
    s: { ...L, orders: [{ id: 1, source: 'app', eta: 90, inside: true }] },
    want: [[1, 0]],
  },
  { rule: 'arrival', name: 'a desk order is here', s: { ...L, orders: [{ id: 1, source: 'desk' }] }, want: [[1, 0]] },
  { rule: 'arrival', name: 'no source recorded (an older order): planned as here', s: { ...L, orders: [{ id: 1 }] }, want: [[1, 0]] },
  // The constants' lateness averages +0.65 minutes: the start rounds up to 21.
  // Quoted as fits() quotes a join: the mean over likely arrivals, the early ones held at the arrival given.
  {
    rule: 'arrival',
    name: 'without learned figures: the constants, never before the arrival given',
    s: { orders: [{ id: 1, source: 'app', eta: 80 }] },
    want: [[1, 22]],
  },
  // Present customers are served around an absent one.
  {
    rule: 'absent',
    name: 'the barber takes the one who is here; the absent one on arrival',
    s: {
      ...L,
      orders: [
        { id: 1, joined: 30, source: 'app', eta: 100 },
        { id: 2, joined: 40, inside: true },
      ],
    },
    want: [
      [1, 40],
      [2, 0],
    ],
  },
  {
    rule: 'absent',
    name: 'arriving while the barber is busy, he waits for him',
    s: {
      ...L,
      orders: [
        { id: 1, joined: 30, source: 'app', eta: 70 },
        { id: 2, joined: 40, inside: true },
      ],
    },
    want: [
      [1, 30],
      [2, 0],
    ],
  },
  {
    rule: 'absent',
    name: 'no barber stands idle for him',
    s: {
      ...L,
      barbers: [{ id: 1 }, { id: 2 }],
      orders: [
        { id: 1, joined: 20, source: 'app', eta: 100 },
        { id: 2, joined: 30, inside: true },
        { id: 3, joined: 40, inside: true },
      ],
    },
    want: [
      [1, 40],
      [2, 0],
      [3, 0],
    ],
  },
  {
    rule: 'absent',
    name: 'nor the barber he chose',
    s: {
      ...L,
      orders: [
        { id: 1, joined: 20, barber: 1, source: 'app', eta: 75 },
        { id: 2, joined: 30, inside: true },
      ],
    },
    want: [
      [1, 30],
      [2, 0],
    ],
  },
  // The absent member is served on arrival ahead of those he outranks who have not started.
  {
    rule: 'member',
    name: 'a Gold who arrives before the barber is free goes first',
    s: {
      ...L,
      barbers: [{ id: 1, free: 80 }],
      orders: [
        { id: 2, joined: 20, inside: true },
        { id: 3, joined: 30, inside: true },
        { id: 1, p: 2, joined: 55, source: 'app', eta: 70 },
      ],
    },
    want: [
      [1, 20],
      [2, 50],
      [3, 80],
    ],
  },
  {
    rule: 'member',
    name: 'one who arrives after the next service started waits for it, then goes ahead of the rest',
    s: {
      ...L,
      barbers: [{ id: 1, free: 80 }],
      orders: [
        { id: 2, joined: 20, inside: true },
        { id: 3, joined: 30, inside: true },
        { id: 1, p: 2, joined: 55, source: 'app', eta: 90 },
      ],
    },
    want: [
      [1, 50],
      [2, 20],
      [3, 80],
    ],
  },
  {
    rule: 'member',
    name: 'but not ahead of an order pinned before he joined',
    s: {
      ...L,
      barbers: [{ id: 1, free: 80 }],
      orders: [
        { id: 2, joined: 20, inside: true, pin: 50 },
        { id: 3, joined: 30, inside: true },
        { id: 1, p: 2, joined: 55, source: 'app', eta: 70 },
      ],
    },
    want: [
      [2, 20],
      [1, 50],
      [3, 80],
    ],
  },
  // Run-over.
  {
    rule: 'run-over',
    name: '2 minutes past his expected end: the learned 6 less 2',
    s: { ...L, barbers: [{ id: 1, free: 58, serving: true }], orders: [{ id: 1, inside: true }] },
    want: [[1, 4]],
  },
  {
    rule: 'run-over',
    name: 'past every learned run-over: a few minutes',
    s: { ...L, barbers: [{ id: 1, free: 50, serving: true }], orders: [{ id: 1, inside: true }] },
    want: [[1, 5]],
  },
  {
    rule: 'run-over',
    name: 'before his expected end nothing changes',
    s: { ...L, barbers: [{ id: 1, free: 70, serving: true }], orders: [{ id: 1, inside: true }] },
    want: [[1, 10]],
  },
  {
    rule: 'run-over',
    name: 'without a service in progress a past free time is now',
    s: { ...L, barbers: [{ id: 1, free: 50 }], orders: [{ id: 1, inside: true }] },
    want: [[1, 0]],
  },
  {
    rule: 'run-over',
    name: 'the idle barber takes the first, the one running over the next',
    s: {
      ...L,
      barbers: [{ id: 1, free: 58, serving: true }, { id: 2 }],
      orders: [
        { id: 1, joined: 1, inside: true },
        { id: 2, joined: 2, inside: true },
      ],
    },
    want: [
      [1, 0],
      [2, 4],
    ],
  },
];

for (const c of cases) {
  test(`floor, ${c.rule}: ${c.name}`, () => {
    assert.equal(waits(c.s), c.want);
  });
}

test('fits: a remote joiner is quoted from his arrival, and those here are served while he travels', () => {
  const s = snap({
    ...L,
    orders: [
      { id: 2, joined: 30, inside: true },
      { id: 3, joined: 40, inside: true },
    ],
  });
  // A Gold on his way for 15 minutes: the barber starts #2 meanwhile, the Gold goes next, ahead of #3.
  const gold = fits(s, { priority: 2, barberId: null, duration: 30, source: 'app', expectedAt: at(75) });
  assert.equal(point(gold), { ok: true, start: at(90), wait: 30, barberId: 1 });
  // In the shop he would go first.
  assert.is(schedule(s).estimates[2].wait_time, 0);
  const here = fits(s, { priority: 2, barberId: null, duration: 30, source: 'app', checkedIn: true });
  assert.equal(point(here), { ok: true, start: at(60), wait: 0, barberId: 1 });
  // Without an arrival given: the learned 10-minute trip, behind #2 again.
  const far = fits(s, { priority: 2, barberId: null, duration: 30, source: 'app' });
  assert.equal(point(far), { ok: true, start: at(90), wait: 30, barberId: 1 });
  // Without a source a proposal is in the shop, as an order from before sources were recorded.
  assert.equal(fits(s, { priority: 2, barberId: null, duration: 30 }), here);
});

test('fits: an arrival that cannot be served before closing is the timeslot refusal', () => {
  const s = snap({ ...L, now: 540 });
  assert.equal(fits(s, { priority: 0, barberId: null, duration: 30, source: 'app', expectedAt: at(580) }), { ok: false });
  assert.is(fits(s, { priority: 0, barberId: null, duration: 30, source: 'app', expectedAt: at(560) }).ok, true);
});

test('members yet to come: lower quotes carry the allowance, the plan does not', () => {
  // 0.6 Platinum joins an hour, 30 minutes each, one barber: they take 30 % of his time. A wait planned at W
  // minutes gains 0.3 × (W − 5) / 0.7 (the last 5 minutes nobody overtakes a pinned order).
  const orders = [
    { id: 1, joined: 30, inside: true },
    { id: 2, joined: 40, inside: true },
  ];
  const plain = schedule(snap({ ...L, orders }));
  const rated = schedule(snap({ learned: { ...PLAIN, joinRate: [0, 0, 0, 0.6] }, orders }));
  assert.equal(
    rated.orders.map((o) => [o.id, o.barberId, o.start]),
    plain.orders.map((o) => [o.id, o.barberId, o.start]),
  );
  assert.equal(rated.due, plain.due);
  assert.equal(
    plain.orders.map((o) => o.wait),
    [0, 30],
  );
  assert.equal(
    rated.orders.map((o) => o.wait),
    [0, 30 + 11],
  );
  assert.equal(
    rated.estimates.map((e) => e.wait_time),
    [60 + 24, 0, 0, 0],
  );
  const s = snap({ learned: { ...PLAIN, joinRate: [0, 0, 0, 0.6] }, orders });
  assert.equal(point(fits(s, { priority: 0, barberId: null, duration: 30 })), { ok: true, start: at(120), wait: 84, barberId: 1 });
  assert.equal(point(fits(s, { priority: 3, barberId: null, duration: 30 })), { ok: true, start: at(60), wait: 0, barberId: 1 });
  // A pinned order is overtaken by nobody: no allowance.
  const pinned = schedule(snap({ learned: { ...PLAIN, joinRate: [0, 0, 0, 0.6] }, orders: [orders[0], { ...orders[1], pin: 45 }] }));
  assert.equal(
    pinned.orders.map((o) => o.wait),
    [0, 30],
  );
  // Without learned figures there is no allowance at all.
  assert.equal(
    schedule(snap({ orders })).estimates.map((e) => e.wait_time),
    [60, 0, 0, 0],
  );
});

test.run();

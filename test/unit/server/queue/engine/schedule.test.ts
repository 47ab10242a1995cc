import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import { at, noWindow, only, point, snap, waits, type O, type S } from './fixtures.ts';

const serviceCases: { name: string; s: S; want: [number, number | null][] }[] = [
  {
    name: 'a Gold who joins later is served before a none',
    s: {
      orders: [
        { id: 1, joined: 50 },
        { id: 2, p: 2, joined: 55 },
      ],
    },
    want: [
      [2, 0],
      [1, 30],
    ],
  },
  {
    name: 'equal priorities in join order',
    s: {
      orders: [
        { id: 1, p: 1, joined: 40 },
        { id: 2, p: 1, joined: 30 },
      ],
    },
    want: [
      [2, 0],
      [1, 30],
    ],
  },
  {
    name: 'equal priority and join time: lower id first',
    s: {
      orders: [
        { id: 9, joined: 30 },
        { id: 4, joined: 30 },
      ],
    },
    want: [
      [4, 0],
      [9, 30],
    ],
  },
  {
    name: 'Platinum, Gold, Silver, none whatever the join order',
    s: {
      orders: [
        { id: 1, p: 0, joined: 1 },
        { id: 2, p: 1, joined: 2 },
        { id: 3, p: 2, joined: 3 },
        { id: 4, p: 3, joined: 4 },
      ],
    },
    want: [
      [4, 0],
      [3, 30],
      [2, 60],
      [1, 90],
    ],
  },
  {
    name: 'a chosen barber waits for that barber, anyone takes the barber free first',
    s: {
      barbers: [
        { id: 1, free: 80 },
        { id: 2, free: 70 },
      ],
      orders: [
        { id: 1, barber: 1, joined: 10 },
        { id: 2, joined: 20 },
      ],
    },
    want: [
      [1, 20],
      [2, 10],
    ],
  },
  {
    name: 'speed 1.2 makes a 30-minute service last 36 minutes',
    s: {
      barbers: [{ id: 1, speed: 1.2 }],
      orders: [
        { id: 1, joined: 1 },
        { id: 2, joined: 2 },
      ],
    },
    want: [
      [1, 0],
      [2, 36],
    ],
  },
  {
    name: 'speed 0.5 halves it',
    s: {
      barbers: [{ id: 1, speed: 0.5 }],
      orders: [
        { id: 1, joined: 1 },
        { id: 2, joined: 2 },
      ],
    },
    want: [
      [1, 0],
      [2, 15],
    ],
  },
  {
    name: "an order that would overrun closing is unservable and takes nobody's time",
    s: {
      now: 570,
      orders: [
        { id: 1, joined: 1, dur: 31 },
        { id: 2, joined: 2, dur: 30 },
      ],
    },
    want: [
      [1, null],
      [2, 0],
    ],
  },
  {
    name: 'a service never spans two shift windows: it waits for the next one',
    s: {
      now: 225,
      barbers: [
        {
          id: 1,
          shifts: [
            [0, 240],
            [300, 600],
          ],
        },
      ],
      orders: [{ id: 1, dur: 30 }],
    },
    want: [[1, 75]],
  },
  {
    name: 'an order longer than any remaining window is unservable',
    s: {
      orders: [
        { id: 1, joined: 1, dur: 700 },
        { id: 2, joined: 2 },
      ],
    },
    want: [
      [1, null],
      [2, 0],
    ],
  },
  {
    name: "a chosen barber off shift or unknown makes the order unservable, not anyone else's",
    s: {
      barbers: [{ id: 1, shifts: [[0, 60]] }, { id: 2 }],
      orders: [
        { id: 1, barber: 1, joined: 1 },
        { id: 2, barber: 7, joined: 2 },
        { id: 3, joined: 3 },
      ],
    },
    want: [
      [1, null],
      [2, null],
      [3, 0],
    ],
  },
  {
    name: 'before opening the first start is the opening time',
    s: { now: -30, orders: [{ id: 1, joined: -40 }] },
    want: [[1, 30]],
  },
  {
    name: 'guard: a pinned order is not pushed back by a Platinum joiner',
    s: {
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 50, inside: true, pin: true },
        { id: 2, p: 3, joined: 55 },
      ],
    },
    want: [
      [1, 3],
      [2, 33],
    ],
  },
  {
    name: 'guard: an unpinned checked-in order due in 3 min is overtaken by a Platinum who joined before the pin',
    s: {
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 50, inside: true },
        { id: 2, p: 3, joined: 55 },
      ],
    },
    want: [
      [2, 3],
      [1, 33],
    ],
  },
  {
    name: 'guard: the same order not checked in is pushed back',
    s: {
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 50 },
        { id: 2, p: 3, joined: 55 },
      ],
    },
    want: [
      [2, 3],
      [1, 33],
    ],
  },
  {
    name: 'guard: a pin is a fact, it holds even when the start has slipped past the window',
    s: {
      barbers: [{ id: 1, free: 80 }],
      orders: [
        { id: 1, joined: 50, inside: true, pin: true },
        { id: 2, p: 3, joined: 55 },
      ],
    },
    want: [
      [1, 20],
      [2, 50],
    ],
  },
  {
    name: 'guard: a Platinum who joined earlier is no later joiner, so goes first',
    s: {
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 50, inside: true, pin: true },
        { id: 2, p: 3, joined: 45 },
      ],
    },
    want: [
      [2, 3],
      [1, 33],
    ],
  },
  {
    name: 'guard: a pinned order moves ahead of an unpinned one a Platinum bumps',
    s: {
      orders: [
        { id: 1, joined: 40, dur: 2 },
        { id: 2, joined: 45, inside: true, pin: true },
        { id: 3, p: 3, joined: 50 },
      ],
    },
    want: [
      [2, 0],
      [3, 30],
      [1, 60],
    ],
  },
  {
    name: 'guard: without a later higher joiner a pinned order keeps its place behind an earlier equal',
    s: {
      orders: [
        { id: 1, joined: 40 },
        { id: 2, joined: 45, inside: true, pin: true },
        { id: 3, joined: 50 },
      ],
    },
    want: [
      [1, 0],
      [2, 30],
      [3, 60],
    ],
  },
  {
    name: 'guard: pinned orders keep their join order whatever their priority',
    s: {
      orders: [
        { id: 1, joined: 40, inside: true, pin: true },
        { id: 2, p: 2, joined: 45, inside: true, pin: true },
      ],
    },
    want: [
      [1, 0],
      [2, 30],
    ],
  },
  {
    name: 'guard: a pinned non-member stays behind an earlier Gold and ahead of a later one',
    s: {
      orders: [
        { id: 1, p: 2, joined: 40 },
        { id: 2, joined: 45, inside: true, pin: true },
        { id: 3, p: 2, joined: 50 },
      ],
    },
    want: [
      [1, 0],
      [2, 30],
      [3, 60],
    ],
  },
  {
    name: 'guard: a member who overtook an order before it was pinned keeps its place',
    s: {
      barbers: [{ id: 1 }, { id: 2, free: 62 }],
      orders: [
        { id: 1, joined: 10, inside: true, pin: 58 },
        { id: 2, p: 1, joined: 20 },
      ],
    },
    want: [
      [2, 0],
      [1, 2],
    ],
  },
  {
    name: 'guard: a pin without a time shields the order from everyone who joined after it',
    s: {
      barbers: [{ id: 1 }, { id: 2, free: 62 }],
      orders: [
        { id: 1, joined: 10, inside: true, pin: true },
        { id: 2, p: 1, joined: 20 },
      ],
    },
    want: [
      [1, 0],
      [2, 2],
    ],
  },
  {
    name: 'guard: a pin shields the order from a joiner at the moment it was pinned',
    s: {
      orders: [
        { id: 1, joined: 10, inside: true, pin: 58 },
        { id: 2, p: 3, joined: 58 },
      ],
    },
    want: [
      [1, 0],
      [2, 30],
    ],
  },
  {
    name: 'guard: but not from a Platinum who joined a minute before the pin',
    s: {
      orders: [
        { id: 1, joined: 10, inside: true, pin: 58 },
        { id: 2, p: 3, joined: 57 },
      ],
    },
    want: [
      [2, 0],
      [1, 30],
    ],
  },
  {
    name: 'guard: a Platinum after the pin goes behind the pinned order, and still ahead of the unpinned Silver',
    s: {
      orders: [
        { id: 1, joined: 10, inside: true, pin: 58 },
        { id: 2, p: 1, joined: 20 },
        { id: 3, p: 3, joined: 59 },
      ],
    },
    want: [
      [1, 0],
      [3, 30],
      [2, 60],
    ],
  },
  {
    name: 'guard: a Platinum after both pins goes behind the pinned order and the pinned Silver ahead of it',
    s: {
      orders: [
        { id: 1, joined: 10, inside: true, pin: 58 },
        { id: 2, p: 1, joined: 20, inside: true, pin: 55 },
        { id: 3, p: 3, joined: 59 },
      ],
    },
    want: [
      [2, 0],
      [1, 30],
      [3, 60],
    ],
  },
];

for (const c of serviceCases) {
  test(`service order: ${c.name}`, () => {
    assert.equal(waits(c.s), c.want);
  });
}

test('barber choice: ties go to the lower id, and speeds scale per barber', () => {
  const s = {
    barbers: [{ id: 2 }, { id: 1, speed: 2 }],
    orders: [
      { id: 1, joined: 1 },
      { id: 2, joined: 2 },
    ],
  };
  const rows = schedule(snap(s)).orders;
  assert.equal(
    rows.map((r) => [r.id, r.barberId, r.wait]),
    [
      [1, 1, 0],
      [2, 2, 0],
    ],
  );
  // Barber 1 (speed 2) is busy 60 min, barber 2 free: a probe choosing barber 1 waits an hour.
  const q = schedule(snap(s)).barbers;
  assert.equal(
    q.map((b) => [b.id, b.wait_time]),
    [
      [2, 30],
      [1, 60],
    ],
  );
});

test('position counts only the servable orders ahead', () => {
  const s = {
    now: 540,
    orders: [
      { id: 1, joined: 1, dur: 90 },
      { id: 2, joined: 2 },
      { id: 3, joined: 3 },
    ],
  };
  const rows = schedule(snap(s)).orders;
  assert.equal(
    rows.map((r) => [r.id, r.position, r.barberId]),
    [
      [1, 0, null],
      [2, 0, 1],
      [3, 1, 1],
    ],
  );
});

test('fits: closing and shift limits give the timeslot refusal', () => {
  const closing = snap({ now: 570 });
  const exact = fits(closing, { priority: 0, barberId: null, duration: 30 });
  assert.equal(point(exact), { ok: true, start: at(570), wait: 0, barberId: 1 });
  assert.equal(fits(closing, { priority: 3, barberId: null, duration: 31 }), { ok: false });
  assert.equal(fits(snap({ hours: null }), { priority: 0, barberId: null, duration: 10 }), { ok: false });
  const offShift = snap({ barbers: [{ id: 1, shifts: [[0, 60]] }, { id: 2 }] });
  assert.equal(fits(offShift, { priority: 0, barberId: 1, duration: 10 }), { ok: false });
  const anyone = fits(offShift, { priority: 0, barberId: null, duration: 10 });
  assert.equal(point(anyone), { ok: true, start: at(60), wait: 0, barberId: 2 });
});

test('fits: a Platinum joiner queues behind a pinned order but ahead of an unpinned one', () => {
  const pinned = snap({ barbers: [{ id: 1, free: 63 }], orders: [{ id: 1, joined: 50, inside: true, pin: true }] });
  // Checked in and due, but not pinned yet: the engine does not pin on its own, the caller records `due`.
  const unpinned = snap({ barbers: [{ id: 1, free: 63 }], orders: [{ id: 1, joined: 50, inside: true }] });
  const platinum = { priority: 3, barberId: null, duration: 30 };
  assert.equal(point(fits(pinned, platinum)), { ok: true, start: at(93), wait: 33, barberId: 1 });
  assert.equal(point(fits(unpinned, platinum)), { ok: true, start: at(63), wait: 3, barberId: 1 });
});

test('fits: a proposal with an earlier join time goes ahead of later joiners of its priority', () => {
  const s = snap({ orders: [{ id: 1, joined: 50 }] });
  const r = fits(s, { priority: 0, barberId: null, duration: 20, joinedAt: at(40) });
  assert.equal(point(r), { ok: true, start: at(60), wait: 0, barberId: 1 });
});

test('estimates: each priority queues behind equal or higher, ahead of lower', () => {
  const s = snap({
    orders: [
      { id: 1, p: 2, joined: 1 },
      { id: 2, p: 0, joined: 2 },
    ],
  });
  const r = schedule(s);
  assert.equal(noWindow(r.estimates), [
    { priority: 0, wait_time: 60 },
    { priority: 1, wait_time: 30 },
    { priority: 2, wait_time: 30 },
    { priority: 3, wait_time: 0 },
  ]);
  // An estimate is what a join of that priority would really get.
  const joined = fits(s, { priority: 1, barberId: null, duration: 30 });
  assert.equal(joined.ok && joined.wait, 30);
});

test('estimates: a pinned order holds even against Platinum; probe length decides what fits', () => {
  const pinned = snap({ barbers: [{ id: 1, free: 62 }], orders: [{ id: 1, joined: 1, inside: true, pin: true }] });
  assert.equal(schedule(pinned).estimates[3].wait_time, 32);
  assert.equal(schedule(snap({ barbers: [{ id: 1, free: 62 }], orders: [{ id: 1, joined: 1, inside: true }] })).estimates[3].wait_time, 2);
  const late = snap({ now: 580 });
  assert.equal(schedule(late).estimates[0].wait_time, null);
  assert.equal(schedule(late, { probeMinutes: 15 }).estimates[0].wait_time, 0);
});

test('per-barber queues and shortest', () => {
  const s = snap({
    barbers: [{ id: 1, free: 100 }, { id: 2 }, { id: 3, shifts: [[0, 30]] }],
    orders: [{ id: 1, joined: 1 }],
  });
  const r = schedule(s);
  assert.equal(noWindow(r.barbers.map(({ byPriority: _, ...q }) => q)), [
    { id: 1, wait_time: 40, queue_open: true },
    { id: 2, wait_time: 30, queue_open: true },
    { id: 3, wait_time: null, queue_open: false },
  ]);
  assert.is(r.shortest, 30);
  // The same probe for each priority: priority 0's is the spec's; a member goes ahead of the one-time customer waiting.
  for (const q of r.barbers) assert.equal(q.byPriority[0], { priority: 0, wait_time: q.wait_time, low: q.low, high: q.high });
  assert.equal(
    r.barbers.map((q) => q.byPriority.map((e) => e.wait_time)),
    [
      [40, 40, 40, 40],
      [30, 0, 0, 0],
      [null, null, null, null],
    ],
  );
  assert.is(schedule(snap({ barbers: [{ id: 3, shifts: [[0, 30]] }] })).shortest, null);
});

test('estimates with pinned orders: each is what a join of that priority would really get', () => {
  const s = snap({
    barbers: [
      { id: 1, free: 70 },
      { id: 2, free: 65 },
    ],
    orders: [
      { id: 1, p: 1, joined: 10 },
      { id: 2, joined: 20, inside: true, pin: true, dur: 20 },
      { id: 3, p: 2, joined: 30, dur: 45 },
      { id: 4, joined: 40, inside: true, pin: true, dur: 15 },
      { id: 5, p: 3, joined: 50 },
      { id: 6, joined: 55 },
    ],
  });
  const est = schedule(s).estimates;
  for (const priority of [0, 1, 2, 3]) {
    const f = fits(s, { priority, barberId: null, duration: 30 });
    assert.is(f.ok && f.wait, est[priority].wait_time, `priority ${priority}`);
  }
});

test('due: a checked-in order starting within 5 minutes in the full schedule is listed, once', () => {
  const due = (o: O, free = 63) => schedule(snap({ barbers: [{ id: 1, free }], orders: [o] })).due;
  assert.equal(due({ id: 7, inside: true }), [7]);
  assert.equal(due({ id: 7, inside: true }, 65), [7], 'exactly 5 minutes is due');
  assert.equal(due({ id: 7, inside: true }, 66), [], '6 minutes is not');
  assert.equal(due({ id: 7 }), [], 'not checked in');
  assert.equal(due({ id: 7, inside: true, pin: true }), [], 'already pinned');
  assert.equal(due({ id: 7, inside: true, dur: 700 }), [], 'unservable today');
  assert.equal(schedule(snap({})).due, []);
});

test('due: judged on the full schedule, so an order behind a member who joined later is not due', () => {
  const s = snap({
    barbers: [{ id: 1, free: 63 }],
    orders: [
      { id: 1, joined: 50, inside: true },
      { id: 2, p: 1, joined: 55, inside: true },
    ],
  });
  const r = schedule(s);
  assert.equal(
    r.orders.map((o) => [o.id, o.wait]),
    [
      [2, 3],
      [1, 33],
    ],
  );
  assert.equal(r.due, [2]);
});

test('regression: a checked-in non-member behind a later Silver is not moved back ahead when its partial-queue start nears', () => {
  // One barber busy until 40. A non-member (checked in) joined at 10; a Silver joins at 20 and is quoted 20 min,
  // first in line. The old guard, judging "due" as if the Silver did not exist, flipped the order at 36 (the
  // non-member would start at 40 without the Silver) and the Silver then waited 50 min.
  const barbers = [{ id: 1, free: 40 }];
  const nonMember: O = { id: 1, joined: 10, inside: true };
  const quote = fits(snap({ now: 20, barbers, orders: [nonMember] }), { priority: 1, barberId: null, duration: 30 });
  assert.equal(point(quote), { ok: true, start: at(40), wait: 20, barberId: 1 });
  const orders: O[] = [nonMember, { id: 2, p: 1, joined: 20 }];
  // Every minute the server recalculates and records the orders in `due` as pinned.
  for (let now = 20; now <= 39; now++) {
    const r = schedule(snap({ now, barbers, orders }));
    assert.equal(
      r.orders.map((o) => o.id),
      [2, 1],
      `order at ${now}`,
    );
    assert.is(only(r.orders, (o) => o.id === 2).start, at(40), `Silver's start at ${now}`);
    assert.equal(r.due, [], `nothing due at ${now}`);
  }
  // The barber takes the Silver at 40 (until 70); the non-member becomes due at 65 and is pinned from then on.
  const later = (now: number, more: O[] = []) => schedule(snap({ now, barbers: [{ id: 1, free: 70 }], orders: [nonMember, ...more] }));
  assert.equal(later(64).due, []);
  assert.equal(later(65).due, [1]);
  // Pinned, a Platinum joining at 66 does not push it back; unpinned it would have.
  const pinned = later(66, [{ id: 3, p: 3, joined: 66 }]);
  assert.equal(
    pinned.orders.map((o) => o.id),
    [3, 1],
    'not recorded: overtaken',
  );
  const recorded = schedule(
    snap({
      now: 66,
      barbers: [{ id: 1, free: 70 }],
      orders: [
        { ...nonMember, pin: 65 },
        { id: 3, p: 3, joined: 66 },
      ],
    }),
  );
  assert.equal(
    recorded.orders.map((o) => [o.id, o.wait]),
    [
      [1, 4],
      [3, 34],
    ],
  );
});

test.run();

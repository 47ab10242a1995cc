import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildSnapshot,
  onShiftNow,
  serviceEnd,
  todaysHours,
  plannedShifts,
  type ShopQueueInput,
} from '../../../../src/server/queue/snapshot.ts';
import { fits, schedule } from '../../../../src/server/queue/engine/schedule.ts';
import type { HoursRow, OpenOrderRow } from '../../../../src/server/repos/shops.ts';
import type { ShopShiftRow } from '../../../../src/server/repos/employees.ts';

const MIN = 60_000;
const HEL = 'Europe/Helsinki';
const utc = (iso: string) => Date.parse(iso);
// Tuesday 2026-11-24, 12:00 in Helsinki (UTC+2).
const NOW = utc('2026-11-24T10:00:00Z');

const week = (opens: string, closes: string, days = [1, 2, 3, 4, 5, 6, 7]): HoursRow[] =>
  days.map((weekday) => ({ shopId: 1, weekday, opens, closes }));

function shift(barberId: number, start: string, end: string, speed = 1): ShopShiftRow {
  return {
    id: barberId * 10,
    barberId,
    shopId: 1,
    start: utc(start),
    end: utc(end),
    firstname: 'B',
    lastname: String(barberId),
    image: null,
    avatar: null,
    avatarActive: false,
    speed,
    hidden: false,
  };
}

function order(o: Partial<OpenOrderRow> & { id: number }): OpenOrderRow {
  return {
    shopId: 1,
    status: 'active',
    priority: 0,
    joinedAt: NOW - 10 * MIN,
    startedAt: null,
    chosenBarberId: null,
    barberId: null,
    duration: 30,
    checkedIn: false,
    ...o,
  };
}

function input(over: Partial<ShopQueueInput> = {}): ShopQueueInput {
  return { now: NOW, timezone: HEL, hours: week('09:00', '20:00'), shifts: [], orders: [], full: false, ...over };
}

const hours = suite('todaysHours');
hours("today's local hours as instants", () => {
  assert.equal(todaysHours(week('09:00', '20:00'), HEL, NOW), { open: utc('2026-11-24T07:00:00Z'), close: utc('2026-11-24T18:00:00Z') });
  // Stockholm is an hour behind Helsinki: the same wall-clock hours are an hour later in UTC.
  assert.equal(todaysHours(week('09:00', '20:00'), 'Europe/Stockholm', NOW), {
    open: utc('2026-11-24T08:00:00Z'),
    close: utc('2026-11-24T19:00:00Z'),
  });
});
hours('a weekday without a row is a closed day', () => {
  assert.is(todaysHours(week('09:00', '20:00', [1, 3, 4, 5, 6]), HEL, NOW), null);
  assert.is(todaysHours([], HEL, NOW), null);
});
hours('the weekday is the local one: just after midnight in Helsinki it is already Wednesday', () => {
  const late = utc('2026-11-24T22:30:00Z');
  const rows = [...week('10:00', '18:00', [2]), ...week('12:00', '16:00', [3])];
  assert.equal(todaysHours(rows, HEL, late), { open: utc('2026-11-25T10:00:00Z'), close: utc('2026-11-25T14:00:00Z') });
  assert.equal(todaysHours(rows, 'Europe/Oslo', late), { open: utc('2026-11-24T09:00:00Z'), close: utc('2026-11-24T17:00:00Z') });
});
hours('on the spring-forward Sunday the hours shift by the new offset', () => {
  const sunday = utc('2026-03-29T10:00:00Z');
  assert.equal(todaysHours(week('12:00', '17:00', [7]), HEL, sunday), {
    open: utc('2026-03-29T09:00:00Z'),
    close: utc('2026-03-29T14:00:00Z'),
  });
});

hours('a round-the-clock shop stays open across midnight, until the first day that closes earlier', () => {
  // Tuesday 12:00 Helsinki; open 00:00–24:00 Monday to Thursday, Friday 00:00–20:00.
  const rows = [...week('00:00', '24:00', [1, 2, 3, 4]), ...week('00:00', '20:00', [5])];
  assert.equal(todaysHours(rows, HEL, NOW), { open: utc('2026-11-23T22:00:00Z'), close: utc('2026-11-27T18:00:00Z') });
  // A shop that closes at midnight but opens late the next day closes at midnight.
  const late = [...week('10:00', '24:00', [2]), ...week('10:00', '20:00', [3])];
  assert.equal(todaysHours(late, HEL, NOW), { open: utc('2026-11-24T08:00:00Z'), close: utc('2026-11-24T22:00:00Z') });
});

hours.run();

const shifts = suite('plannedShifts and onShiftNow');
shifts("keeps only shifts touching the shop's local today", () => {
  const rows = [
    shift(1, '2026-11-23T07:00:00Z', '2026-11-23T15:00:00Z'), // yesterday
    shift(2, '2026-11-24T07:00:00Z', '2026-11-24T15:00:00Z'), // today
    shift(3, '2026-11-23T21:00:00Z', '2026-11-24T02:00:00Z'), // crosses local midnight into today
    shift(4, '2026-11-24T22:00:00Z', '2026-11-25T06:00:00Z'), // tomorrow local
  ];
  assert.equal(
    plannedShifts(rows, HEL, NOW, null).map((s) => s.barberId),
    [2, 3],
  );
});
shifts('counts distinct barbers whose window contains now', () => {
  const rows = [
    shift(1, '2026-11-24T07:00:00Z', '2026-11-24T15:00:00Z'),
    shift(1, '2026-11-24T16:00:00Z', '2026-11-24T18:00:00Z'),
    shift(2, '2026-11-24T10:00:00Z', '2026-11-24T18:00:00Z'), // starts exactly now: on shift
    shift(3, '2026-11-24T06:00:00Z', '2026-11-24T10:00:00Z'), // ends exactly now: gone
    shift(4, '2026-11-24T11:00:00Z', '2026-11-24T18:00:00Z'),
  ];
  assert.is(onShiftNow(rows, NOW), 2);
});
shifts.run();

const build = suite('buildSnapshot');
build('barbers on shift today with their windows, idle ones free now', () => {
  const s = buildSnapshot(
    input({
      shifts: [
        shift(2, '2026-11-24T07:00:00Z', '2026-11-24T11:00:00Z', 1.2),
        shift(1, '2026-11-24T11:00:00Z', '2026-11-24T18:00:00Z'),
        shift(2, '2026-11-24T13:00:00Z', '2026-11-24T18:00:00Z', 1.2),
        shift(3, '2026-11-25T07:00:00Z', '2026-11-25T15:00:00Z'),
      ],
    }),
  );
  assert.equal(s.barbers, [
    { id: 1, shifts: [{ start: utc('2026-11-24T11:00:00Z'), end: utc('2026-11-24T18:00:00Z') }], freeAt: NOW, speed: 1 },
    {
      id: 2,
      shifts: [
        { start: utc('2026-11-24T07:00:00Z'), end: utc('2026-11-24T11:00:00Z') },
        { start: utc('2026-11-24T13:00:00Z'), end: utc('2026-11-24T18:00:00Z') },
      ],
      freeAt: NOW,
      speed: 1.2,
    },
  ]);
  assert.equal(s.hours, { open: utc('2026-11-24T07:00:00Z'), close: utc('2026-11-24T18:00:00Z') });
  assert.is(s.now, NOW);
  assert.is(s.full, false);
});
build('a barber in service is free when the listed duration scaled by their speed has passed', () => {
  const s = buildSnapshot(
    input({
      shifts: [shift(1, '2026-11-24T07:00:00Z', '2026-11-24T15:00:00Z', 1.5)],
      orders: [order({ id: 7, status: 'in_service', barberId: 1, duration: 20, startedAt: NOW - 10 * MIN })],
    }),
  );
  assert.is(s.barbers[0].freeAt, NOW + 20 * MIN);
  assert.is(s.orders.length, 0, 'an order in service is not waiting');
  assert.is(serviceEnd({ startedAt: null, joinedAt: NOW, duration: 30 }, 1), NOW + 30 * MIN);
});
build('waiting orders carry priority, join time, chosen barber, duration and check-in', () => {
  const s = buildSnapshot(
    input({
      shifts: [shift(1, '2026-11-24T07:00:00Z', '2026-11-24T15:00:00Z')],
      orders: [
        order({ id: 3, priority: 2, chosenBarberId: 1, duration: 45, checkedIn: true, joinedAt: NOW - 5 * MIN }),
        // In service with a barber not on shift here today: no barber to make busy, and not a waiting order.
        order({ id: 4, status: 'in_service', barberId: 9, startedAt: NOW - MIN }),
      ],
      full: true,
    }),
  );
  assert.equal(s.orders, [{ id: 3, priority: 2, joinedAt: NOW - 5 * MIN, barberId: 1, duration: 45, checkedIn: true, pinned: false }]);
  assert.is(s.barbers[0].freeAt, NOW);
  assert.is(s.full, true);
});
build('an order pinned by the no-bump guard is carried as pinned, one without a pin time is not', () => {
  const s = buildSnapshot(
    input({
      orders: [order({ id: 1, checkedIn: true, pinnedAt: NOW - MIN }), order({ id: 2, checkedIn: true, pinnedAt: null }), order({ id: 3 })],
    }),
  );
  assert.equal(
    s.orders.map((o) => [o.id, o.pinned, o.pinnedAt]),
    [
      [1, true, NOW - MIN],
      [2, false, undefined],
      [3, false, undefined],
    ],
  );
});
build('the engine on a built snapshot: waits follow from the service in progress and the queue', () => {
  const base = input({
    shifts: [shift(1, '2026-11-24T07:00:00Z', '2026-11-24T15:00:00Z')],
    orders: [order({ id: 1, status: 'in_service', barberId: 1, duration: 30, startedAt: NOW - 20 * MIN })],
  });
  assert.is(schedule(buildSnapshot(base)).estimates[0].wait_time, 10);
  const queued = schedule(buildSnapshot({ ...base, orders: [...base.orders, order({ id: 2, duration: 30 })] }));
  assert.is(queued.estimates[0].wait_time, 40);
  assert.is(queued.queueState, 'open');
  const closed = schedule(buildSnapshot({ ...base, hours: week('09:00', '20:00', [1]) }));
  assert.is(closed.queueState, 'closed');
  assert.is(closed.open, false);
});
build('a round-the-clock shop late at night: the night shift takes what does not end by midnight', () => {
  // Tuesday 23:40 Helsinki, open round the clock: barber 1 works to midnight, barber 2 from midnight, barber 3
  // from 08:00 tomorrow (an opening that runs on: planned with), barber 4 the day after (beyond tomorrow's close).
  const late = utc('2026-11-24T21:40:00Z');
  const s = buildSnapshot(
    input({
      now: late,
      hours: [...week('00:00', '24:00', [2, 3]), ...week('00:00', '20:00', [4])],
      shifts: [
        shift(1, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'),
        shift(2, '2026-11-24T22:00:00Z', '2026-11-25T06:00:00Z'),
        shift(3, '2026-11-25T06:00:00Z', '2026-11-25T14:00:00Z'),
        shift(4, '2026-11-26T19:00:00Z', '2026-11-26T21:00:00Z'),
      ],
    }),
  );
  assert.equal(
    s.barbers.map((b) => b.id),
    [1, 2, 3],
  );
  const hour = fits(s, { priority: 0, barberId: null, duration: 60 });
  assert.ok(hour.ok, 'an hour-long order fits after midnight');
  if (hour.ok) assert.is(hour.barberId, 2);
  // At noon the same roster plans with today's barbers alone: the night shift is not "on shift today" yet.
  assert.equal(
    buildSnapshot(
      input({
        hours: week('00:00', '24:00'),
        shifts: [shift(1, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'), shift(2, '2026-11-24T22:00:00Z', '2026-11-25T06:00:00Z')],
      }),
    ).barbers.map((b) => b.id),
    [1],
  );
  // One barber on from 16:00 to midnight and on again from midnight to 08:00 works one window, not two.
  const same = buildSnapshot(
    input({
      now: late,
      hours: week('00:00', '24:00'),
      shifts: [shift(1, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'), shift(1, '2026-11-24T22:00:00Z', '2026-11-25T06:00:00Z')],
    }),
  );
  assert.equal(same.barbers[0].shifts, [{ start: utc('2026-11-24T14:00:00Z'), end: utc('2026-11-25T06:00:00Z') }]);
  const across = fits(same, { priority: 0, barberId: 1, duration: 45 });
  assert.ok(across.ok && across.wait === 0, 'his own barber serves him at once, across midnight');
  // A shop that closes at midnight plans with today's shifts alone: nothing that ends after it fits.
  const closing = buildSnapshot(
    input({
      now: late,
      hours: week('10:00', '24:00'),
      shifts: [shift(1, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'), shift(2, '2026-11-25T08:00:00Z', '2026-11-25T16:00:00Z')],
    }),
  );
  assert.equal(
    closing.barbers.map((b) => b.id),
    [1],
  );
  assert.not.ok(fits(closing, { priority: 0, barberId: null, duration: 30 }).ok);
});

build("a party waits as one at its customer's priority, unless it stepped out or one of it was marked a no-show", () => {
  const gold = [
    order({ id: 5, priority: 2, checkedIn: true }),
    order({ id: 6, partyOf: 5, checkedIn: true }),
    order({ id: 7, partyOf: 5, checkedIn: true }),
  ];
  const alone = order({ id: 8, checkedIn: true });
  const people = (rows: OpenOrderRow[]) => buildSnapshot(input({ orders: rows })).orders.map((o) => [o.id, o.priority, o.party ?? null]);
  assert.equal(people([...gold, alone]), [
    [5, 2, 5],
    [6, 2, 5],
    [7, 2, 5],
    [8, 0, null],
  ]);
  // The customer in the chair already: his companions still wait at his priority.
  assert.equal(people([{ ...gold[0], status: 'in_service', barberId: 1 }, gold[1], gold[2]]), [
    [6, 2, 5],
    [7, 2, 5],
  ]);
  const out = NOW + 10 * MIN;
  assert.equal(people(gold.map((o) => ({ ...o, steppedOutUntil: out }))), [
    [5, 2, null],
    [6, 0, null],
    [7, 0, null],
  ]);
  assert.equal(people(gold.slice(0, 2).map((o) => ({ ...o, partyBroken: true }))), [
    [5, 2, null],
    [6, 0, null],
  ]);
});

build.run();

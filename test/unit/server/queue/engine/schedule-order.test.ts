import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { EngineOrder } from '../../../../../src/server/queue/engine/types.ts';
import { only, snap, type O, type S } from './fixtures.ts';

// The service order is defined as admitting joiners one by one: each goes behind every order pinned before it
// joined and every one of equal or higher priority, ahead of the others. Written out plainly here and checked
// against the engine on random queues.
function admitted(orders: EngineOrder[]): number[] {
  let list: EngineOrder[] = [];
  for (const x of [...orders].sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id)) {
    const pinnedBefore = (o: EngineOrder) => (o.pinned === true || o.pinnedAt !== undefined) && (o.pinnedAt ?? -Infinity) <= x.joinedAt;
    const stays = (o: EngineOrder) => pinnedBefore(o) || o.priority >= x.priority;
    list = [...list.filter(stays), x, ...list.filter((o) => !stays(o))];
  }
  return list.map((o) => o.id);
}

test('service order equals the one-by-one admission, and estimates equal fits, on random queues with pins', () => {
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  for (let k = 0; k < 500; k++) {
    const orders: O[] = Array.from({ length: 1 + rnd(14) }, (_, i) => ({
      id: i + 1,
      p: [0, 0, 0, 1, 2, 3][rnd(6)],
      joined: rnd(40), // ties on purpose: equal join times break on id
      inside: true,
      // No pin, a pin without a time, or a pin at a minute (before or after joining, ties included).
      pin: [false, false, true, rnd(50)][rnd(4)],
      dur: 5,
    }));
    const s = snap({ now: 40, barbers: [{ id: 1 }, { id: 2 }], orders });
    const r = schedule(s);
    assert.equal(
      r.orders.map((o) => o.id),
      admitted(s.orders),
      JSON.stringify(orders),
    );
    const priority = rnd(4);
    const f = fits(s, { priority, barberId: null, duration: 30 });
    assert.is(f.ok ? f.wait : null, r.estimates[priority].wait_time, JSON.stringify(orders));
  }
});

type ShopState = { open: boolean; closingSoon: boolean; queueState: string };
const stateCases: { name: string; s: S; want: ShopState }[] = [
  { name: 'closed day', s: { hours: null }, want: { open: false, closingSoon: false, queueState: 'closed' } },
  { name: 'before opening', s: { now: -10 }, want: { open: false, closingSoon: false, queueState: 'closed' } },
  { name: 'at closing time', s: { now: 600 }, want: { open: false, closingSoon: false, queueState: 'closed' } },
  { name: 'mid-day', s: {}, want: { open: true, closingSoon: false, queueState: 'open' } },
  { name: '31 min before close', s: { now: 569 }, want: { open: true, closingSoon: false, queueState: 'open' } },
  { name: '30 min before close', s: { now: 570 }, want: { open: true, closingSoon: true, queueState: 'open' } },
  // The typical 30-minute service no longer fits, so the queue is full though the shop is open.
  { name: '20 min before close', s: { now: 580 }, want: { open: true, closingSoon: true, queueState: 'full' } },
  { name: 'operator switched to full', s: { full: true }, want: { open: true, closingSoon: false, queueState: 'full' } },
  { name: 'no barbers at all', s: { barbers: [] }, want: { open: true, closingSoon: false, queueState: 'full' } },
  {
    name: 'every shift over',
    s: { barbers: [{ id: 1, shifts: [[0, 50]] }] },
    want: { open: true, closingSoon: false, queueState: 'full' },
  },
];

for (const c of stateCases) {
  test(`shop state: ${c.name}`, () => {
    const { open, closingSoon, queueState } = schedule(snap(c.s));
    assert.equal({ open, closingSoon, queueState }, c.want);
  });
}

test('empty shop: no orders, no barbers, closed day', () => {
  const r = schedule(snap({ hours: null, barbers: [], orders: [] }));
  assert.equal(r.orders, []);
  assert.equal(r.barbers, []);
  assert.is(r.shortest, null);
  assert.ok(r.estimates.every((e) => e.wait_time === null));
});

// est: the estimate for a new customer, who queues behind this 30-minute order.
const waitCases: { name: string; now: number; free: number; want: number; est: number }[] = [
  { name: 'a minute and a half rounds up to 2', now: 60.5, free: 62, want: 2, est: 32 },
  { name: 'exactly one minute is 1', now: 60, free: 61, want: 1, est: 31 },
  { name: 'fifteen seconds is 1', now: 60, free: 60.25, want: 1, est: 31 },
  { name: 'a barber free in the past gives 0, never negative', now: 60.5, free: 10, want: 0, est: 30 },
];

for (const c of waitCases) {
  test(`wait: ${c.name}`, () => {
    const r = schedule(snap({ now: c.now, barbers: [{ id: 1, free: c.free }], orders: [{ id: 1 }] }));
    assert.is(r.orders[0].wait, c.want);
    assert.is(r.estimates[0].wait_time, c.est);
  });
}

test('pure: the snapshot is not changed and the answer repeats', () => {
  const s = snap({
    orders: [
      { id: 2, joined: 9 },
      { id: 1, p: 3, joined: 10, inside: true },
    ],
  });
  const before = JSON.stringify(s);
  assert.equal(schedule(s), schedule(s));
  assert.is(JSON.stringify(s), before);
  assert.equal(only(schedule(s).orders, (o) => o.id === 1).position, 0);
});

test.run();

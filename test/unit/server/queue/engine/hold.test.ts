import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { HoldRule, Schedule, Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { NOW, PLAIN, at, snap, type S } from './fixtures.ts';

// A turn held for one on his way (docs/decisions.md): a barber free with nobody ahead present keeps the turn of
// one due within `ahead` minutes; he serves the first one here behind him meanwhile only if that ends by the
// arrival plus `grace`. The tables' times are minutes after 08:00; now is 09:00 (minute 60).
const HOLD: HoldRule = { ahead: 10, grace: 5 };

function held(s: S, hold: HoldRule | null = HOLD): Snapshot {
  return { ...snap({ learned: PLAIN, ...s }), ...(hold && { hold }) };
}

/** id → start in minutes of the table, in service order. */
function starts(s: Snapshot): [number, number | null][] {
  return schedule(s).orders.map((o) => [o.id, o.start === null ? null : (o.start - at(0)) / 60_000]);
}

test('held: a barber waits for one due in 5 minutes rather than start a 30-minute service behind him', () => {
  const s: S = {
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65 },
      { id: 2, joined: 50, inside: true },
    ],
  };
  // Without the rule, the one here is served and the one on his way waits for the barber.
  assert.equal(starts(held(s, null)), [
    [1, 90],
    [2, 60],
  ]);
  assert.equal(starts(held(s)), [
    [1, 65],
    [2, 95],
  ]);
});

test('held: someone here is served meanwhile when he is done by the arrival plus the grace', () => {
  const s: S = {
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65 },
      { id: 2, joined: 50, inside: true, dur: 10 },
    ],
  };
  // 60 + 10 ends at 70 = 65 + 5: in.
  assert.equal(starts(held(s)), [
    [1, 70],
    [2, 60],
  ]);
  // A minute longer and the barber waits.
  assert.equal(starts(held({ ...s, orders: [s.orders![0], { ...s.orders![1], dur: 11 }] })), [
    [1, 65],
    [2, 95],
  ]);
});

test('held: never a shorter service further back, so nobody here is passed', () => {
  const s: S = {
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65 },
      { id: 2, joined: 50, inside: true, dur: 30 },
      { id: 3, joined: 55, inside: true, dur: 5 },
    ],
  };
  assert.equal(starts(held(s)), [
    [1, 65],
    [2, 95],
    [3, 125],
  ]);
});

test('not held: due later than the reach, late past the grace, or without an arrival given', () => {
  const here = { id: 2, joined: 50, inside: true };
  // Due in 20 minutes: the barber serves the one here.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 80 }, here] })), [
    [1, 90],
    [2, 60],
  ]);
  // Said he would come at 08:54, six minutes ago: the turn has lapsed.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 54 }, here] }))[1], [2, 60]);
  // No arrival given (a member, the learned 10-minute trip from his join at 45, due at 09:05): nothing to hold for.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 45, p: 1, source: 'app' }, here] })), [
    [1, 90],
    [2, 60],
  ]);
  // The rule off.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 65 }, here] }, { ahead: 0, grace: 5 }))[1], [2, 60]);
});

test('held: of two barbers, the one free last by his arrival keeps his turn; the other serves the one here', () => {
  const s: S = {
    barbers: [{ id: 1 }, { id: 2, free: 63 }],
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65 },
      { id: 2, joined: 50, inside: true },
    ],
  };
  const r = schedule(held(s));
  assert.equal(
    r.orders.map((o) => [o.id, o.barberId, (o.start! - at(0)) / 60_000]),
    [
      [1, 2, 65],
      [2, 1, 60],
    ],
  );
});

test('held: one who chose a barber is held only by his barber', () => {
  const s: S = {
    barbers: [{ id: 1 }, { id: 2, free: 90 }],
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65, barber: 2 },
      { id: 2, joined: 50, inside: true },
    ],
  };
  // Barber 2 is busy past his arrival: barber 1 does not wait for a customer he will not serve.
  assert.equal(starts(held(s)), [
    [1, 90],
    [2, 60],
  ]);
});

test('held: the quote of one on his way counts on it, as the plan right after his join does', () => {
  const s = held({ orders: [{ id: 2, joined: 50, inside: true }] });
  // A Gold member due in 5 minutes goes ahead of the one here and is served on arrival.
  const f = fits(s, { priority: 2, barberId: null, duration: 30, source: 'app', expectedAt: at(65) });
  assert.ok(f.ok && f.start === at(65), JSON.stringify(f));
  const gold = { id: 3, priority: 2, joinedAt: at(NOW), barberId: null, duration: 30, checkedIn: false, source: 'app' as const };
  const after = schedule({ ...s, orders: [...s.orders, { ...gold, expectedAt: at(65) }] });
  assert.is(after.orders.find((o) => o.id === 3)!.start, at(65));
  // Due in 20 minutes he is not held: the one here is served first.
  const later = schedule({ ...s, orders: [...s.orders, { ...gold, expectedAt: at(80) }] });
  assert.is(later.orders.find((o) => o.id === 3)!.start, at(90));
});

// A turn held only for a chosen barber's own customer (HOLD_FOR_CHOSEN_MINUTES): he cannot be served by another
// barber, so his barber waiting a few minutes for him spares him that barber's whole next service.
const CHOSEN: HoldRule = { ahead: 0, grace: 5, chosen: 10 };

test('held for his chosen barber: the barber waits for his own customer due in 5 minutes; a walk-in goes to the other', () => {
  const s: S = {
    barbers: [{ id: 1 }, { id: 2, free: 80 }],
    orders: [
      { id: 1, joined: 40, source: 'app', eta: 65, barber: 1 },
      { id: 2, joined: 50, inside: true },
    ],
  };
  const r = (hold: HoldRule | null) => schedule(held(s, hold)).orders.map((o) => [o.id, o.barberId, (o.start! - at(0)) / 60_000]);
  // Without it, barber 1 starts the walk-in and his own customer waits for his whole service.
  assert.equal(r(null), [
    [1, 1, 90],
    [2, 1, 60],
  ]);
  // With it, he is served as he comes, and the walk-in by barber 2 when he is free.
  assert.equal(r(CHOSEN), [
    [1, 1, 65],
    [2, 2, 80],
  ]);
});

test('held for his chosen barber: nobody else is held, nor his own customer due past the reach', () => {
  const here = { id: 2, joined: 50, inside: true };
  // One for anyone due in 5 minutes: the barber serves the one here.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 65 }, here] }, CHOSEN))[1], [2, 60]);
  // His own customer due in 15 minutes: likewise.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 75, barber: 1 }, here] }, CHOSEN))[1], [2, 60]);
  // Due in 10: held.
  assert.equal(starts(held({ orders: [{ id: 1, joined: 40, source: 'app', eta: 70, barber: 1 }, here] }, CHOSEN))[0], [1, 70]);
});

// Properties on random shops with the rule on: among those here the order of starts is the service order, and a
// barber stands idle while someone he may serve is here only until he starts one on his way, within the reach.
function rng(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

function randomShop(rnd: (n: number) => number): Snapshot {
  const orders = Array.from({ length: 1 + rnd(12) }, (_, i) => {
    const inside = rnd(2) > 0;
    const joined = rnd(60);
    return {
      id: i + 1,
      p: [0, 0, 0, 1, 2, 3][rnd(6)],
      joined,
      inside,
      dur: [5, 10, 15, 20, 30, 45][rnd(6)],
      barber: rnd(4) === 0 ? 1 + rnd(3) : null,
      ...(!inside && { source: 'app' as const, ...(rnd(4) > 0 && { eta: 52 + rnd(40) }) }),
    };
  });
  const barbers = Array.from({ length: 1 + rnd(3) }, (_, i) => ({ id: i + 1, free: NOW + (rnd(2) ? rnd(40) : 0) }));
  return held({ barbers, orders });
}

const orderOf = (s: Snapshot, id: number) => s.orders.find((o) => o.id === id)!;

test('held, property: among customers here free to take anyone, the service order is the order of starts', () => {
  const rnd = rng(21);
  for (let k = 0; k < 400; k++) {
    const s = randomShop(rnd);
    const r = schedule(s);
    const here = r.orders.filter((o) => orderOf(s, o.id).checkedIn && orderOf(s, o.id).barberId === null);
    for (let i = 1; i < here.length; i++)
      assert.ok(here[i - 1].start! <= here[i].start!, `#${here[i - 1].id} before #${here[i].id}: ${JSON.stringify(s)}`);
  }
});

test('held, property: idle while someone he may serve is here only until he starts one on his way, within the reach', () => {
  const rnd = rng(23);
  let holds = 0;
  for (let k = 0; k < 400; k++) {
    const s = randomShop(rnd);
    const r: Schedule = schedule(s);
    for (const b of s.barbers) {
      const services = r.orders
        .filter((o) => o.barberId === b.id && o.start !== null)
        .map((o) => ({ id: o.id, start: o.start!, end: o.start! + orderOf(s, o.id).duration * 60_000 }))
        .sort((x, y) => x.start - y.start);
      let t = Math.max(b.freeAt, s.now);
      for (const sv of services) {
        if (sv.start > t) {
          const waiting = r.orders.filter((o) => {
            const x = orderOf(s, o.id);
            return x.checkedIn && (x.barberId === null || x.barberId === b.id) && o.start !== null && o.start > t;
          });
          if (waiting.length) {
            holds++;
            const o = orderOf(s, sv.id);
            // The one he started after standing idle was on his way (the one whose turn he held, or one ahead of him).
            assert.ok(!o.checkedIn, `barber ${b.id} idle before #${sv.id} who was here: ${JSON.stringify(s)}`);
            assert.ok(sv.start - t <= HOLD.ahead * 60_000, `barber ${b.id} idle ${(sv.start - t) / 60_000} min: ${JSON.stringify(s)}`);
          }
        }
        t = Math.max(t, sv.end);
      }
    }
  }
  assert.ok(holds > 20, `only ${holds} turns held`);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { Schedule, Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { NOW, PLAIN, at, snap, type O, withParties } from './fixtures.ts';

// Properties of the floor on random queues: customers in the shop, on their way with or without an arrival
// given, members, pins, chosen barbers, barbers busy for a while. The day is long enough for everyone.
function rng(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

function randomShop(rnd: (n: number) => number): Snapshot {
  const orders: O[] = Array.from({ length: 1 + rnd(14) }, (_, i) => {
    const inside = rnd(3) > 0;
    const joined = rnd(60);
    const o: O = {
      id: i + 1,
      p: [0, 0, 0, 1, 2, 3][rnd(6)],
      joined,
      inside,
      dur: [15, 20, 30, 45][rnd(4)],
      barber: rnd(4) === 0 ? 1 + rnd(3) : null,
    };
    if (!inside) Object.assign(o, { source: 'app' }, rnd(2) ? { eta: joined + rnd(60) } : {});
    // Only an order in the shop is ever pinned (the guard's record).
    if (inside && rnd(4) === 0) o.pin = rnd(3) === 0 ? true : joined + rnd(NOW - joined + 1);
    return o;
  });
  const barbers = Array.from({ length: 1 + rnd(3) }, (_, i) => ({ id: i + 1, free: NOW + (rnd(2) ? rnd(40) : 0) }));
  return snap({ barbers, orders, learned: PLAIN });
}

/** The same shops with parties and step-outs: companions of their own, and parties out until 10–30 minutes on. */
function partyShop(rnd: (n: number) => number): Snapshot {
  return withParties(randomShop(rnd), rnd).s;
}

/** Each property on the plain shops (its seed as before) and on shops with parties and step-outs. */
const SHOPS: [string, (rnd: (n: number) => number) => Snapshot, number][] = [
  ['', randomShop, 0],
  [' (parties and step-outs)', partyShop, 1000],
];

const present = (s: Snapshot, id: number) => (s.orders.find((o) => o.id === id) as Snapshot['orders'][number]).checkedIn;
const startOf = (r: Schedule, id: number) => (r.orders.find((o) => o.id === id) as Schedule['orders'][number]).start;

for (const [kind, shop, seed] of SHOPS)
  test(`among customers in the shop free to take anyone, the service order is the order of starts${kind}`, () => {
    const rnd = rng(7 + seed);
    for (let k = 0; k < 400; k++) {
      const s = shop(rnd);
      const r = schedule(s);
      const here = r.orders.filter((o) => present(s, o.id) && s.orders.find((x) => x.id === o.id)?.barberId === null);
      for (let i = 1; i < here.length; i++) {
        const [a, b] = [here[i - 1], here[i]];
        assert.ok(a.start !== null && b.start !== null && a.start <= b.start, `#${a.id} before #${b.id}: ${JSON.stringify(s.orders)}`);
      }
    }
  });

// A customer who chose a barber may start on him while the pinned one waits for another: the guard is about who
// goes first for the same barbers, so both are free to take anyone here.
for (const [kind, shop, seed] of SHOPS)
  test(`no-bump guard: nobody who joined once an order was pinned starts before it${kind}`, () => {
    const rnd = rng(11 + seed);
    let checked = 0;
    for (let k = 0; k < 400; k++) {
      const s = shop(rnd);
      const r = schedule(s);
      for (const p of s.orders) {
        if (!(p.pinned || p.pinnedAt !== undefined) || p.barberId !== null) continue;
        const since = p.pinnedAt ?? p.joinedAt + 1;
        for (const q of s.orders) {
          if (q === p || q.joinedAt < since || q.barberId !== null) continue;
          checked++;
          assert.ok(
            (startOf(r, p.id) as number) <= (startOf(r, q.id) as number),
            `#${q.id} before pinned #${p.id}: ${JSON.stringify(s.orders)}`,
          );
        }
      }
    }
    assert.ok(checked > 100, `only ${checked} pairs checked`);
  });

for (const [kind, shop, seed] of SHOPS)
  test(`the plan never keeps a barber idle while someone he may serve is in the shop${kind}`, () => {
    const rnd = rng(13 + seed);
    for (let k = 0; k < 400; k++) {
      const s = shop(rnd);
      const r = schedule(s);
      for (const b of s.barbers) {
        const services = r.orders
          .filter((o) => o.barberId === b.id && o.start !== null)
          .map((o) => ({
            start: o.start as number,
            end: (o.start as number) + (s.orders.find((x) => x.id === o.id)?.duration ?? 0) * 60_000,
          }))
          .sort((x, y) => x.start - y.start);
        // Every moment from when he is free until the last start a customer in the shop he may serve waits for.
        let t = Math.max(b.freeAt, s.now);
        for (const sv of services) {
          if (sv.start > t) {
            const waiting = r.orders.filter((o) => {
              const order = s.orders.find((x) => x.id === o.id) as Snapshot['orders'][number];
              return order.checkedIn && (order.barberId === null || order.barberId === b.id) && o.start !== null && o.start > t;
            });
            assert.is(
              waiting.length,
              0,
              `barber ${b.id} idle from ${(t - at(0)) / 60_000} with ${waiting.map((o) => o.id)} here: ${JSON.stringify(s)}`,
            );
          }
          t = Math.max(t, sv.end);
        }
      }
    }
  });

for (const [kind, shop, seed] of SHOPS)
  test(`estimates are what a join in the shop of that priority would get, with customers on their way${kind}`, () => {
    const rnd = rng(17 + seed);
    for (let k = 0; k < 400; k++) {
      const s = shop(rnd);
      const priority = rnd(4);
      const f = fits(s, { priority, barberId: null, duration: 30 });
      assert.is(f.ok ? f.wait : null, schedule(s).estimates[priority].wait_time, JSON.stringify(s.orders));
    }
  });

test('a customer who stepped out is never planned before he is expected back, nor pinned while out', () => {
  const rnd = rng(19);
  let checked = 0;
  for (let k = 0; k < 400; k++) {
    const { s, out } = withParties(randomShop(rnd), rnd);
    const r = schedule(s);
    for (const o of r.orders) {
      if (!out.has(o.id)) continue;
      checked++;
      const back = (s.orders.find((x) => x.id === o.id) as Snapshot['orders'][number]).expectedAt as number;
      assert.ok(o.start === null || o.start >= back, `#${o.id} starts before his return: ${JSON.stringify(s)}`);
      assert.not.ok(r.due.includes(o.id), `#${o.id} pinned while out`);
    }
  }
  assert.ok(checked > 100, `only ${checked} out`);
});

test('back in the shop, he is ahead of everyone who joined after him, of his level or lower, without a pin', () => {
  const rnd = rng(23);
  let checked = 0;
  for (let k = 0; k < 400; k++) {
    const { s: away, out } = withParties(randomShop(rnd), rnd);
    // Back: checked in again, his join time and priority as they were.
    const orders = away.orders.map((o) => {
      if (!out.has(o.id)) return o;
      const { expectedAt, ...rest } = o;
      return { ...rest, checkedIn: true };
    });
    const ids = schedule({ ...away, orders }).orders.map((o) => o.id);
    for (const b of orders) {
      if (!out.has(b.id)) continue;
      for (const q of orders) {
        if (q.joinedAt <= b.joinedAt || q.priority > b.priority || q.pinned || q.pinnedAt !== undefined) continue;
        checked++;
        assert.ok(ids.indexOf(b.id) < ids.indexOf(q.id), `#${q.id} ahead of #${b.id} back: ${JSON.stringify(orders)}`);
      }
    }
  }
  assert.ok(checked > 100, `only ${checked} pairs checked`);
});

test.run();

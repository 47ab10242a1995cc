import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { EngineOrder, Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { NOW, PLAIN, snap, type O } from './fixtures.ts';

// A party waits as a family (docs/decisions.md, "A party waits as a family"): one place in the order of service at
// its customer's priority, and nobody who joins after it is served before any of its people, members included.
function rng(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

/**
 * Random queues as the snapshot gives them (queue/snapshot.ts): customers of every priority in the shop, on their
 * way or pinned, some choosing a barber; some with one to three companions, each at the customer's priority with
 * his party's id and the customer's join time. The day is long enough for everyone.
 */
function randomShop(rnd: (n: number) => number): { s: Snapshot; parties: EngineOrder[][] } {
  const base: O[] = Array.from({ length: 1 + rnd(10) }, (_, i) => {
    const inside = rnd(4) > 0;
    const joined = rnd(60);
    const o: O = { id: i + 1, p: [0, 0, 0, 1, 2, 3][rnd(6)], joined, inside, dur: [15, 20, 30, 45][rnd(4)] };
    o.barber = rnd(5) === 0 ? 1 + rnd(3) : null;
    if (!inside) Object.assign(o, { source: 'app' }, rnd(2) ? { eta: joined + rnd(60) } : {});
    if (inside && rnd(5) === 0) o.pin = joined + rnd(NOW - joined + 1);
    return o;
  });
  const barbers = Array.from({ length: 1 + rnd(3) }, (_, i) => ({ id: i + 1, free: NOW + (rnd(2) ? rnd(40) : 0) }));
  const s = snap({ barbers, orders: base, learned: PLAIN });
  let next = base.length + 1;
  const orders: EngineOrder[] = [];
  const parties: EngineOrder[][] = [];
  for (const o of s.orders) {
    if (rnd(3) > 0) {
      orders.push(o);
      continue;
    }
    const head: EngineOrder = { ...o, party: o.id };
    const people = [head];
    for (let k = 1 + rnd(3); k > 0; k--) {
      const { pinned, pinnedAt, ...rest } = head;
      people.push({ ...rest, id: next++, barberId: rnd(5) === 0 ? 1 + rnd(3) : null, duration: [15, 20, 30, 45][rnd(4)] });
    }
    orders.push(...people);
    parties.push(people);
  }
  return { s: { ...s, orders }, parties };
}

test('nobody who joins after a party starts before any of its people in the shop, priorities included', () => {
  const rnd = rng(41);
  let checked = 0;
  for (let k = 0; k < 500; k++) {
    const { s, parties } = randomShop(rnd);
    const r = schedule(s);
    const start = new Map(r.orders.map((o) => [o.id, o.start]));
    for (const party of parties) {
      // A person in the shop free to take anyone: one on his way does not keep a barber idle, and one who chose a
      // barber waits for him while others may be served by another.
      const here = party.filter((p) => p.checkedIn && p.barberId === null);
      const later = s.orders.filter((q) => q.party !== party[0].party && q.joinedAt > party[0].joinedAt);
      for (const p of here)
        for (const q of later) {
          const [a, b] = [start.get(p.id), start.get(q.id)];
          if (b === null || b === undefined) continue;
          checked++;
          assert.ok(
            a !== null && a !== undefined && a <= b,
            `#${q.id} (p${q.priority}) before #${p.id} of party ${p.party}: ${JSON.stringify(s.orders)}`,
          );
        }
    }
  }
  assert.ok(checked > 500, `only ${checked} pairs checked`);
});

test("a party's people keep one place at the customer's priority: none is behind anyone who joined after it", () => {
  // A Gold customer with two companions, then a Platinum member and a non-member joining after them, one barber.
  const s = snap({
    orders: [
      { id: 1, p: 0, joined: 10, inside: true, dur: 20 },
      { id: 2, p: 2, joined: 20, inside: true, dur: 30 },
      { id: 3, p: 0, joined: 20, inside: true, dur: 15 },
      { id: 4, p: 2, joined: 20, inside: true, dur: 20 },
      { id: 5, p: 3, joined: 30, inside: true, dur: 30 },
      { id: 6, p: 0, joined: 40, inside: true, dur: 30 },
    ],
    learned: PLAIN,
  });
  for (const o of s.orders) if (o.id >= 2 && o.id <= 4) o.party = 2;
  // The party went ahead of the earlier non-member as one, and the later Platinum member waits behind all of it.
  assert.equal(
    schedule(s).orders.map((o) => o.id),
    [2, 3, 4, 5, 1, 6],
  );
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LEARNED } from '../../../../../src/server/queue/engine/lanes.ts';
import { fits, type ProposedOrder, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { EngineOrder, Learned, Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { NOW, PLAIN, at, snap, type O, withParties } from './fixtures.ts';

// Fits and schedule agree: for any snapshot, once an order that fits is added as the server stores it, the
// schedule gives it a start, on the barber fits named, with a wait within a minute of the quote.
function rng(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

const MEMBERS: Learned = { ...DEFAULT_LEARNED, joinRate: [3, 1, 0.5, 0.3] };

function randomShop(rnd: (n: number) => number): Snapshot {
  const orders: O[] = Array.from({ length: rnd(12) }, (_, i) => {
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
    if (inside && rnd(4) === 0) o.pin = rnd(3) === 0 ? true : joined + rnd(NOW - joined + 1);
    return o;
  });
  // Some barbers leave early and some shops close soon, so refusals and shift ends are met too.
  const barbers = Array.from({ length: 1 + rnd(3) }, (_, i) => ({
    id: i + 1,
    free: NOW + (rnd(2) ? rnd(40) : 0),
    serving: rnd(2) === 0,
    ...(rnd(4) === 0 && { shifts: [[0, NOW + 30 + rnd(120)]] as [number, number][] }),
  }));
  const close = rnd(3) === 0 ? NOW + 60 + rnd(180) : 600;
  return snap({ barbers, orders, hours: [0, close], learned: [PLAIN, DEFAULT_LEARNED, MEMBERS][rnd(3)] });
}

function randomProposal(rnd: (n: number) => number, s: Snapshot): ProposedOrder {
  const how = rnd(3);
  return {
    priority: [0, 0, 1, 2, 3][rnd(5)],
    barberId: rnd(3) === 0 ? 1 + rnd(s.barbers.length) : null,
    duration: [15, 30, 45, 60][rnd(4)],
    ...(how === 0
      ? { checkedIn: true, source: 'app' as const }
      : how === 1
        ? { source: 'app' as const }
        : { source: 'app' as const, expectedAt: at(NOW + rnd(50)) }),
  };
}

/** The order as the server stores it after the join. */
function stored(s: Snapshot, p: ProposedOrder, id: number): EngineOrder {
  return {
    id,
    priority: p.priority,
    joinedAt: s.now,
    barberId: p.barberId,
    duration: p.duration,
    checkedIn: p.checkedIn ?? false,
    ...(p.source !== undefined && { source: p.source }),
    ...(p.expectedAt !== undefined && { expectedAt: p.expectedAt }),
  };
}

test('an order that fits gets a start from schedule(), on the same barber, within a minute of its quote', () => {
  const rnd = rng(20251127);
  let fitted = 0;
  for (let k = 0; k < 1000; k++) {
    const s = randomShop(rnd);
    const p = randomProposal(rnd, s);
    const f = fits(s, p);
    if (!f.ok) continue;
    fitted++;
    const row = schedule({ ...s, orders: [...s.orders, stored(s, p, 999)] }).orders.find((o) => o.id === 999);
    const what = () => `fit ${JSON.stringify(f)} vs ${JSON.stringify(row)}; proposal ${JSON.stringify(p)}; ${JSON.stringify(s)}`;
    assert.ok(row && row.start !== null, `no start: ${what()}`);
    assert.is(row?.barberId, f.barberId, `barber: ${what()}`);
    assert.ok(Math.abs((row?.wait as number) - f.wait) <= 1, `wait: ${what()}`);
  }
  assert.ok(fitted > 500, `only ${fitted} fitted`);
});

// A party is asked person by person, each with those before him stored (the customer first, then his companions
// at priority 0 with his join time and arrival), as the server places them. Each agrees with schedule() right
// after he is stored; once the whole party is stored everyone keeps a start. A companion in the shop may take a
// barber who would otherwise wait for someone on his way ahead of the customer, and so move the customer's start:
// that stays rare (under 1 % of people here).
test('a party that fits: each person gets a start from schedule(), on his barber, within a minute of his quote', () => {
  const rnd = rng(20260301);
  let fitted = 0;
  let people = 0;
  let moved = 0;
  for (let k = 0; k < 600; k++) {
    const s = withParties(randomShop(rnd), rnd).s;
    const first = randomProposal(rnd, s);
    const party: ProposedOrder[] = [first];
    for (let n = 1 + rnd(2); n > 0; n--)
      party.push({ ...first, priority: 0, barberId: rnd(3) === 0 ? 1 + rnd(s.barbers.length) : null, duration: [15, 30, 45][rnd(3)] });
    let orders = s.orders;
    const told: Extract<ReturnType<typeof fits>, { ok: true }>[] = [];
    for (const [i, p] of party.entries()) {
      const f = fits({ ...s, orders }, p);
      if (!f.ok) break;
      told.push(f);
      orders = [...orders, stored(s, p, 900 + i)];
      const row = schedule({ ...s, orders }).orders.find((o) => o.id === 900 + i);
      const what = () => `person ${i}: fit ${JSON.stringify(f)} vs ${JSON.stringify(row)}; ${JSON.stringify(party)}; ${JSON.stringify(s)}`;
      assert.ok(row && row.start !== null, `no start: ${what()}`);
      assert.is(row?.barberId, f.barberId, `barber: ${what()}`);
      assert.ok(Math.abs((row?.wait as number) - f.wait) <= 1, `wait: ${what()}`);
    }
    if (told.length < party.length) continue;
    fitted++;
    const rows = schedule({ ...s, orders }).orders;
    for (const [i, f] of told.entries()) {
      const row = rows.find((o) => o.id === 900 + i);
      assert.ok(row && row.start !== null, `person ${i} lost his start once the party was stored: ${JSON.stringify(s)}`);
      people++;
      if (row?.barberId !== f.barberId || Math.abs((row?.wait as number) - f.wait) > 1) moved++;
    }
  }
  assert.ok(fitted > 250, `only ${fitted} parties fitted`);
  assert.ok(moved <= people / 100, `${moved} of ${people} people moved once their party was stored`);
});

test.run();

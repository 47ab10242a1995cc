import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LEARNED } from '../../../../../src/server/queue/engine/lanes.ts';
import { fits, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
import type { Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { PLAIN, only, snap, waits, type O, type S } from './fixtures.ts';

// Parties and stepping out (docs/decisions.md, "Honest waits"): each person of a party is an engine order of his
// own, the companions priority 0 with the customer's join time; a customer who stepped out is absent with the
// time he said he would be back as his expected arrival, and unpinned until he is back.

/** A party: the customer (first id) and his companions, each with his own minutes and barber. */
function party(id: number, who: Omit<O, 'id' | 'dur'>, durs: number[], barbers: (number | null)[] = []): O[] {
  return durs.map((dur, k) => ({ ...who, id: id + k, dur, barber: barbers[k] ?? null, ...(k > 0 && { p: 0 }) }));
}

/** A customer out until minute `back`: not checked in, from the app, expected back then, no pin. */
function out(o: O, back: number): O {
  const { pin, ...rest } = o;
  return { ...rest, inside: false, source: 'app', eta: back };
}

const three = [{ id: 1 }, { id: 2 }, { id: 3 }];

const cases: { name: string; s: S; want: [number, number | null][] }[] = [
  {
    name: 'a party of three on three free barbers starts at once',
    s: { barbers: three, orders: party(1, { joined: 50, inside: true }, [30, 45, 20]) },
    want: [
      [1, 0],
      [2, 0],
      [3, 0],
    ],
  },
  {
    name: 'a party of three on one barber: one after another, the customer first',
    s: { orders: party(1, { joined: 50, inside: true }, [30, 20, 15]) },
    want: [
      [1, 0],
      [2, 30],
      [3, 50],
    ],
  },
  {
    name: 'a party on two barbers: two at once, the third when the first is done',
    s: { barbers: [{ id: 1 }, { id: 2 }], orders: party(1, { joined: 50, inside: true }, [20, 45, 30]) },
    want: [
      [1, 0],
      [2, 0],
      [3, 20],
    ],
  },
  {
    name: 'a Silver member goes ahead of an earlier non-member, his companion does not',
    s: { orders: [{ id: 1, joined: 40, inside: true }, ...party(2, { p: 1, joined: 50, inside: true }, [30, 30])] },
    want: [
      [2, 0],
      [1, 30],
      [3, 60],
    ],
  },
  {
    name: "a member's companion is ahead of a non-member who joined after the party",
    s: { orders: [...party(1, { p: 2, joined: 40, inside: true }, [30, 30]), { id: 3, joined: 45, inside: true }] },
    want: [
      [1, 0],
      [2, 30],
      [3, 60],
    ],
  },
  {
    name: 'a companion who chose a busy barber waits for him; the rest of the party starts at once',
    s: {
      barbers: [{ id: 1 }, { id: 2, free: 80 }],
      orders: party(1, { joined: 50, inside: true }, [30, 30], [null, 2]),
    },
    want: [
      [1, 0],
      [2, 20],
    ],
  },
  {
    name: 'stepped out: passed over while out, someone behind him in the shop is planned first on the free barber',
    s: {
      barbers: [{ id: 1 }, { id: 2, free: 70 }],
      orders: [out({ id: 1, joined: 30 }, 80), { id: 2, joined: 40, inside: true }],
      learned: PLAIN,
    },
    want: [
      [1, 20],
      [2, 0],
    ],
  },
  {
    name: 'stepped out on one barber: the one behind him is served meanwhile, he is planned from when he is back',
    s: {
      orders: [out({ id: 1, joined: 30 }, 75), { id: 2, joined: 40, inside: true, dur: 15 }, { id: 3, joined: 45, inside: true }],
      learned: PLAIN,
    },
    want: [
      [1, 15],
      [2, 0],
      [3, 45],
    ],
  },
  {
    name: 'back: checked in again with his join time, he is ahead of those who joined after him',
    s: {
      barbers: [{ id: 1, free: 70 }],
      orders: [
        { id: 1, joined: 30, inside: true },
        { id: 2, joined: 40, inside: true },
        { id: 3, joined: 45, inside: true },
      ],
      learned: PLAIN,
    },
    want: [
      [1, 10],
      [2, 40],
      [3, 70],
    ],
  },
  {
    name: 'back: a member who joined after him still goes first, as before he stepped out',
    s: {
      barbers: [{ id: 1, free: 70 }],
      orders: [
        { id: 1, joined: 30, inside: true },
        { id: 2, joined: 40, inside: true },
        { id: 3, p: 1, joined: 50, inside: true },
      ],
      learned: PLAIN,
    },
    want: [
      [3, 10],
      [1, 40],
      [2, 70],
    ],
  },
  {
    name: 'a party out together: everyone behind them in the shop is planned first',
    s: {
      barbers: [{ id: 1 }, { id: 2 }],
      orders: [...party(1, { joined: 30 }, [30, 30]).map((o) => out(o, 90)), { id: 3, joined: 40, inside: true }],
      learned: PLAIN,
    },
    want: [
      [1, 30],
      [2, 30],
      [3, 0],
    ],
  },
];

for (const { name, s, want } of cases) {
  test(name, () => {
    assert.equal(
      waits(s).sort((a, b) => a[0] - b[0]),
      [...want].sort((a, b) => a[0] - b[0]),
    );
  });
}

test('a party of three on three free barbers: each on a barber of his own', () => {
  const r = schedule(snap({ barbers: three, orders: party(1, { joined: 50, inside: true }, [30, 45, 20]) }));
  assert.equal(new Set(r.orders.map((o) => o.barberId)).size, 3);
});

test('the service order keeps a party together behind its customer when nobody outranks them', () => {
  const r = schedule(snap({ orders: [{ id: 1, joined: 40, inside: true }, ...party(2, { joined: 50, inside: true }, [30, 30, 30])] }));
  assert.equal(
    r.orders.map((o) => o.id),
    [1, 2, 3, 4],
  );
  assert.equal(
    r.orders.map((o) => o.position),
    [0, 1, 2, 3],
  );
});

test('stepped out: not pinned while out even when planned within the guard; due again once back', () => {
  const whileOut = schedule(snap({ orders: [out({ id: 1, joined: 30, pin: 50 }, 62)], learned: PLAIN }));
  assert.is(only(whileOut.orders, (o) => o.id === 1).wait, 2);
  assert.equal(whileOut.due, []);
  const back = schedule(snap({ now: 62, orders: [{ id: 1, joined: 30, inside: true }], learned: PLAIN }));
  assert.equal(back.due, [1]);
});

test('back: a later joiner pinned while he was out does not keep him from being next', () => {
  const r = schedule(
    snap({
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 30, inside: true },
        { id: 2, joined: 40, inside: true, pin: 55 },
      ],
      learned: PLAIN,
    }),
  );
  assert.equal(
    r.orders.map((o) => [o.id, o.wait]),
    [
      [1, 3],
      [2, 33],
    ],
  );
});

// The rules meet here: a Platinum who joined while he was out outranks him (his pin was lifted), and the later
// joiner pinned meanwhile is shielded from the Platinum. Putting him first again would break one of the two, so
// he goes behind both: the no-bump guard and membership priority come before his place.
test('back: a member who joined while he was out and a pin made meanwhile both stay ahead of him', () => {
  const r = schedule(
    snap({
      barbers: [{ id: 1, free: 63 }],
      orders: [
        { id: 1, joined: 30, inside: true },
        { id: 2, joined: 40, inside: true, pin: 55 },
        { id: 3, joined: 58, inside: true, p: 3 },
      ],
      learned: PLAIN,
    }),
  );
  assert.equal(
    r.orders.map((o) => [o.id, o.wait]),
    [
      [2, 3],
      [3, 33],
      [1, 63],
    ],
  );
});

test('the whole party must fit before closing: each person is asked in turn with those before him stored', () => {
  const base = snap({ now: 540, orders: [] });
  const people = [30, 30, 30];
  const stored: Snapshot['orders'] = [];
  const answers = people.map((duration, k) => {
    const s: Snapshot = { ...base, orders: [...stored] };
    const f = fits(s, { priority: 0, barberId: null, duration, checkedIn: true, source: 'app' });
    stored.push({ id: k + 1, priority: 0, joinedAt: base.now, barberId: null, duration, checkedIn: true, source: 'app' });
    return f.ok ? f.wait : null;
  });
  assert.equal(answers, [0, 30, null]);
});

test('the window contains the wait of every person of a party, in the shop or on the way', () => {
  for (const inside of [true, false]) {
    const who: Omit<O, 'id' | 'dur'> = inside ? { joined: 55, inside } : { joined: 55, source: 'app', eta: 75 };
    const s = snap({
      barbers: [{ id: 1, free: 70, serving: true }, { id: 2 }],
      orders: [{ id: 1, joined: 20, inside: true }, ...party(2, who, [30, 45, 20], [null, 1, null])],
      learned: DEFAULT_LEARNED,
    });
    const r = schedule(s);
    for (const o of r.orders) {
      assert.ok(o.wait !== null && o.low !== null && o.high !== null, `#${o.id} unscheduled`);
      assert.ok(o.low <= o.wait && o.wait <= o.high, `#${o.id} (${inside ? 'in the shop' : 'on the way'}): ${JSON.stringify(o)}`);
    }
  }
});

test('parties and step-outs keep the plan deterministic', () => {
  const s = () =>
    snap({
      barbers: [{ id: 1, free: 70, serving: true }, { id: 2 }],
      orders: [...party(1, { joined: 30, p: 1 }, [30, 20]).map((o) => out(o, 80)), ...party(3, { joined: 45, inside: true }, [45, 15])],
      learned: DEFAULT_LEARNED,
    });
  assert.equal(schedule(s()), schedule(s()));
});

test.run();

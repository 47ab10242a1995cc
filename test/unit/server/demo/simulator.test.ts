import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rng } from '../../../../src/server/demo/random.ts';
import {
  actualMinutes,
  arrivalsPerBarberHour,
  ETA_SHARE,
  latenessMinutes,
  NO_SHOW_AFTER_MINUTES,
  NO_SHOW_GRACE_MINUTES,
  REMOTE_SHARE,
  simulate,
  tripMinutes,
  truePace,
  willShow,
  type SimAction,
  type SimShop,
} from '../../../../src/server/demo/simulator.ts';

const T = Date.UTC(2026, 10, 24, 10, 0);
const min = (m: number) => T + m * 60_000;

const MENU = [
  { id: 1, duration: 30, multiple: true, extraIds: [11, 12, 13] },
  { id: 2, duration: 15, multiple: false, extraIds: [21, 22] },
  { id: 3, duration: 60, multiple: false, extraIds: [] },
];

function shop(over: Partial<SimShop> = {}): SimShop {
  return {
    id: 1,
    open: true,
    full: false,
    localHour: 13,
    wait: 0,
    services: MENU,
    barbers: [
      { id: 1, onShift: true, idleSince: min(0) },
      { id: 2, onShift: true, idleSince: min(0) },
    ],
    serving: [],
    waiting: [],
    ...over,
  };
}

// No arrivals unless a test wants them: a closed shop still has its barbers finish, start and call no-shows.
const quiet = (over: Partial<SimShop> = {}) => shop({ open: false, ...over });
const step = (s: SimShop, now: number, seed = 1, tickMinutes = 0.5) => simulate({ shops: [s], tickMinutes }, now, rng(seed));
const ofType = <K extends SimAction['type']>(xs: SimAction[], type: K) =>
  xs.filter((a): a is Extract<SimAction, { type: K }> => a.type === type);

const durations = suite('service durations');

durations('each barber has a pace of 0.8–1.3 and each order a fixed duration around listed × pace', () => {
  for (let b = 1; b < 200; b++) assert.ok(truePace(b) >= 0.8 && truePace(b) <= 1.3);
  assert.is(actualMinutes(7, 3, 30), actualMinutes(7, 3, 30), 'the same every tick');
  let sum = 0;
  for (let id = 1; id <= 2000; id++) {
    const a = actualMinutes(id, 3, 30);
    assert.ok(a >= 30 * truePace(3) * 0.55 && a <= 30 * truePace(3) * 1.45, `${a}`);
    sum += a;
  }
  assert.ok(Math.abs(sum / 2000 / (30 * truePace(3)) - 1) < 0.03, 'centred on listed × pace');
});

durations('a service finishes once its own duration has passed, not before', () => {
  const serving = [{ orderId: 9, barberId: 1, startedAt: min(0), duration: 30 }];
  const end = actualMinutes(9, 1, 30);
  assert.is(ofType(step(quiet({ serving }), min(end - 0.5)), 'finish').length, 0);
  assert.equal(ofType(step(quiet({ serving }), min(end)), 'finish'), [{ type: 'finish', shopId: 1, orderId: 9 }]);
});

const barbers = suite('barbers and the engine plan');

barbers('an idle barber on shift starts the checked-in order the engine planned for them now', () => {
  const waiting = [
    { id: 5, plannedBarberId: 2, plannedStart: min(10), checkedIn: true, simulated: true, joinedAt: min(0) },
    { id: 6, plannedBarberId: 1, plannedStart: min(10), checkedIn: true, simulated: true, joinedAt: min(0) },
    { id: 7, plannedBarberId: 2, plannedStart: min(40), checkedIn: true, simulated: true, joinedAt: min(0) },
  ];
  const serving = [{ orderId: 4, barberId: 1, startedAt: min(0), duration: 600 }];
  const actions = step(quiet({ waiting, serving }), min(10));
  assert.equal(ofType(actions, 'start'), [{ type: 'start', shopId: 1, orderId: 5, barberId: 2 }], 'barber 1 is busy; order 7 is later');
  const offShift = quiet({ waiting, serving, barbers: [{ id: 2, onShift: false, idleSince: min(0) }] });
  assert.is(ofType(step(offShift, min(10)), 'start').length, 0);
});

barbers(
  'an app customer who does not turn up loses the place the grace after he was due, once his turn is near; never checked in for him',
  () => {
    const one = [{ id: 1, onShift: true, idleSince: min(0) }];
    const noEta = {
      id: 5,
      plannedBarberId: 1,
      plannedStart: min(35),
      checkedIn: false,
      simulated: false,
      joinedAt: min(0),
      expectedAt: null,
    };
    const due = NO_SHOW_AFTER_MINUTES + NO_SHOW_GRACE_MINUTES;
    for (let seed = 1; seed < 30; seed++)
      assert.equal(step(quiet({ waiting: [noEta], barbers: one }), min(due - 1), seed), [], 'waiting for him');
    assert.equal(step(quiet({ waiting: [noEta], barbers: one }), min(due)), [{ type: 'no-show', shopId: 1, orderId: 5 }]);
    const farDown = { ...noEta, plannedStart: min(due + 60) };
    assert.equal(step(quiet({ waiting: [farDown], barbers: one }), min(due)), [], 'not while his turn is far');
    const gaveEta = { ...noEta, expectedAt: min(50), plannedStart: min(52) };
    assert.equal(step(quiet({ waiting: [gaveEta], barbers: one }), min(59)), [], 'the grace runs from the arrival he gave');
    assert.equal(step(quiet({ waiting: [gaveEta], barbers: one }), min(60)), [{ type: 'no-show', shopId: 1, orderId: 5 }]);
  },
);

barbers('barbers serve present customers only: the first present one in service order, around an absent one', () => {
  const waiting = [
    { id: 5, plannedBarberId: 1, plannedStart: min(0), checkedIn: false, simulated: false, joinedAt: min(-5), expectedAt: min(20) },
    { id: 6, plannedBarberId: 2, plannedStart: min(0), checkedIn: true, simulated: true, joinedAt: min(-4) },
    { id: 7, plannedBarberId: null, plannedStart: min(30), checkedIn: true, simulated: true, joinedAt: min(-3), chosenBarberId: 2 },
    { id: 8, plannedBarberId: null, plannedStart: min(30), checkedIn: true, simulated: true, joinedAt: min(-2) },
  ];
  const starts = ofType(step(quiet({ waiting }), min(0)), 'start');
  assert.equal(
    starts.map((a) => [a.orderId, a.barberId]),
    [
      [6, 1],
      [7, 2],
    ],
    'barber 1 takes 6 (5 is away); barber 2, whom 6 was planned on, takes the next present one he may serve: 7, who chose him',
  );
  assert.ok(!starts.some((a) => a.orderId === 5), 'never the absent one');
});

barbers('simulated customers from afar arrive after their trip or the arrival they gave, or never', () => {
  const ids = Array.from({ length: 60 }, (_, i) => i + 100);
  const showing = ids.filter(willShow);
  assert.ok(showing.length > 40 && showing.length < 60, `most show: ${showing.length}`);
  for (const id of ids.slice(0, 20)) {
    assert.ok(tripMinutes(id) >= 5 && tripMinutes(id) <= 30);
    const away = {
      id,
      plannedBarberId: 1,
      plannedStart: min(5),
      checkedIn: false,
      simulated: true,
      joinedAt: min(0),
      expectedAt: null as number | null,
    };
    const at = (t: number, w = away) => ofType(step(quiet({ waiting: [w] }), t), 'check-in').length > 0;
    assert.is(at(min(tripMinutes(id)) - 1000), false, `order ${id} still on the way`);
    assert.is(at(min(tripMinutes(id))), willShow(id), `order ${id} arrives after his trip`);
    const eta = { ...away, expectedAt: min(20) };
    assert.is(at(min(20 + latenessMinutes(id)), eta), willShow(id), `order ${id} arrives about when he said`);
    assert.is(at(min(20 + latenessMinutes(id)) - 1000, eta), false);
  }
});

barbers('half the simulated walk-ins join from afar, half of those with an expected arrival of 5–30 minutes', () => {
  const r = rng(21);
  const all: Extract<SimAction, { type: 'walk-in' }>[] = [];
  for (let i = 0; i < 1500; i++) all.push(...ofType(simulate({ shops: [shop()], tickMinutes: 5 }, min(0), r), 'walk-in'));
  const remote = all.filter((a) => a.remote);
  assert.ok(Math.abs(remote.length / all.length - REMOTE_SHARE) < 0.06, `${remote.length} of ${all.length}`);
  assert.ok(remote.every((a) => !a.checkedIn) && all.filter((a) => !a.remote).every((a) => a.checkedIn));
  const withEta = remote.filter((a) => a.remote!.etaMinutes !== null);
  assert.ok(Math.abs(withEta.length / remote.length - ETA_SHARE) < 0.08);
  assert.ok(withEta.every((a) => a.remote!.etaMinutes! >= 5 && a.remote!.etaMinutes! <= 30));
});

barbers('a barber whose plan holds the turn of someone due within the hold waits for him; past its reach he serves who is here', () => {
  const one = [{ id: 1, onShift: true, idleSince: min(0) }];
  const waiting = [
    { id: 5, plannedBarberId: 1, plannedStart: min(5), checkedIn: false, simulated: false, joinedAt: min(-5), expectedAt: min(5) },
    { id: 6, plannedBarberId: 1, plannedStart: min(35), checkedIn: true, simulated: true, joinedAt: min(-4) },
  ];
  assert.equal(ofType(step(quiet({ waiting, barbers: one, holdMinutes: 10 }), min(0)), 'start'), [], 'held for #5');
  assert.equal(
    ofType(step(quiet({ waiting, barbers: one }), min(0)), 'start').map((a) => a.orderId),
    [6],
    'no hold: the one here',
  );
  const far = [{ ...waiting[0], plannedStart: min(15) }, waiting[1]];
  assert.equal(
    ofType(step(quiet({ waiting: far, barbers: one, holdMinutes: 10 }), min(0)), 'start').map((a) => a.orderId),
    [6],
    'due past the reach',
  );
});

const arrivals = suite('arrivals');

arrivals('walk-ins arrive at about the rate of the hour and the staff on the floor', () => {
  const r = rng(99);
  let n = 0;
  const ticks = 3000;
  for (let i = 0; i < ticks; i++) n += ofType(simulate({ shops: [shop()], tickMinutes: 1 }, min(0), r), 'walk-in').length;
  const expected = (2 * arrivalsPerBarberHour(13) * ticks) / 60;
  assert.ok(Math.abs(n / expected - 1) < 0.12, `${n} arrivals, expected about ${expected}`);
  assert.ok(arrivalsPerBarberHour(3) < arrivalsPerBarberHour(13));
});

arrivals('a long wait turns walk-ins away in proportion', () => {
  const count = (wait: number) => {
    const r = rng(4);
    let n = 0;
    for (let i = 0; i < 2000; i++) n += ofType(simulate({ shops: [shop({ wait })], tickMinutes: 1 }, min(0), r), 'walk-in').length;
    return n;
  };
  const ratio = count(60) / count(0);
  assert.ok(ratio > 0.4 && ratio < 0.6, `half stay at an hour's wait: ${ratio}`);
});

arrivals('none when closed, full, nobody on the floor, or the queue is long', () => {
  const long = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    plannedBarberId: null,
    plannedStart: null,
    checkedIn: true,
    simulated: true,
    joinedAt: min(0),
  }));
  const cases: Partial<SimShop>[] = [
    { open: false },
    { full: true },
    { barbers: [{ id: 1, onShift: false, idleSince: min(0) }] },
    { waiting: long },
    { wait: null },
    { wait: 120 },
  ];
  for (const c of cases) {
    const r = rng(5);
    for (let i = 0; i < 200; i++)
      assert.is(ofType(simulate({ shops: [shop(c)], tickMinutes: 5 }, min(0), r), 'walk-in').length, 0, JSON.stringify(c));
  }
});

arrivals('walk-ins choose from the menu: extras of their service, several only where allowed', () => {
  const r = rng(3);
  let seen = 0;
  for (let i = 0; i < 500; i++) {
    for (const a of ofType(simulate({ shops: [shop()], tickMinutes: 5 }, min(0), r), 'walk-in')) {
      seen++;
      const s = MENU.find((m) => m.id === a.choices[0].serviceId)!;
      assert.ok(s);
      for (const e of a.choices[0].extraIds) assert.ok(s.extraIds.includes(e));
      if (!s.multiple) assert.ok(a.choices[0].extraIds.length <= 1);
      assert.ok(a.priority >= 0 && a.priority <= 3);
      assert.ok(a.barberId === null || [1, 2].includes(a.barberId));
      assert.match(a.name, /^\S+ [A-Z]\.$/);
    }
  }
  assert.ok(seen > 100);
});

arrivals('the same seed and state give the same actions; finishes come first', () => {
  const s = shop({
    serving: [{ orderId: 1, barberId: 1, startedAt: min(-120), duration: 30 }],
    waiting: [{ id: 2, plannedBarberId: 2, plannedStart: min(0), checkedIn: true, simulated: true, joinedAt: min(-5) }],
  });
  const a = simulate({ shops: [s, { ...s, id: 2 }], tickMinutes: 10 }, min(0), rng(11));
  const b = simulate({ shops: [s, { ...s, id: 2 }], tickMinutes: 10 }, min(0), rng(11));
  assert.equal(a, b);
  const types = a.map((x) => x.type);
  assert.equal(types.slice(0, 2), ['finish', 'finish']);
  assert.ok(types.lastIndexOf('start') < types.indexOf('walk-in') || !types.includes('walk-in'));
});

durations.run();
barbers.run();
arrivals.run();

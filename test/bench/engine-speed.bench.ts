/**
 * Engine speed (a shop is recomputed in well under a millisecond for realistic queues):
 * the time of one `schedule()` call and one `fits()` call (the join path) on a realistic queue (8 barbers,
 * 60 waiting orders), a large one (8 barbers, 200) and the budget case (10 barbers, 200 waiting, with
 * the learned inputs: remote joiners with and without an expected arrival, barbers running over, member
 * rates, and a remote proposal), median and p95 over many calls, in microseconds. Every answer carries the
 * waits' likely windows; the learned case is judged against WINDOWS_BUDGET_US as well. The baseline, timed in the same process on the same snapshots, is a simple engine: sort by priority and join time,
 * then one placement pass (assign.ts `run`), with no no-bump guard and no per-priority or per-barber probes.
 */
import { availableParallelism, loadavg } from 'node:os';
import { run } from '../../src/server/queue/engine/assign.ts';
import { DEFAULT_LEARNED, HELD_TURN, prepare } from '../../src/server/queue/engine/lanes.ts';
import { fits, schedule } from '../../src/server/queue/engine/schedule.ts';
import type { ProposedOrder } from '../../src/server/queue/engine/schedule.ts';
import type { EngineBarber, EngineOrder, Snapshot } from '../../src/server/queue/engine/types.ts';
import { learnWindowModel } from '../../src/server/queue/engine/window-learn.ts';
import { FEATURE_COUNT, type WindowModel } from '../../src/server/queue/engine/window-model.ts';
import { Rng } from './sim/rng.ts';
import { EXTRAS, MENU, MINUTE } from './sim/shop.ts';

/** schedule() p95 on the learned case, now that every wait carries its likely window. */
const WINDOWS_BUDGET_US = 5000;
const VARIANTS = 32; // distinct snapshots per size, cycled so one input does not stay hot
const DAY = Date.UTC(2025, 2, 3);
const at = (h: number) => DAY + Math.round(h * 60) * MINUTE;

/**
 * The learned case tells its windows from a window model of the full size (window-learn.ts), learned here on
 * made-up customers: what it costs is its trees' count and depth, not what they learned.
 */
const MODEL = (() => {
  const rng = new Rng(7);
  const samples = Array.from({ length: 3000 }, (_, i) => {
    const x = Array.from({ length: FEATURE_COUNT }, () => Math.floor(rng.uniform(0, 60)));
    return { x, e: rng.uniform(-20, 20) + x[0] * 0.3, cell: i % 24, group: `1:${Math.floor(i / 100)}` };
  });
  return learnWindowModel(samples) as WindowModel;
})();

function snapshot(rng: Rng, barbers: number, orders: number, learned: boolean): Snapshot {
  const now = at(12 + rng.uniform(0, 4));
  const bs: EngineBarber[] = [];
  for (let id = 1; id <= barbers; id++) {
    const role = id % 4;
    const shifts =
      role === 0
        ? [{ start: at(9), end: at(19) }]
        : role === 1
          ? [{ start: at(9), end: at(15.5) }]
          : role === 2
            ? [{ start: at(12.5), end: at(19) }]
            : [
                { start: at(9), end: at(14) },
                { start: at(14.5), end: at(19) },
              ];
    const busy = rng.chance(0.8);
    // With the learned inputs some services in progress are past their expected end (run-over).
    const freeAt = busy ? now + Math.round(rng.uniform(learned ? -10 : 1, 45) * MINUTE) : now;
    bs.push({ id, shifts, freeAt, speed: rng.uniform(0.8, 1.25), ...(learned && { serving: busy }) });
  }
  const os: EngineOrder[] = [];
  for (let id = 1; id <= orders; id++) {
    const u = rng.next();
    const joinedAt = now - Math.round(rng.uniform(0, 180) * MINUTE);
    const checkedIn = rng.chance(0.3);
    const priority = u < 0.02 ? 3 : u < 0.07 ? 2 : u < 0.17 ? 1 : 0;
    let duration = rng.weighted(MENU.map((m) => ({ w: m.w, v: m.minutes })));
    if (rng.chance(0.25)) duration += EXTRAS[rng.int(0, EXTRAS.length - 1)].minutes;
    os.push({
      id: 100 + id,
      priority,
      joinedAt,
      barberId: rng.chance(0.25) ? rng.int(1, barbers) : null,
      duration,
      checkedIn,
      // Remote joiners: about half gave an expected arrival, within the next half hour or just past.
      ...(learned &&
        !checkedIn && { source: 'app' as const, ...(rng.chance(0.5) && { expectedAt: now + Math.round(rng.uniform(-5, 30) * MINUTE) }) }),
      // Some checked-in orders were pinned by the no-bump guard at a recalculation since they joined.
      ...(checkedIn && rng.chance(0.25) && { pinned: true, pinnedAt: joinedAt + Math.round(rng.next() * (now - joinedAt)) }),
    });
  }
  return {
    now,
    hours: { open: at(9), close: at(19) },
    barbers: bs,
    orders: os,
    // The learned case plans with turns held for those on their way (the rule measured, HELD_TURN; BENCH_HOLD=0: none).
    ...(learned && {
      learned: { ...DEFAULT_LEARNED, model: MODEL, hour: 13 },
      ...(process.env.BENCH_HOLD !== '0' && { hold: HELD_TURN }),
    }),
  };
}

/** The baseline: priority, then join time, one placement pass. */
function simpleEngine(s: Snapshot): number {
  const ctx = prepare(s);
  const list = [...s.orders].sort((a, b) => b.priority - a.priority || a.joinedAt - b.joinedAt || a.id - b.id);
  return run(ctx, list).placements.length;
}

let sink = 0;

/** Rounds of timed calls: the machine is shared, so each round's p95 is printed and the quietest round judged. */
const ROUNDS = 3;

function time(label: string, snaps: Snapshot[], runs: number, fn: (s: Snapshot) => number): { median: number; p95: number } {
  // Warm-up (JIT), then each call timed on its own.
  for (let i = 0; i < Math.min(runs, 300); i++) sink += fn(snaps[i % snaps.length]);
  let best = { median: Infinity, p95: Infinity, min: Infinity };
  const p95s: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const us = new Float64Array(runs);
    for (let i = 0; i < runs; i++) {
      const s = snaps[i % snaps.length];
      const t0 = process.hrtime.bigint();
      sink += fn(s);
      us[i] = Number(process.hrtime.bigint() - t0) / 1000;
    }
    us.sort();
    const r = { median: us[Math.floor(runs / 2)], p95: us[Math.floor(runs * 0.95)], min: us[0] };
    p95s.push(r.p95.toFixed(0));
    if (r.p95 < best.p95) best = r;
  }
  console.log(
    `  ${label.padEnd(27)} median ${best.median.toFixed(1).padStart(7)} µs   p95 ${best.p95.toFixed(1).padStart(7)} µs   min ${best.min.toFixed(1).padStart(7)} µs   ` +
      `(${runs} calls × ${ROUNDS} rounds, p95 per round ${p95s.join(' / ')} µs)`,
  );
  return best;
}

const started = performance.now();
console.log(
  `load average at start ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores (other work on the machine inflates the p95)`,
);
const rng = new Rng(42);
for (const [barbers, orders, runs, learned] of [
  [8, 60, 4000, false],
  [8, 200, 1000, false],
  [10, 200, 1000, true],
] as const) {
  const snaps = Array.from({ length: VARIANTS }, () => snapshot(rng, barbers, orders, learned));
  // With the learned inputs the proposal is a remote joiner (the costliest join: the plan is played per likely arrival).
  const proposals = snaps.map(
    (s): ProposedOrder => ({
      priority: rng.chance(0.17) ? rng.int(1, 3) : 0,
      barberId: rng.chance(0.25) ? rng.int(1, barbers) : null,
      duration: 30,
      ...(learned && { source: 'app' as const, ...(rng.chance(0.5) && { expectedAt: s.now + 15 * MINUTE }) }),
    }),
  );
  console.log(
    `${barbers} barbers, ${orders} waiting orders (30 % checked in, a quarter of those pinned, 25 % chose a barber, 17 % members)` +
      (learned ? ', learned inputs: the rest remote (half with an expected arrival), services running over, member rates:' : ':'),
  );
  const sch = time('schedule()', snaps, runs, (s) => schedule(s).orders.length);
  let k = 0;
  const fit = time('fits() (a join)', snaps, runs, (s) => (fits(s, proposals[k++ % proposals.length]).ok ? 1 : 0));
  const base = time('baseline: sort + one pass', snaps, runs, simpleEngine);
  console.log(
    `  schedule() / baseline: median ×${(sch.median / base.median).toFixed(1)}, p95 ×${(sch.p95 / base.p95).toFixed(1)}; ` +
      `fits() / baseline: median ×${(fit.median / base.median).toFixed(1)}; ` +
      `budget "well under 1 ms" (1000 µs): schedule() p95 ${sch.p95 < 1000 ? 'within' : 'OVER'}, fits() p95 ${fit.p95 < 1000 ? 'within' : 'OVER'}`,
  );
  // With the learned inputs every wait also carries its window: the budget for that case is 5 ms at p95.
  if (learned)
    console.log(
      `  windows budget (schedule() p95 ≤ ${WINDOWS_BUDGET_US} µs with windows): ${sch.p95 <= WINDOWS_BUDGET_US ? 'within' : 'OVER'}`,
    );
}
// The sink keeps the calls from being optimised away; it is never negative.
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s${sink < 0 ? ' (sink)' : ''}`);

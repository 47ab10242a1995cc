/**
 * Queue accuracy on the real floor: simulated shop days comparing the wait quoted at join with the
 * wait that happened (service start − join), beside the naive estimate (customers ahead × average listed
 * duration ÷ barbers on shift), with the figures of src/server/queue/engine/accuracy.ts. The floor: see sim/day.ts.
 *
 * SHOPS shops play DAYS days side by side from SEED; each shop-day is quiet, normal or busy at random. Nothing
 * is known at first: before each day every shop learns its figures (arrivals, members, run-over) from its own
 * earlier days through learn.ts, the chain's from every shop's, and the constants stand until 200 samples.
 * The targets are judged per day type on the default parameters, and again with each parameter moved.
 *
 * Seeds: every change to the engine was chosen on seeds 1 and 2 (BENCH_SEED=1, 2); the report seed (default) is
 * 20251124, which chose nothing; BENCH_SEED picks another, BENCH_SHOPS / BENCH_DAYS change the size, and
 * BENCH_DUMP=file writes the default run's records as JSON for analysis.
 */
import { writeFileSync } from 'node:fs';
import { type Figures, learnFigures, learnedAt, resolveFigures, type HistoryRow } from '../../src/server/queue/engine/learn.ts';
import type { Learned } from '../../src/server/queue/engine/types.ts';
import { simulateDay, type WaitRecord } from './sim/day.ts';
import { Rng } from './sim/rng.ts';
import { DAY_TYPES, type DayParams, type DayType, DEFAULT_PARAMS, makeShop, planDay, type Shop } from './sim/shop.ts';
import { header, line, meets, pair, row, type Target } from './sim/stats.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20251124);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 30);
const DAYS = Number(process.env.BENCH_DAYS ?? 8);
const HOUR = 3_600_000;

const TARGETS: Partial<Record<DayType, Target>> = {
  normal: { ratio: 0.5, within: 0.85, longer: 0.08 },
  busy: { ratio: 0.6, within: 0.75, longer: 0.12 },
};
const MOVED_SLACK: Target = { ratio: 0.1, within: 0.1, longer: 0.04 };
const TYPES: DayType[] = ['quiet', 'normal', 'busy'];

interface Rec extends WaitRecord {
  type: DayType;
}

function simulate(params: Omit<DayParams, 'ratePerBarber'>): Rec[] {
  const root = new Rng(SEED);
  const shops: { shop: Shop; rng: Rng; history: HistoryRow[] }[] = [];
  for (let s = 0; s < SHOPS; s++) {
    const rng = root.fork();
    shops.push({ shop: makeShop(s, rng), rng, history: [] });
  }
  const out: Rec[] = [];
  for (let d = 0; d < DAYS; d++) {
    const chain = learnFigures(shops.flatMap((x) => x.history));
    for (const x of shops) {
      const rng = x.rng.fork();
      const type = rng.weighted<DayType>([
        { w: 1, v: 'quiet' },
        { w: 2, v: 'normal' },
        { w: 1, v: 'busy' },
      ]);
      const plan = planDay(x.shop, d, rng, { ...params, ratePerBarber: DAY_TYPES[type] });
      const figs: Figures = resolveFigures(learnFigures(x.history), chain);
      const byHour = new Map<number, Learned>();
      const at = (t: number): Learned => {
        const h = (d % 7) * 24 + Math.floor((t - plan.dayStart) / HOUR);
        let l = byHour.get(h);
        if (!l) {
          l = learnedAt(figs, h);
          byHour.set(h, l);
        }
        return l;
      };
      const r = simulateDay(plan, at);
      x.history.push(...r.history);
      for (const rec of r.records) out.push({ ...rec, type });
    }
  }
  return out;
}

const started = performance.now();
const base = simulate(DEFAULT_PARAMS);
const p = DEFAULT_PARAMS;
console.log(`queue accuracy on the real floor: ${SHOPS} shops × ${DAYS} days, seed ${SEED} (tuned on seeds 1 and 2)`);
console.log(
  `model: 3–6 barbers, staggered shifts, lunch and after-work peaks; day types quiet/normal/busy ${DAY_TYPES.quiet}/${DAY_TYPES.normal}/${DAY_TYPES.busy} ` +
    `arrivals per barber-hour; ${p.remoteShare * 100} % remote (trip 5–30 min, independent of the quote; 55 % give an ETA, error sd ${p.etaErrorSd} min; ` +
    `5 % never come); ${p.memberShare * 100} % members; 25 % choose a barber; 8 % of services run 5–20 min over`,
);

const band = (r: Rec): string => (r.quote < 10 ? '0–9' : r.quote < 30 ? '10–29' : r.quote < 60 ? '30–59' : '60+');
const splits: [string, (r: Rec) => string][] = [
  ['joined', (r) => (r.walkIn ? 'walk-in' : r.gaveEta ? 'remote, gave ETA' : 'remote, no ETA')],
  ['barber', (r) => (r.chose ? 'chose a barber' : 'anyone')],
  ['overtaken', (r) => (r.overtakenBy > 0 ? 'overtaken by a later joiner' : 'not overtaken')],
  ['absent ahead', (r) => (r.absentAhead ? 'absent customer ahead at join' : 'nobody absent ahead')],
  ['quote band', (r) => `quote ${band(r)} min`],
];

let allPass = true;
for (const type of TYPES) {
  const rs = base.filter((r) => r.type === type);
  const all = pair(rs);
  const t = TARGETS[type];
  const verdict = t ? (meets(all, t) ? 'PASS' : 'FAIL') : 'no target';
  if (t && !meets(all, t)) allPass = false;
  console.log('');
  console.log(`== ${type} days${t ? ` (target ratio ≤ ${t.ratio}, within ≥ ${t.within * 100} %, longer ≤ ${t.longer * 100} %): ${verdict}` : ''}`);
  console.log(header());
  console.log(line('all', all));
  for (const [, key] of splits) {
    const groups = [...new Set(rs.map(key))].sort();
    for (const g of groups) console.log(line(`  ${g}`, pair(rs.filter((r) => key(r) === g))));
  }
}

if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(base));
const moved: [string, Partial<DayParams>][] = [
  ['remote 50 %', { remoteShare: 0.5 }],
  ['remote 85 %', { remoteShare: 0.85 }],
  ['members 15 %', { memberShare: 0.15 }],
  ['members 40 %', { memberShare: 0.4 }],
  ['ETA error doubled', { etaErrorSd: p.etaErrorSd * 2 }],
];
const W = [22, 8, 6, 7, 10, 10, 14];
console.log('');
console.log(`moved parameters (same seed; targets loosened by +${MOVED_SLACK.ratio} ratio, −${MOVED_SLACK.within * 100} / +${MOVED_SLACK.longer * 100} points)`);
console.log(row(['parameter', 'day', 'n', 'ratio', 'within 10', 'longer>10', 'verdict'], W));
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
for (const [name, change] of moved) {
  const rs = simulate({ ...DEFAULT_PARAMS, ...change });
  for (const type of TYPES) {
    const f = pair(rs.filter((r) => r.type === type));
    const t = TARGETS[type];
    const ok = t ? meets(f, t, MOVED_SLACK) : true;
    if (!ok) allPass = false;
    console.log(row([name, type, String(f.engine.n), f.ratio.toFixed(2), pct(f.engine.within), pct(f.engine.longer), t ? (ok ? 'PASS' : 'FAIL') : '—'], W));
  }
}
// Not judged: the engine's core on the same days, everyone joining in the shop and nobody a member. What is left
// there is service times varying around what was learned; the floor above only adds to it.
console.log('');
console.log('reference, not judged: the same days with everyone joining in the shop and no members');
const core = simulate({ ...DEFAULT_PARAMS, remoteShare: 0, memberShare: 1e-9 });
for (const type of TYPES) {
  const f = pair(core.filter((r) => r.type === type));
  console.log(row(['all in shop, no members', type, String(f.engine.n), f.ratio.toFixed(2), pct(f.engine.within), pct(f.engine.longer), ''], W));
}
console.log('');
console.log(`every target: ${allPass ? 'PASS' : 'FAIL'}`);
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);

/**
 * The window lab, step 1 (not a bench of its own; see eval.ts): plays the accuracy bench's days once, as its window
 * part does (same seed, shops, days and parties; nobody follows "leave by", so the window told changes nothing on
 * the floor), and writes every served customer's record and each shop-day's model samples to LAB_OUT
 * (default /tmp/window-lab-<seed>.json). LAB_PARAMS: JSON of moved day parameters, e.g. {"memberShare":0.4}.
 *   BENCH_SEED=1 npx tsx test/bench/window-lab/dump.ts
 */
import { writeFileSync } from 'node:fs';
import { type HistoryRow, learnFigures, learnedAt, modelSamples, resolveFigures } from '../../../src/server/queue/engine/learn.ts';
import type { Learned } from '../../../src/server/queue/engine/types.ts';
import { simulateDay } from '../sim/day.ts';
import { DEFAULT_PARTY, joinExtras } from '../sim/party.ts';
import { Rng } from '../sim/rng.ts';
import { DAY_TYPES, type DayParams, type DayType, DEFAULT_PARAMS, makeShop, planDay, type Shop } from '../sim/shop.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20251124);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 30);
const DAYS = Number(process.env.BENCH_DAYS ?? 8);
const HOUR = 3_600_000;
const change: Partial<DayParams> = JSON.parse(process.env.LAB_PARAMS ?? '{}');
const params = { ...DEFAULT_PARAMS, ...change };
const root = new Rng(SEED);
const shops: { shop: Shop; rng: Rng; history: HistoryRow[] }[] = [];
for (let s = 0; s < SHOPS; s++) {
  const rng = root.fork();
  shops.push({ shop: makeShop(s, rng), rng, history: [] });
}
const records: unknown[] = [];
const samples: unknown[][][] = shops.map(() => []);
for (let d = 0; d < DAYS; d++) {
  const chain = learnFigures(
    shops.flatMap((x) => x.history),
    { model: false },
  );
  for (const x of shops) {
    const rng = x.rng.fork();
    const type = rng.weighted<DayType>([
      { w: 1, v: 'quiet' },
      { w: 2, v: 'normal' },
      { w: 1, v: 'busy' },
    ]);
    const plan = planDay(x.shop, d, rng, { ...params, ratePerBarber: DAY_TYPES[type] });
    const figs = resolveFigures(learnFigures(x.history), chain);
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
    const r = simulateDay(plan, at, 0, joinExtras(plan, params, DEFAULT_PARTY), 'join');
    x.history.push(...r.history);
    samples[x.shop.index].push(modelSamples(r.history));
    for (const rec of r.records) records.push({ ...rec, type });
  }
}
writeFileSync(process.env.LAB_OUT ?? `/tmp/window-lab-${SEED}.json`, JSON.stringify({ seed: SEED, params, records, samples }));
console.log('records', records.length, 'samples', samples.flat(2).length);

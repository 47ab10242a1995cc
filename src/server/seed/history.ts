/**
 * A small past for the demo: a few finished orders per shop on the days before the seeding instant,
 * so the shops' learned figures (remote joiners' trips, lateness against a given arrival, run-over, join rates)
 * have something to learn from. Small on purpose: HISTORY_DAYS × HISTORY_PER_DAY orders a shop.
 */
import type { SeedBarber } from './barbers.ts';
import type { Rng } from '../demo/random.ts';
import type { SeedShop } from './shops.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const HISTORY_DAYS = 2;
export const HISTORY_PER_DAY = 8;

export interface SeedPastOrder {
  shopId: number;
  barberId: number;
  status: 'serviced' | 'no-show';
  priority: number;
  source: 'app' | 'desk';
  duration: number;
  price: number;
  joinedAt: number;
  checkedInAt: number | null;
  expectedAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  /** What he was told at join (minutes): the wait and its likely window. */
  quotedWait: number;
  quotedLow: number;
  quotedHigh: number;
}

/**
 * What a past customer was told at join, made up from the wait he had: up to 14 minutes off either way (from the
 * join's minute, so the history's random stream stays as it was), with a window that widens with the wait and holds
 * most of the waits, as the engine's does. So the console's figures of the days before have something to show.
 */
export function toldAtJoin(joinedAt: number, waited: number): { quotedWait: number; quotedLow: number; quotedHigh: number } {
  const off = (Math.floor(joinedAt / MINUTE) % 29) - 14;
  const quotedWait = Math.max(0, Math.round(waited + off));
  return {
    quotedWait,
    quotedLow: quotedWait <= 5 ? 0 : Math.floor(quotedWait * 0.6),
    quotedHigh: Math.ceil(quotedWait * 1.4) + 8,
  };
}

/** Finished orders of the HISTORY_DAYS days before `now` at every shop with barbers, all over before `now`. */
export function buildHistory(now: number, shops: readonly SeedShop[], barbers: readonly SeedBarber[], r: Rng): SeedPastOrder[] {
  const out: SeedPastOrder[] = [];
  for (const shop of shops) {
    const staff = barbers.filter((b) => b.homeShopId === shop.id);
    if (!staff.length) continue;
    for (let d = 1; d <= HISTORY_DAYS; d++) {
      for (let i = 0; i < HISTORY_PER_DAY; i++) {
        const b = r.pick(staff);
        // Around the seeding hour on earlier days (-3 h … +6 h), so the join rates cover the day's hours.
        const joinedAt = now - d * DAY + r.int(-3, 5) * HOUR + r.int(0, 59) * MINUTE;
        const duration = r.pick([20, 30, 30, 45, 60]);
        const remote = r.chance(0.65);
        const gaveEta = remote && r.chance(0.5);
        const trip = r.int(5, 30);
        const expectedAt = gaveEta ? joinedAt + trip * MINUTE : null;
        const came = !r.chance(0.04);
        const checkedInAt = !came ? null : remote ? joinedAt + (gaveEta ? trip + r.int(-4, 8) : trip) * MINUTE : joinedAt;
        const startedAt = checkedInAt === null ? null : checkedInAt + r.int(0, 20) * MINUTE;
        const ran = Math.round(duration * b.speed) + (r.chance(0.1) ? r.int(5, 15) : r.int(-5, 4));
        out.push({
          shopId: shop.id,
          barberId: b.id,
          status: came ? 'serviced' : 'no-show',
          priority: r.chance(0.3) ? r.int(1, 3) : 0,
          source: remote ? 'app' : 'desk',
          duration,
          price: 2000 + duration * 50,
          joinedAt,
          checkedInAt,
          expectedAt,
          startedAt,
          finishedAt: startedAt === null ? joinedAt + HOUR : startedAt + ran * MINUTE,
          ...toldAtJoin(joinedAt, ((startedAt ?? joinedAt + 20 * MINUTE) - joinedAt) / MINUTE),
        });
      }
    }
  }
  return out.sort((a, b) => a.joinedAt - b.joinedAt);
}

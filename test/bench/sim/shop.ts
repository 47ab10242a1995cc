/**
 * A simulated shop and its days for the accuracy benchmark: opening hours, a roster of barbers with a true
 * speed the engine never sees, staggered shifts, a service menu, and a day's arrivals (a Poisson process whose
 * rate follows the hour: quiet morning, lunch peak, afternoon lull, after-work peak). Everything random about a
 * customer is drawn here, up front, so the day's outcome depends only on the seed and the queue's decisions.
 */
import type { EngineShift } from '../../../src/server/queue/engine/types.ts';
import type { Rng } from './rng.ts';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Listed durations (minutes) and how often each service is picked. */
export const MENU: readonly { name: string; minutes: number; w: number }[] = [
  { name: 'Beard trim', minutes: 15, w: 0.12 },
  { name: "Kids' haircut", minutes: 20, w: 0.1 },
  { name: 'Haircut', minutes: 30, w: 0.38 },
  { name: 'Skin fade', minutes: 40, w: 0.15 },
  { name: 'Haircut & beard', minutes: 45, w: 0.17 },
  { name: 'Full grooming', minutes: 60, w: 0.08 },
];
export const EXTRAS: readonly { name: string; minutes: number }[] = [
  { name: 'Hot towel', minutes: 5 },
  { name: 'Wash', minutes: 10 },
  { name: 'Styling', minutes: 10 },
];
export const P_EXTRAS = 0.25; // a customer adds extras
export const P_TWO_EXTRAS = 0.2; // of those, two rather than one

/** How the members split over the levels (Silver 1, Gold 2, Platinum 3). */
export const LEVEL_SPLIT: Record<1 | 2 | 3, number> = { 1: 0.55, 2: 0.3, 3: 0.15 };
export const P_CHOOSE_BARBER = 0.25;
/** Remote joiners who never come; the shop clears them NO_SHOW_CLEAR_MINUTES after they joined. */
export const P_NO_SHOW = 0.05;
export const NO_SHOW_CLEAR_MINUTES = 60;
/** A remote joiner's trip, minutes: uniform, drawn independently of any quote. */
export const TRIP_MINUTES: [number, number] = [5, 30];
/** Share of remote joiners who give an expected arrival (the rest do not). */
export const P_GIVES_ETA = 0.55;
/** Services that run well over: extra minutes, uniform, on top of the usual spread. */
export const P_RUN_OVER = 0.08;
export const RUN_OVER_EXTRA: [number, number] = [5, 20];

/** Day-to-day wobble of a barber's true speed (log-sd). */
export const DAY_SPEED_SIGMA = 0.05;
/** What a day type and the moved parameters vary. */
export interface DayParams {
  /** Arrivals per hour per barber on the roster, before the hourly profile. */
  ratePerBarber: number;
  /** Spread of one service's actual time around listed × the barber's true speed (log-sd of a mean-1 lognormal). */
  durationSigma: number;
  /** Share of customers who join from afar and travel (the rest join in the shop). */
  remoteShare: number;
  /** Share of customers who are members (any level). */
  memberShare: number;
  /** Error of a given expected arrival: sd in minutes of a normal added to the true trip. */
  etaErrorSd: number;
}
export const DEFAULT_PARAMS: DayParams = { ratePerBarber: 1.05, durationSigma: 0.2, remoteShare: 0.7, memberShare: 0.25, etaErrorSd: 4 };
/** Arrivals per barber-hour of each day type. */
export const DAY_TYPES = { quiet: 0.7, normal: 1.05, busy: 1.35 } as const;
export type DayType = keyof typeof DAY_TYPES;

/** Expected listed duration of an order (service plus extras): what a naive estimator calls "the average". */
export const MEAN_LISTED = (() => {
  const total = MENU.reduce((s, m) => s + m.w, 0);
  const service = MENU.reduce((s, m) => s + m.w * m.minutes, 0) / total;
  const extra = EXTRAS.reduce((s, e) => s + e.minutes, 0) / EXTRAS.length;
  return service + P_EXTRAS * extra * (1 + P_TWO_EXTRAS);
})();

/** Relative arrival rate by local time (minutes since midnight). */
export function hourlyProfile(m: number): number {
  if (m < 11 * 60) return 0.6;
  if (m < 12 * 60) return 0.9;
  if (m < 13 * 60 + 30) return 1.7; // lunch
  if (m < 16 * 60 + 30) return 0.75;
  if (m < 18 * 60 + 30) return 1.8; // after work
  return 0.9;
}
const PROFILE_MAX = 1.8;

export interface ShopBarber {
  id: number;
  /** Actual / listed on average. The engine never sees it; it only sees what it learns. */
  trueSpeed: number;
  /** What the server has learned so far from finished services (persists across days, starts at 1). */
  learned: number;
}

export interface Shop {
  index: number;
  /** Opening and closing, minutes since local midnight. */
  openMin: number;
  closeMin: number;
  barbers: ShopBarber[];
}

export interface DayBarber {
  id: number;
  windows: EngineShift[];
  /** Today's true speed (the roster's, with a small day-to-day wobble). */
  trueSpeed: number;
  role: string;
}

export interface Arrival {
  at: number;
  priority: 0 | 1 | 2 | 3;
  /** Listed minutes, service plus extras. */
  listed: number;
  withExtras: boolean;
  /** Whether the customer picks a specific barber, and a uniform draw for which one. */
  choosesBarber: boolean;
  pickU: number;
  /** Actual time = listed × the serving barber's true speed × this (mean 1). */
  noise: number;
  /** Only remote joiners are no-shows: they never come. */
  noShow: boolean;
  walkIn: boolean;
  /** A remote joiner's true trip, minutes from join to check-in. */
  trip: number;
  /** The expected arrival he gives, minutes from join (with error), or null. */
  eta: number | null;
  /** Extra minutes this service runs over (0 for most). */
  runOver: number;
  /** Uniform draw for deciding to leave at a long quoted wait. */
  balkU: number;
}

export interface DayPlan {
  shop: Shop;
  dayIndex: number;
  /** Local midnight of the day (UTC here); day 0 is a Monday. */
  dayStart: number;
  open: number;
  close: number;
  barbers: DayBarber[];
  arrivals: Arrival[];
}

const HOURS: readonly [number, number][] = [
  [9 * 60, 19 * 60],
  [10 * 60, 20 * 60],
  [9 * 60, 18 * 60],
  [8 * 60 + 30, 18 * 60 + 30],
];

export function makeShop(index: number, rng: Rng): Shop {
  const [openMin, closeMin] = HOURS[rng.int(0, HOURS.length - 1)];
  const n = rng.int(3, 6);
  const barbers: ShopBarber[] = [];
  for (let i = 1; i <= n; i++) barbers.push({ id: i, trueSpeed: rng.uniform(0.8, 1.25), learned: 1 });
  return { index, openMin, closeMin, barbers };
}

const half = (m: number): number => Math.round(m / 30) * 30;

/** Staggered shifts: someone opens, someone closes, the others early, late, mid or the whole day. */
function windowsFor(role: string, o: number, c: number, rng: Rng): [number, number][] {
  const len = half(rng.uniform(6, 7.5) * 60);
  switch (role) {
    case 'early':
      return [[o, Math.min(c, o + len)]];
    case 'late':
      return [[Math.max(o, c - len), c]];
    case 'mid': {
      const start = half(o + rng.uniform(1.5, 3) * 60);
      return [[start, Math.min(c, start + len)]];
    }
    default: {
      // The whole day, sometimes with a 30-minute break in the early afternoon (two windows).
      if (!rng.chance(0.4)) return [[o, c]];
      const b = half(rng.uniform(13.5, 15) * 60);
      return [
        [o, b],
        [b + 30, c],
      ];
    }
  }
}

export function planDay(shop: Shop, dayIndex: number, rng: Rng, params: DayParams = DEFAULT_PARAMS): DayPlan {
  const dayStart = Date.UTC(2025, 2, 3 + dayIndex); // times are UTC: the shop's zone does not matter here
  const at = (m: number): number => dayStart + m * MINUTE;
  const o = shop.openMin;
  const c = shop.closeMin;
  const extraRoles = ['full', 'mid', 'late', 'early'];
  const roles = ['early', 'late', 'full'];
  while (roles.length < shop.barbers.length) roles.push(extraRoles[rng.int(0, extraRoles.length - 1)]);
  rng.shuffle(roles);
  const barbers: DayBarber[] = shop.barbers.map((b, i) => ({
    id: b.id,
    role: roles[i],
    trueSpeed: b.trueSpeed * rng.lognormal1(DAY_SPEED_SIGMA),
    windows: windowsFor(roles[i], o, c, rng).map(([s, e]) => ({ start: at(s), end: at(e) })),
  }));

  // Non-homogeneous Poisson arrivals by thinning.
  const arrivals: Arrival[] = [];
  const peak = (params.ratePerBarber * shop.barbers.length * PROFILE_MAX) / HOUR; // per ms
  let t = at(o);
  for (;;) {
    t += rng.exponential(peak);
    if (t >= at(c)) break;
    const minuteOfDay = (t - dayStart) / MINUTE;
    if (!rng.chance(hourlyProfile(minuteOfDay) / PROFILE_MAX)) continue;
    arrivals.push(customer(Math.round(t), rng, params));
  }
  return { shop, dayIndex, dayStart, open: at(o), close: at(c), barbers, arrivals };
}

function customer(at: number, rng: Rng, params: DayParams): Arrival {
  const u = rng.next() / params.memberShare;
  const priority: Arrival['priority'] = u >= 1 ? 0 : u < LEVEL_SPLIT[3] ? 3 : u < LEVEL_SPLIT[3] + LEVEL_SPLIT[2] ? 2 : 1;
  let listed = rng.weighted(MENU.map((m) => ({ w: m.w, v: m.minutes })));
  const withExtras = rng.chance(P_EXTRAS);
  if (withExtras) {
    const picks = rng.shuffle([...EXTRAS]).slice(0, rng.chance(P_TWO_EXTRAS) ? 2 : 1);
    listed += picks.reduce((s, e) => s + e.minutes, 0);
  }
  const walkIn = !rng.chance(params.remoteShare);
  const trip = rng.uniform(TRIP_MINUTES[0], TRIP_MINUTES[1]);
  const etaErr = rng.normal() * params.etaErrorSd;
  const givesEta = rng.chance(P_GIVES_ETA);
  const runOver = rng.chance(P_RUN_OVER) ? rng.uniform(RUN_OVER_EXTRA[0], RUN_OVER_EXTRA[1]) : 0;
  return {
    at,
    priority,
    listed,
    withExtras,
    choosesBarber: rng.chance(P_CHOOSE_BARBER),
    pickU: rng.next(),
    noise: rng.lognormal1(params.durationSigma),
    noShow: !walkIn && rng.chance(P_NO_SHOW),
    walkIn,
    trip: walkIn ? 0 : trip,
    // The customer rounds his guess to whole minutes; it is never negative.
    eta: walkIn || !givesEta ? null : Math.max(0, Math.round(trip + etaErr)),
    runOver,
    balkU: rng.next(),
  };
}

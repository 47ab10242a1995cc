/**
 * Parties and step-outs on the simulated floor (docs/decisions.md, "Honest waits"). A share of joins come as
 * 2–3 people: the joiner and one or two companions, each with his own services, extras and barber choice,
 * companions at priority 0 and arriving with the joiner. A share of parties step out together once checked in
 * (a few minutes after they arrive, if nobody of them has started), for 10, 20 or 30 minutes, never longer than
 * the wait they see then, and come back with some lateness; meanwhile the engine sees them as absent, from the
 * app, expected back when they said, and unpinned, as the server gives them.
 *
 * Everything is drawn from a stream of its own per shop-day, so the day's other customers stay as they were.
 */
import { type Fit, fits, schedule } from '../../../src/server/queue/engine/schedule.ts';
import type { EngineOrder, Snapshot } from '../../../src/server/queue/engine/types.ts';
import { Rng } from './rng.ts';
import { type Arrival, type DayParams, type DayPlan, EXTRAS, MENU, MINUTE, P_CHOOSE_BARBER, P_EXTRAS, P_TWO_EXTRAS } from './shop.ts';

/**
 * Whether the engine is given each party as the server gives it (EngineOrder.party, at its customer's priority);
 * BENCH_FAMILY=0: each person on his own at his own priority (the bench before it did).
 */
export const FAMILY = process.env.BENCH_FAMILY !== '0';
/** Share of joins that come as a party of 2–3 people. */
export const PARTY_SHARE = 0.1;
/** Share of parties (people alone included) who step out once checked in. */
export const STEP_OUT_SHARE = 0.05;
export const STEP_OUT_MINUTES = [10, 20, 30] as const;
/** Minutes after check-in at which a customer who steps out does so (uniform). */
const STEP_OUT_AFTER: [number, number] = [2, 10];
/** Lateness on coming back: normal, mean and sd in minutes, bounded. */
const BACK_LATE = { mean: 1, sd: 3, min: -3, max: 12 };

/** A companion: what is his own of an arrival. */
export type Companion = Pick<Arrival, 'listed' | 'withExtras' | 'choosesBarber' | 'pickU' | 'noise' | 'runOver'>;

export interface StepOutPlan {
  /** Minutes after check-in. */
  after: number;
  /** Uniform draw for the minutes chosen. */
  u: number;
  /** Minutes he comes back after the time he gave (negative: early). */
  late: number;
}

/** What a join brings beside the joiner: his companions and whether the party steps out. */
export interface JoinExtras {
  companions: Companion[];
  stepOut: StepOutPlan | null;
}

export interface PartyParams {
  partyShare: number;
  stepOutShare: number;
}

export const DEFAULT_PARTY: PartyParams = { partyShare: PARTY_SHARE, stepOutShare: STEP_OUT_SHARE };

function companion(rng: Rng, durationSigma: number): Companion {
  let listed = rng.weighted(MENU.map((m) => ({ w: m.w, v: m.minutes })));
  const withExtras = rng.chance(P_EXTRAS);
  if (withExtras) {
    const picks = rng.shuffle([...EXTRAS]).slice(0, rng.chance(P_TWO_EXTRAS) ? 2 : 1);
    listed += picks.reduce((s, e) => s + e.minutes, 0);
  }
  return {
    listed,
    withExtras,
    choosesBarber: rng.chance(P_CHOOSE_BARBER),
    pickU: rng.next(),
    noise: rng.lognormal1(durationSigma),
    runOver: rng.chance(0.08) ? rng.uniform(5, 20) : 0,
  };
}

/** Per arrival of the day, in its order: companions and step-out. */
export function joinExtras(plan: DayPlan, params: Pick<DayParams, 'durationSigma'>, pp: PartyParams = DEFAULT_PARTY): JoinExtras[] {
  const rng = new Rng(((plan.shop.index + 1) * 7919 + plan.dayIndex * 104729) >>> 0);
  return plan.arrivals.map(() => {
    const size = rng.chance(pp.partyShare) ? rng.int(1, 2) : 0;
    const companions = Array.from({ length: size }, () => companion(rng, params.durationSigma));
    const steps = rng.chance(pp.stepOutShare);
    const stepOut = {
      after: rng.uniform(STEP_OUT_AFTER[0], STEP_OUT_AFTER[1]),
      u: rng.next(),
      late: Math.min(BACK_LATE.max, Math.max(BACK_LATE.min, BACK_LATE.mean + BACK_LATE.sd * rng.normal())),
    };
    return { companions, stepOut: steps ? stepOut : null };
  });
}

/** A companion as an arrival of his own: the joiner's arrival, his own services, priority 0. */
export function companionArrival(a: Arrival, c: Companion): Arrival {
  return { ...a, ...c, priority: 0 };
}

/** The minutes he steps out for: a choice of 10/20/30 no longer than the wait he sees (10 at least). */
export function stepOutMinutes(u: number, wait: number): number {
  const options = STEP_OUT_MINUTES.filter((m) => m <= Math.max(10, wait));
  return options[Math.floor(u * options.length)];
}

/** While he is out: from when, until when he said, and when he is back. */
export interface Out {
  from: number;
  until: number;
  back: number;
}

/** Whether a customer who checked in at `arrivesAt` is in the shop at t (not out). */
export function inShop(c: { arrivesAt: number; out: Out | null }, t: number): boolean {
  return c.arrivesAt <= t && !(c.out !== null && c.out.from <= t && t < c.out.back);
}

/** What a person of a party was told at join. */
export interface Told {
  p: Arrival;
  chosen: number | null;
  fit: Extract<Fit, { ok: true }>;
}

/**
 * A join asked person by person, the customer first, each with those before him stored (ids from `firstId` on,
 * his join time), as the server places them: the whole party fits, or null (nobody joins).
 */
export function askParty(
  snap: Snapshot,
  a: Arrival,
  ex: JoinExtras | undefined,
  expectedAt: number | null,
  firstId: number,
): Told[] | null {
  const people = [a, ...(ex?.companions ?? []).map((c) => companionArrival(a, c))];
  const open = people.some((p) => p.choosesBarber) ? schedule(snap).barbers.filter((q) => q.queue_open) : [];
  const orders: EngineOrder[] = [...snap.orders];
  const told: Told[] = [];
  for (const [i, p] of people.entries()) {
    const chosen = p.choosesBarber && open.length ? open[Math.floor(p.pickU * open.length)].id : null;
    // A party waits as one at its customer's priority, as the server places it (docs/decisions.md, "A party waits
    // as a family"): the customer first on his own, then each companion with the party.
    if (FAMILY && i === 1) orders[orders.length - 1] = { ...orders[orders.length - 1], party: firstId };
    const order = {
      priority: FAMILY && i > 0 ? a.priority : p.priority,
      barberId: chosen,
      duration: p.listed,
      checkedIn: a.walkIn,
      source: a.walkIn ? ('desk' as const) : ('app' as const),
      ...(expectedAt !== null && { expectedAt }),
      ...(FAMILY && i > 0 && { party: firstId }),
    };
    const fit = fits({ ...snap, orders }, order);
    if (!fit.ok) return null;
    told.push({ p, chosen, fit });
    orders.push({ ...order, id: firstId + i, joinedAt: snap.now });
  }
  return told;
}

/** What stepping out needs of a simulated customer. */
interface Person {
  id: number;
  arrivesAt: number;
  pinnedAt: number | null;
  party: Person[];
  stepOut: StepOutPlan | null;
  out: Out | null;
}

/**
 * Parties whose time to step out has come step out together, if nobody of them has started (all still
 * `waiting`): for the minutes chosen against the wait they see (`waitOf`), their pins lifted.
 */
export function stepOuts<P extends Person>(waiting: Iterable<P>, t: number, waitOf: (c: P) => number): void {
  const all = [...waiting];
  const ids = new Set(all.map((c) => c.id));
  for (const c of all) {
    const plan = c.stepOut;
    if (plan === null || c.arrivesAt + plan.after * MINUTE > t) continue;
    c.stepOut = null;
    if (!c.party.every((p) => ids.has(p.id))) continue;
    const minutes = stepOutMinutes(plan.u, waitOf(c));
    const out: Out = { from: t, until: t + minutes * MINUTE, back: t + Math.round((minutes + plan.late) * MINUTE) };
    for (const p of c.party) {
      p.out = out;
      p.pinnedAt = null;
    }
  }
}

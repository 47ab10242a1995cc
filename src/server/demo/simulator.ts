/**
 * The demo's barbers: in the embedded demo a simulator plays every shop so waits move by themselves.
 * `simulate(state, now, rng)` is a pure step that answers what happens this tick: services finish after a random but
 * fixed duration around the listed one times the barber's own pace, an idle barber takes the first customer in service
 * order who is in the shop (never an absent one), customers who join from afar travel a drawn trip (some give an
 * expected arrival, with an error) and check in when they arrive, those who never come become no-shows, walk-ins arrive
 * at random by shop size and hour. The runner (simulator-run.ts) builds the state from the database and applies the
 * actions through the same domain functions as the operator API.
 */
import type { Rng } from './random.ts';
import { rng as seeded } from './random.ts';

const MINUTE = 60_000;
/** A customer not there this long after the arrival they gave (or NO_SHOW_AFTER_MINUTES after joining) loses the place. */
export const NO_SHOW_GRACE_MINUTES = 10;
/** Without an expected arrival, a customer is expected within this many minutes of joining. */
export const NO_SHOW_AFTER_MINUTES = 30;
/** An absent customer is only dropped once the turn is this close: nobody loses a place far down the queue. */
const NO_SHOW_TURN_MINUTES = 15;
/** Share of the simulated customers who join from afar (the rest walk in at the door). */
export const REMOTE_SHARE = 0.6;
/** Share of those who give an expected arrival. */
export const ETA_SHARE = 0.5;
/** Walk-ins stop coming in when this many wait per barber on the floor (people look in and leave). */
export const BALK_PER_BARBER = 4;
/** A walk-in facing this many minutes of wait always leaves; shorter waits turn away a share in proportion. */
export const BALK_WAIT_MINUTES = 120;
/** Share of simulated remote joiners (not checked in) who turn up at all. */
const SHOW_SHARE = 0.88;

export interface SimService {
  id: number;
  duration: number;
  multiple: boolean;
  extraIds: number[];
}

export interface SimBarber {
  id: number;
  /** A shift window contains now. */
  onShift: boolean;
  /** Since when the barber has had nobody in the chair (last finish or shift start). */
  idleSince: number;
}

export interface SimServing {
  orderId: number;
  barberId: number;
  startedAt: number;
  /** Listed minutes. */
  duration: number;
}

/** A waiting order in the engine's service order, with the engine's plan for it. */
export interface SimWaiting {
  id: number;
  plannedBarberId: number | null;
  plannedStart: number | null;
  checkedIn: boolean;
  /** A walk-in the simulator plays; app customers check in themselves and are never checked in for them. */
  simulated: boolean;
  joinedAt: number;
  /** The barber the customer chose, or null for anyone (absent: anyone). */
  chosenBarberId?: number | null;
  /** The arrival the customer gave, if any. */
  expectedAt?: number | null;
}

export interface SimShop {
  id: number;
  open: boolean;
  full: boolean;
  /** Local hour 0–23, for the arrival rate. */
  localHour: number;
  /** The engine's wait for a new customer (priority 0), or null when none fits: the longer, the more walk away. */
  wait: number | null;
  services: SimService[];
  barbers: SimBarber[];
  serving: SimServing[];
  waiting: SimWaiting[];
  /** The reach of a turn held for one on his way (the snapshot's HOLD_FOR_ARRIVING_MINUTES); absent or 0: none held. */
  holdMinutes?: number;
}

export interface SimState {
  shops: SimShop[];
  /** Minutes since the previous tick (arrivals scale with it). */
  tickMinutes: number;
}

export type SimAction =
  | { type: 'finish'; shopId: number; orderId: number }
  | { type: 'start'; shopId: number; orderId: number; barberId: number }
  | { type: 'no-show'; shopId: number; orderId: number }
  | { type: 'check-in'; shopId: number; orderId: number }
  | {
      type: 'walk-in';
      shopId: number;
      name: string;
      choices: { serviceId: number; extraIds: number[] }[];
      barberId: number | null;
      priority: number;
      checkedIn: boolean;
      /** Joined from afar: on his way, maybe with an expected arrival in minutes (null: did not say). */
      remote: { etaMinutes: number | null } | null;
    };

/** A number in [0, 1) fixed by a key: the same order always gets the same fate, tick after tick. */
function fixed(key: number, salt: number): number {
  return seeded((key * 2654435761) ^ salt).next();
}

/** Each barber's own pace (the truth the learned speed converges to): 0.8 … 1.3 of the listed minutes. */
export function truePace(barberId: number): number {
  return 0.8 + 0.5 * fixed(barberId, 0x5eed);
}

/** How long this order really takes with this barber: pace times a spread of about ±15 %, in minutes. */
export function actualMinutes(orderId: number, barberId: number, listed: number): number {
  // Sum of three uniforms: a bell-shaped spread without a normal sampler.
  const u = (fixed(orderId, 1) + fixed(orderId, 2) + fixed(orderId, 3)) / 3 - 0.5;
  return listed * truePace(barberId) * (1 + u * 0.9);
}

export function willShow(orderId: number): boolean {
  return fixed(orderId, 7) < SHOW_SHARE;
}

/** The trip of a simulated remote joiner who gave no arrival, minutes: 5–30, drawn independently of any quote. */
export function tripMinutes(orderId: number): number {
  return 5 + 25 * fixed(orderId, 11);
}

/** How late a simulated customer is against the arrival he gave, minutes: −3 … +6. */
export function latenessMinutes(orderId: number): number {
  return -3 + 9 * fixed(orderId, 13);
}

/** When a simulated customer on his way reaches the shop (if he comes at all). */
export function arrivalAt(w: Pick<SimWaiting, 'id' | 'joinedAt' | 'expectedAt'>): number {
  if (typeof w.expectedAt === 'number') return w.expectedAt + latenessMinutes(w.id) * MINUTE;
  return w.joinedAt + tripMinutes(w.id) * MINUTE;
}

/** After this an absent customer (of the app or simulated) loses the place once the turn is near. */
export function noShowAt(w: Pick<SimWaiting, 'joinedAt' | 'expectedAt'>): number {
  const due = typeof w.expectedAt === 'number' ? w.expectedAt : w.joinedAt + NO_SHOW_AFTER_MINUTES * MINUTE;
  return due + NO_SHOW_GRACE_MINUTES * MINUTE;
}

/** Walk-ins per barber on the floor per hour, by local hour: lunch and after-work peaks, quiet nights. */
export function arrivalsPerBarberHour(hour: number): number {
  if (hour < 7 || hour >= 22) return 0.3;
  if (hour < 10) return 0.8;
  if (hour < 12) return 1.1;
  if (hour < 14) return 1.6;
  if (hour < 16) return 1.1;
  if (hour < 19) return 1.7;
  return 1.0;
}

export function poisson(r: Rng, mean: number): number {
  // Knuth's method: fine for the small means of one tick.
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = r.next(); p > limit; p *= r.next()) k++;
  return k;
}

const NAMES = [
  'Aleksi',
  'Ville',
  'Jussi',
  'Mikko',
  'Oskar',
  'Erik',
  'Lars',
  'Jonas',
  'Mart',
  'Rasmus',
  'Henrik',
  'Nils',
  'Toomas',
  'Emil',
  'Anders',
];
const INITIALS = 'ABDEHJKLMNOPRSTV';

function walkIn(r: Rng, shop: SimShop, onFloor: SimBarber[]): SimAction | null {
  if (!shop.services.length) return null;
  const s = r.pick(shop.services);
  const extraIds: number[] = [];
  if (s.extraIds.length && r.chance(0.3)) extraIds.push(r.pick(s.extraIds));
  if (s.multiple && extraIds.length && r.chance(0.2)) {
    const more = r.pick(s.extraIds);
    if (!extraIds.includes(more)) extraIds.push(more);
  }
  const roll = r.next();
  const priority = roll < 0.8 ? 0 : roll < 0.9 ? 1 : roll < 0.96 ? 2 : 3;
  return {
    type: 'walk-in',
    shopId: shop.id,
    name: `${r.pick(NAMES)} ${INITIALS.charAt(r.int(0, INITIALS.length - 1))}.`,
    choices: [{ serviceId: s.id, extraIds }],
    barberId: onFloor.length && r.chance(0.15) ? r.pick(onFloor).id : null,
    priority,
    ...arrival(r),
  };
}

/** At the door, or from afar: then on his way, half of them saying when they will be there (5–30 minutes). */
function arrival(r: Rng): { checkedIn: boolean; remote: { etaMinutes: number | null } | null } {
  if (!r.chance(REMOTE_SHARE)) return { checkedIn: true, remote: null };
  return { checkedIn: false, remote: { etaMinutes: r.chance(ETA_SHARE) ? r.int(5, 30) : null } };
}

function shopStep(shop: SimShop, now: number, r: Rng, tickMinutes: number): SimAction[] {
  const out: SimAction[] = [];
  for (const s of shop.serving) {
    if (now >= s.startedAt + actualMinutes(s.orderId, s.barberId, s.duration) * MINUTE)
      out.push({ type: 'finish', shopId: shop.id, orderId: s.orderId });
  }
  // Customers on their way: the simulated ones arrive after their trip and check in; whoever is still away long
  // after he was due loses the place once his turn is near (app customers check in themselves).
  const present = new Set<number>();
  for (const w of shop.waiting) {
    if (w.checkedIn) {
      present.add(w.id);
      continue;
    }
    if (w.simulated && willShow(w.id) && now >= arrivalAt(w)) {
      out.push({ type: 'check-in', shopId: shop.id, orderId: w.id });
      present.add(w.id);
    } else if (
      now >= noShowAt(w) &&
      w.plannedStart !== null &&
      w.plannedStart <= now + NO_SHOW_TURN_MINUTES * MINUTE &&
      !(w.simulated && willShow(w.id))
    ) {
      out.push({ type: 'no-show', shopId: shop.id, orderId: w.id });
    }
  }
  // A free barber takes the first customer in service order who is in the shop and may be served by him; barbers
  // who finish this tick start their next customer on the next one (a chair to clean).
  const busy = new Set(shop.serving.map((s) => s.barberId));
  const handled = new Set<number>();
  for (const b of shop.barbers) {
    if (!b.onShift || busy.has(b.id)) continue;
    const eligible = (w: SimWaiting) => !handled.has(w.id) && present.has(w.id) && (w.chosenBarberId ?? null) === null;
    // The engine's plan for him first when it starts now (it may have weighed a chosen barber), else the first present,
    // unless the plan has him hold the turn of someone on his way who is due within minutes (docs/decisions.md,
    // "A turn held for one on his way"): then he waits for him.
    let first: SimWaiting | undefined;
    for (const w of shop.waiting)
      if (!handled.has(w.id) && w.plannedBarberId === b.id && w.plannedStart !== null && (!first || w.plannedStart < first.plannedStart!))
        first = w;
    const reach = (shop.holdMinutes ?? 0) * MINUTE;
    const holding =
      reach > 0 && first !== undefined && !present.has(first.id) && first.plannedStart! > now && first.plannedStart! <= now + reach;
    const next =
      shop.waiting.find(
        (w) =>
          !handled.has(w.id) &&
          present.has(w.id) &&
          w.plannedBarberId === b.id &&
          w.plannedStart !== null &&
          w.plannedStart <= now + MINUTE,
      ) ??
      (holding
        ? undefined
        : shop.waiting.find((w) => eligible(w) || (!handled.has(w.id) && present.has(w.id) && w.chosenBarberId === b.id)));
    if (!next) continue;
    handled.add(next.id);
    out.push({ type: 'start', shopId: shop.id, orderId: next.id, barberId: b.id });
  }
  const onFloor = shop.barbers.filter((b) => b.onShift);
  if (shop.open && !shop.full && onFloor.length && shop.waiting.length < BALK_PER_BARBER * onFloor.length) {
    const n = poisson(r, (onFloor.length * arrivalsPerBarberHour(shop.localHour) * tickMinutes) / 60);
    for (let i = 0; i < n; i++) {
      if (shop.wait === null || r.next() < shop.wait / BALK_WAIT_MINUTES) continue;
      const a = walkIn(r, shop, onFloor);
      if (a) out.push(a);
    }
  }
  return out;
}

/** One tick of the whole chain: finishes first, then starts, no-shows, check-ins and arrivals per shop. */
export function simulate(state: SimState, now: number, r: Rng): SimAction[] {
  const actions = state.shops.flatMap((shop) => shopStep(shop, now, r, state.tickMinutes));
  const rank: Record<SimAction['type'], number> = { finish: 0, 'no-show': 1, 'check-in': 2, start: 3, 'walk-in': 4 };
  return actions.sort((a, b) => rank[a.type] - rank[b.type]);
}

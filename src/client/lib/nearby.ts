/**
 * A shorter queue nearby (docs/decisions.md, "A shorter queue nearby"): which other shop of the chain would have
 * the customer in the chair sooner, counting his trip, and the small state machine that keeps the offer from
 * flickering. Pure: the shops, the position, the settings and the clock come in as arguments.
 */
import { tripFrom, tripMinutes } from './travel.ts';
import type { LatLng, Shop } from './types.ts';

export interface NearbySettings {
  /** Other shops within this many metres of the customer (of this shop when his position is unknown). */
  radiusMeters: number;
  /** The offer holds when the other shop has him in the chair at least this many minutes sooner. */
  gainMinutes: number;
  /** The condition must hold this long before the offer appears. */
  holdSeconds: number;
  /** A shown offer stays until its gain falls below gainMinutes − marginMinutes. */
  marginMinutes: number;
}

export const NEARBY_DEFAULTS: NearbySettings = { radiusMeters: 5000, gainMinutes: 15, holdSeconds: 30, marginMinutes: 5 };

/** Under this distance the customer is at this shop: no trip to count. */
export const AT_SHOP_KM = 0.1;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const valid = (p: LatLng | null | undefined): p is LatLng => !!p && finite(p.lat) && finite(p.lng);

/** The served settings, each missing or invalid one at its default (an older server sends none). */
export function nearbySettings(served: Partial<NearbySettings> | null | undefined): NearbySettings {
  const pick = (k: keyof NearbySettings) => {
    const v = served?.[k];
    return finite(v) && v >= 0 ? v : NEARBY_DEFAULTS[k];
  };
  return {
    radiusMeters: pick('radiusMeters'),
    gainMinutes: pick('gainMinutes'),
    holdSeconds: pick('holdSeconds'),
    marginMinutes: pick('marginMinutes'),
  };
}

/** This shop as the rule reads it: where it is and the low end of the customer's window there (his wait without one). */
export interface Here {
  id: number;
  coords: LatLng;
  low: number | null;
}

/**
 * Minutes until the customer is in the chair here: the low end of his window, but never before he can be there
 * (his queue runs while he walks, so the larger of the two, not their sum). Without his position he is taken to be
 * at the shop (trip 0), as when he is within AT_SHOP_KM of it. Null without a wait.
 */
export function chairHere(here: Here, position: LatLng | null): number | null {
  if (!finite(here.low)) return null;
  const trip = position ? tripFrom(position, here.coords) : null;
  const minutes = trip && trip.km >= AT_SHOP_KM ? trip.minutes : 0;
  return Math.max(here.low, minutes);
}

export interface Candidate {
  shop: Shop;
  /** From the customer, or from this shop when his position is unknown. */
  km: number;
  /** The trip there in minutes (lib/travel.ts: walking under WALK_MAX_KM, else city driving). */
  trip: number;
  /** The high end of its window plus the trip. */
  chairIn: number;
  /** Minutes sooner than here. */
  gain: number;
  /** Whether the distance is from the customer (else from this shop). */
  fromCustomer: boolean;
}

/**
 * The other shops that could take him, best (largest gain) first: open, taking remote joins, within the radius,
 * with a wait for his priority. Each is counted at the high end of its window (its wait without one) plus the trip
 * there, against chairHere: the pessimistic end there, the optimistic end here.
 */
export function candidates(shops: readonly Shop[], here: Here, position: LatLng | null, s: NearbySettings): Candidate[] {
  const mine = chairHere(here, position);
  const fromCustomer = valid(position);
  const origin = fromCustomer ? position : here.coords;
  if (mine === null || !valid(origin)) return [];
  const list: Candidate[] = [];
  for (const shop of shops) {
    if (shop.id === here.id || !shop.open || shop.queueState !== 'open') continue;
    const high = finite(shop.queueHigh) ? shop.queueHigh : shop.queue;
    const trip = tripFrom(origin, shop.coords);
    if (!finite(high) || !trip || trip.km * 1000 > s.radiusMeters) continue;
    const minutes = trip.km < AT_SHOP_KM ? 0 : tripMinutes(trip.km).minutes;
    const chairIn = high + minutes;
    list.push({ shop, km: trip.km, trip: minutes, chairIn, gain: mine - chairIn, fromCustomer });
  }
  return list.sort((a, b) => b.gain - a.gain || a.km - b.km || a.shop.id - b.shop.id);
}

/**
 * The offer's phase. off: nothing; holding: the best candidate has held the gain since `since` (epoch ms), not yet
 * for holdSeconds; shown: the offer of `shopId` is on screen.
 */
export type OfferPhase = { kind: 'off' } | { kind: 'holding'; since: number } | { kind: 'shown'; shopId: number };

export const OFF: OfferPhase = { kind: 'off' };

/**
 * One step of the offer: it appears once some candidate has been at least gainMinutes sooner for holdSeconds
 * (the best one then is shown), and a shown offer stays while its shop is still at least gainMinutes −
 * marginMinutes sooner, even when another shop has become better, so the line neither blinks nor changes its shop.
 * Once it falls, the hold starts again for whichever shop holds then. `list` is candidates()'s, best first.
 */
export function stepOffer(phase: OfferPhase, list: readonly Candidate[], now: number, s: NearbySettings): OfferPhase {
  if (phase.kind === 'shown') {
    const still = list.find((c) => c.shop.id === phase.shopId);
    if (still && still.gain >= s.gainMinutes - s.marginMinutes) return phase;
  }
  const best = list[0];
  if (!best || best.gain < s.gainMinutes) return OFF;
  const since = phase.kind === 'holding' ? phase.since : now;
  if (now - since >= s.holdSeconds * 1000) return { kind: 'shown', shopId: best.shop.id };
  return phase.kind === 'holding' ? phase : { kind: 'holding', since };
}

/** When the hold of `phase` ends (epoch ms), for the one timer that shows the offer on time; null when not holding. */
export function holdEnds(phase: OfferPhase, s: NearbySettings): number | null {
  return phase.kind === 'holding' ? phase.since + s.holdSeconds * 1000 : null;
}

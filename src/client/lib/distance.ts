/**
 * Distances and the shop list's ordering (great-circle, R = 6371 km, 0.1 km).
 *
 * Group labels: the product's sources give "under 1 km, 1 km, over 2 km, over 10 km" and "under 1 km, under 2 km,
 * under 10 km, over". We use the second reading, each group named for its upper bound: under-1 (< 1),
 * under-2 (1 to < 2), under-10 (2 to < 10), over-10 (10 and more); locales hold the visible texts.
 */
import { DISTANCE_GROUP_LIMITS_KM, EARTH_RADIUS_KM } from '../../shared/constants.ts';
import { LOCALES, type Locale } from '../../shared/locales.ts';
import { knownOrder } from './known-formats.ts';
import type { LatLng } from './types.ts';

export type DistanceGroup = 'under-1' | 'under-2' | 'under-10' | 'over-10';
const DISTANCE_GROUPS: readonly DistanceGroup[] = ['under-1', 'under-2', 'under-10', 'over-10'];

const rad = (deg: number) => (deg * Math.PI) / 180;
const far = (km: number) => (Number.isFinite(km) ? km : Infinity);

/** Haversine distance in km, rounded to 0.1 km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(km * 10) / 10;
}

export function distanceGroup(km: number): DistanceGroup {
  const [one, two, ten] = DISTANCE_GROUP_LIMITS_KM;
  if (!Number.isFinite(km)) return 'over-10';
  if (km < one) return 'under-1';
  if (km < two) return 'under-2';
  if (km < ten) return 'under-10';
  return 'over-10';
}

export interface DistanceGroupOf<T> {
  group: DistanceGroup;
  shops: Array<T & { distance: number }>;
}

/**
 * Groups in near-to-far order, empty groups left out, each sorted by distance then name. A shop without
 * valid coordinates is kept (distance NaN) at the end of over-10 rather than silently dropped.
 */
export function groupByDistance<T extends { coords: LatLng; name: string }>(shops: readonly T[], position: LatLng): DistanceGroupOf<T>[] {
  const withDistance = shops
    .map((s) => ({ ...s, distance: distanceKm(position, s.coords) }))
    .sort((a, b) => far(a.distance) - far(b.distance) || a.name.localeCompare(b.name));
  return DISTANCE_GROUPS.map((group) => ({
    group,
    shops: withDistance.filter((s) => distanceGroup(s.distance) === group),
  })).filter((g) => g.shops.length > 0);
}

const collator = (intl: string) => new Intl.Collator(intl, { sensitivity: 'base', numeric: true });

/**
 * Alphabetical by name in the locale's collation (å, ä, ö sort after z in Nordic locales). Names whose order the
 * rendered page carried (`collationOrder`) sort by it, without the phone's first collator; any other needs one.
 */
export function sortAlphabetical<T extends { name: string }>(shops: readonly T[], locale: Locale): T[] {
  const intl = LOCALES[locale]?.intl ?? 'fi-FI';
  const order = knownOrder(intl);
  const compare =
    order && shops.every((s) => order.includes(s.name))
      ? (a: string, b: string) => order.indexOf(a) - order.indexOf(b)
      : collator(intl).compare;
  return [...shops].sort((a, b) => compare(a.name, b.name));
}

/**
 * The server's side: `names` in the collation of `intl`, one a line, for the page to carry (lib/known-formats.ts),
 * or null when two of them compare equal or one has a line break (the order by position would then differ from the
 * collator's, which keeps equal names in the order they came).
 */
export function collationOrder(names: readonly string[], intl: string): string | null {
  const { compare } = collator(intl);
  const sorted = [...names].sort(compare);
  const plain = sorted.every((n, i) => !n.includes('\n') && (i === 0 || compare(sorted[i - 1], n) !== 0));
  return plain ? sorted.join('\n') : null;
}

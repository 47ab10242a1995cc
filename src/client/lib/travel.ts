/**
 * The customer's trip to the shop (the review step and tracking; docs/decisions.md, "Honest waits"): how long it takes from
 * where he is (walking under WALK_MAX_KM, city driving above it, constants in src/shared/travel.ts), the answers he
 * may pick instead, the turn alert's lead, and whether that alert would fall due at once ("leave now").
 */
import {
  ALERT_LEAD_CHOICES,
  CITY_DRIVE_KMH,
  DEFAULT_ALERT_LEAD_MINUTES,
  DRIVE_OVERHEAD_MINUTES,
  MAX_ETA_MINUTES,
  WALK_KMH,
  WALK_MAX_KM,
} from '../../shared/travel.ts';

export { ALERT_LEAD_CHOICES, DEFAULT_ALERT_LEAD_MINUTES };
import { distanceKm } from './distance.ts';
import type { LatLng } from './types.ts';

export type TravelMode = 'walk' | 'drive';

export interface Trip {
  mode: TravelMode;
  km: number;
  /** Whole minutes, 1 to MAX_ETA_MINUTES. */
  minutes: number;
}

const valid = (p: LatLng | null | undefined): p is LatLng =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** Minutes of a trip of `km`: walking under WALK_MAX_KM, else driving in town plus parking; never 0, at most the ETA cap. */
export function tripMinutes(km: number): { mode: TravelMode; minutes: number } {
  const walk = km <= WALK_MAX_KM;
  const raw = walk ? (km / WALK_KMH) * 60 : (km / CITY_DRIVE_KMH) * 60 + DRIVE_OVERHEAD_MINUTES;
  return { mode: walk ? 'walk' : 'drive', minutes: Math.min(MAX_ETA_MINUTES, Math.max(1, Math.ceil(raw))) };
}

/** The trip from the customer's position to the shop, or null when either position is missing or invalid. */
export function tripFrom(position: LatLng | null | undefined, shop: LatLng | null | undefined): Trip | null {
  if (!valid(position) || !valid(shop)) return null;
  const km = distanceKm(position, shop);
  return { km, ...tripMinutes(km) };
}

export { ETA_CHOICES, type EtaChoice } from '../../shared/constants.ts';

/** A profile's alert_lead_minutes (src/shared/travel.ts: null or 10, 20, 30) as a lead in minutes: one of the choices, else the default. */
export function alertLead(value: unknown): number {
  return typeof value === 'number' && ALERT_LEAD_CHOICES.includes(value) ? value : DEFAULT_ALERT_LEAD_MINUTES;
}

/**
 * Whether the turn alert would fall due the moment the customer joins: the alert comes `lead` minutes before the
 * turn, or as "time to leave" when the trip is longer than that, so it is due at once when the wait is no longer
 * than the larger of the two. Someone already at the shop (ETA 0) or a wait not known is never told to leave.
 */
export function leaveNow(wait: number | null | undefined, etaMinutes: number | null | undefined, lead: number): boolean {
  if (typeof wait !== 'number' || !Number.isFinite(wait) || etaMinutes === 0) return false;
  const trip = typeof etaMinutes === 'number' && Number.isFinite(etaMinutes) ? etaMinutes : 0;
  return wait <= Math.max(lead, trip);
}

/** Whether travel dominates: the customer is expected later than his turn would come. */
export function travelDominates(wait: number | null, expectedAt: number | null, now: number): boolean {
  if (wait === null || expectedAt === null || !Number.isFinite(expectedAt)) return false;
  return expectedAt - now > wait * 60_000;
}

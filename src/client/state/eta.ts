/**
 * The review step's expected arrival: from the customer's position and the shop's location when location
 * is allowed, else what the customer picks ("I'm here" / about 10 / about 20 / 30 min or more), sent as the order
 * POST's eta_minutes. "I'm here" also checks in once the order is placed. The leave-by and "leave now" follow the
 * review's quote for him (state/quote.ts), never a shop-level wait.
 */
import { computed } from '@preact/signals-react';
import { etaChoice } from './eta-choice.ts';
import { alertLead, type EtaChoice, leaveNow, tripFrom } from '../lib/travel.ts';
import { currentPosition } from '../services/geo.ts';
import { locationPermission } from '../services/location-permission.ts';
import { save } from '../services/storage.ts';
import { geo } from './geo.ts';
import { profile } from './session.ts';
import { current } from './quote.ts';
import { shop } from './shops.ts';

export { etaChoice, resetEta } from './eta-choice.ts';

/** The trip from the customer's known position to the shop, or null. */
export const trip = computed(() => {
  const g = geo.value;
  const s = shop.value;
  return g.status === 'fulfilled' && s ? tripFrom({ lat: g.lat, lng: g.lng }, s.coords) : null;
});

/** The choice in effect: the customer's, else the trip from his position when there is one. */
export const effectiveChoice = computed(() => etaChoice.value ?? (trip.value ? 'location' : null));

/** eta_minutes of the POST, or null to send none. */
export const etaMinutes = computed(() => {
  const c = effectiveChoice.value;
  if (c === 'location') return trip.value?.minutes ?? null;
  return c;
});

/** The review's quote of what it would send (state/quote.ts), or null while it is asked for. */
const quoted = current;

/**
 * The review's "leave by": the quote's (shared/leave-by.ts: leaving then with his trip, he arrives at the low end of
 * his window). Null when he is at the shop, without a quote or a window, or when that moment is now or past (then
 * "leave now" speaks).
 */
export const leaveByAt = computed(() => {
  const q = quoted.value;
  if (!etaMinutes.value || !q?.leave_by) return null;
  const at = Date.parse(q.leave_by);
  return Number.isFinite(at) && at - Date.now() >= 60_000 ? at : null;
});

/**
 * The review's "leave now": by the quote's wait for him, the turn alert (the profile's lead, or time to leave for a
 * longer trip) is due at once.
 */
export const leaveAtOnce = computed(() =>
  leaveNow(quoted.value?.queue ?? null, etaMinutes.value, alertLead(profile.value?.alert_lead_minutes)),
);

export function chooseEta(choice: 'location' | EtaChoice) {
  etaChoice.value = choice;
}

/**
 * The review opened: when the browser already allows location, read a fresh position (a stored one may be old).
 * Never asks for the permission here, and a failed read keeps what was known, without a notice: the picks remain.
 */
export async function prepareEta(): Promise<void> {
  if (geo.peek().status === 'pending' || (await locationPermission()) !== 'granted') return;
  try {
    const { lat, lng } = await currentPosition();
    geo.value = { status: 'fulfilled', lat, lng };
    await Promise.all([save('userLatitude', lat), save('userLongitude', lng)]);
  } catch {
    // Denied meanwhile, timed out or unavailable: the customer picks instead.
  }
}

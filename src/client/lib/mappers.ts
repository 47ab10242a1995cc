/**
 * Wire payloads (src/shared/wire.ts) → client entities (types.ts). Pure: the customer's priority and
 * today's weekday come in as arguments, so the same payload maps the same way in tests and at runtime. A shop's
 * detail (menu, barbers' queues) is lib/detail-mapper.ts's, which loads with the shop page, not the first route.
 */
import type { WireOpenTime, WirePob, WireServiceTimeEstimate } from '../../shared/wire.ts';
import { knownWeekday } from './known-formats.ts';
import type { Shop } from './types.ts';

// Making a formatter costs far more than using one (a shop list maps every shop): one per zone.
const weekdays = new Map<string, Intl.DateTimeFormat>();

/** ISO weekday (1 = Monday … 7 = Sunday) of `now` in a time zone; the shop's zone decides "today". */
export function isoWeekday(now: Date, timeZone: string): number {
  const carried = knownWeekday(timeZone, now.getTime());
  if (carried) return carried;
  let f = weekdays.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone });
    weekdays.set(timeZone, f);
  }
  const short = f.format(now);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

/** The estimate for the customer's priority, otherwise the highest-priority one. */
export function pickWait(estimates: readonly WireServiceTimeEstimate[] | undefined, priority = 0): number | null {
  if (!estimates || estimates.length === 0) return null;
  const exact = estimates.find((e) => e.priority === priority);
  const chosen = exact ?? estimates.reduce((best, e) => (e.priority > best.priority ? e : best));
  return typeof chosen.wait_time === 'number' ? chosen.wait_time : null;
}

export const minutes = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The window of the estimate pickWait picks (older servers send none: null). */
export function pickWindow(
  estimates: readonly WireServiceTimeEstimate[] | undefined,
  priority = 0,
): { low: number | null; high: number | null } {
  if (!estimates || estimates.length === 0) return { low: null, high: null };
  const exact = estimates.find((e) => e.priority === priority);
  const chosen = exact ?? estimates.reduce((best, e) => (e.priority > best.priority ? e : best));
  return { low: minutes(chosen.wait_low), high: minutes(chosen.wait_high) };
}

function todaysHours(times: readonly WireOpenTime[] | undefined, weekday: number | undefined) {
  if (weekday === undefined || !times) return null;
  const t = times.find((o) => o.weekday === weekday);
  return t ? { open: t.open, close: t.close } : null;
}

/** Without a weekday, opening hours stay null rather than guessing today from the clock. */
export function toShop(w: WirePob, priority = 0, weekday?: number): Shop {
  const hours = todaysHours(w.open_times, weekday);
  const window = pickWindow(w.service_time_estimates, priority);
  return {
    id: w.id,
    name: w.name,
    city: w.city,
    address: w.address,
    country: w.country,
    open: Boolean(w.open),
    openingHours: hours,
    openTime: hours?.open ?? null,
    closeTime: hours?.close ?? null,
    closingSoon: Boolean(w.closing_soon),
    coords: { lat: w.location?.latitude ?? NaN, lng: w.location?.longitude ?? NaN },
    queue: pickWait(w.service_time_estimates, priority),
    queueLow: window.low,
    queueHigh: window.high,
    queueState: w.queue_state ?? null,
    chairCount: w.chair_count ?? 0,
    isTest: Boolean(w.is_test),
  };
}

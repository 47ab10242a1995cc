/**
 * Shifts for today and the next 6 days in each shop's local time, relative to the seeding instant, so the
 * demo has barbers at work whenever it starts. Long days are split into an early and a late shift that
 * overlap, so an open shop always has someone on the floor.
 */
import { addDays, localDay, minutesOf, weekdayOf, zonedTime } from '../lib/tz.ts';
import type { SeedBarber } from './barbers.ts';
import type { Rng } from '../demo/random.ts';
import { SHOPS, TIMEZONES, type SeedShop, type Week } from './shops.ts';

export const DAYS = 7;
const SHIFT_MINUTES = 8 * 60;

export interface SeedShift {
  id: number;
  barberId: number;
  shopId: number;
  start: number;
  end: number;
}

/** The shop's weekly hours, with the seeding day closed for a shop that must show as closed today. */
export function weekOf(shop: SeedShop, now: number): Week {
  if (!shop.closedToday) return shop.hours;
  const today = localDay(now, TIMEZONES[shop.country]).weekday;
  return shop.hours.map((h, i) => (i + 1 === today ? null : h));
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function buildShifts(now: number, barbers: SeedBarber[], r: Rng): SeedShift[] {
  // One weekday off per barber, never today, so the loads planned for the seeding moment hold.
  const dayOff = new Map(barbers.map((b) => [b.id, r.int(1, DAYS - 1)]));
  const out: SeedShift[] = [];
  for (const shop of SHOPS) {
    const tz = TIMEZONES[shop.country];
    const week = weekOf(shop, now);
    const today = localDay(now, tz).date;
    const home = barbers.filter((b) => b.homeShopId === shop.id && b.status === 'active');
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(today, d);
      const hours = week[weekdayOf(date) - 1];
      if (!hours) continue;
      const [opens, closes] = hours.map(minutesOf);
      // A round-the-clock shop rotates its whole staff through three 8-hour shifts, with no day off.
      const allDay = closes - opens >= 20 * 60;
      const working = [
        ...home.filter((b) => allDay || home.length === 1 || dayOff.get(b.id) !== d),
        ...barbers.filter((b) => b.floatsAt?.[d] === shop.id),
      ];
      if (allDay) {
        working.forEach((b, i) => {
          const from = opens + ((i + d) % 3) * SHIFT_MINUTES;
          out.push({
            id: 0,
            barberId: b.id,
            shopId: shop.id,
            start: zonedTime(date, hhmm(from), tz),
            end: zonedTime(date, hhmm(Math.min(closes, from + SHIFT_MINUTES)), tz),
          });
        });
        continue;
      }
      const split = working.length > 1 && closes - opens > SHIFT_MINUTES + 60;
      working.forEach((b, i) => {
        const early = (i + d) % 2 === 0;
        const from = !split || early ? opens : closes - SHIFT_MINUTES;
        const to = !split || !early ? closes : opens + SHIFT_MINUTES;
        out.push({ id: 0, barberId: b.id, shopId: shop.id, start: zonedTime(date, hhmm(from), tz), end: zonedTime(date, hhmm(to), tz) });
      });
    }
  }
  // Stable ids in time order, as a real roster would have been entered.
  out.sort((a, b) => a.start - b.start || a.shopId - b.shopId || a.barberId - b.barberId);
  return out.map((s, i) => ({ ...s, id: i + 1 }));
}

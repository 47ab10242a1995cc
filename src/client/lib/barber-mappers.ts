/**
 * Barbers on the wire (GET /employees/) → client entities (types.ts). Apart from mappers.ts: only the barbers'
 * screens need these, so the first route does not carry them. Pure.
 */
import type { WireEmployee, WireShift } from '../../shared/wire.ts';
import { barberImage } from './barber.ts';
import type { Barber, Shift } from './types.ts';

/** Shifts arrive as a list, or as an object keyed by date whose values are one shift or a list. */
export type WireShifts = WireShift[] | Record<string, Partial<WireShift> | Partial<WireShift>[]>;

function toShift(s: Partial<WireShift>, dateKey: string): Shift {
  return {
    id: s.id ?? 0,
    date: s.date ?? dateKey,
    start: s.start ?? '',
    end: s.end ?? '',
    pobId: s.pob_id ?? null,
    pobName: s.pob_name ?? '',
  };
}

/** Accepts both shift shapes; the result is one list in start order. */
export function toShifts(shifts: WireShifts | null | undefined): Shift[] {
  if (!shifts) return [];
  const list: Shift[] = Array.isArray(shifts)
    ? shifts.map((s) => toShift(s, ''))
    : Object.entries(shifts).flatMap(([date, v]) => (Array.isArray(v) ? v : [v]).map((s) => toShift(s, date)));
  return list.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

export function toBarber(w: Omit<WireEmployee, 'shifts'> & { shifts: WireShifts | null }): Barber {
  return {
    id: w.id,
    firstname: w.firstname,
    lastname: w.lastname,
    fullName: w.full_name || `${w.firstname} ${w.lastname}`.trim(),
    image: barberImage(w),
    description: w.description ?? '',
    status: w.status,
    shifts: toShifts(w.shifts),
    barbershop: w.barbershop ?? null,
    activePob: w.active_pob ?? null,
    pobId: w.pob_id ?? null,
  };
}

/**
 * Barbers as the API shows them (WireEmployee): the barber, their shifts today and for the next 6 days at any
 * shop (dated in that shop's local time), and the shop they work at today. The mapping is pure.
 */
import type { WireActivePob, WireEmployee, WireShift } from '../../shared/wire.ts';
import type { Queryable } from '../db/db.ts';
import { addDays, localDay } from '../lib/tz.ts';
import { listBarbers, shiftsOfBarbers, type BarberRow, type BarberShiftRow } from '../repos/employees.ts';

const HOUR = 3_600_000;
/** Schedules cover today and the next 6 days. */
export const SCHEDULE_DAYS = 7;
// Wide enough to hold every local day of the schedule in any zone; exact days are cut per shop below.
const BEFORE = 38 * HOUR;
const AFTER = SCHEDULE_DAYS * 24 * HOUR + 38 * HOUR;

export interface EmployeeScope {
  country: string;
  /** Hidden barbers and test shops' barbers too (development mode). */
  includeHidden: boolean;
  now: number;
  /** Bios come in this language (?lang=, else Finnish). */
  lang: string;
}

/** A shift with its shop-local date, kept when that date is within the schedule. */
export function datedShifts(shifts: BarberShiftRow[], now: number): (BarberShiftRow & { date: string; today: boolean })[] {
  const out: (BarberShiftRow & { date: string; today: boolean })[] = [];
  for (const s of shifts) {
    const today = localDay(now, s.timezone).date;
    const date = localDay(s.start, s.timezone).date;
    if (date >= today && date <= addDays(today, SCHEDULE_DAYS - 1)) out.push({ ...s, date, today: date === today });
  }
  return out;
}

/** Today's shop: the one of the shift in progress, else of the next or last shift today. */
export function shopToday(shifts: (BarberShiftRow & { today: boolean })[], now: number): WireActivePob | null {
  const today = shifts.filter((s) => s.today);
  const pick = today.find((s) => s.start <= now && now < s.end) ?? today.find((s) => s.start > now) ?? today[0];
  return pick ? { id: pick.shopId, name: pick.shopName, address: pick.shopAddress, city: pick.shopCity } : null;
}

export function toWireEmployee(b: BarberRow, shifts: BarberShiftRow[], now: number): WireEmployee {
  const dated = datedShifts(shifts, now);
  const wireShifts: WireShift[] = dated.map((s) => ({
    id: s.id,
    date: s.date,
    start: new Date(s.start).toISOString(),
    end: new Date(s.end).toISOString(),
    pob_id: s.shopId,
    pob_name: s.shopName,
  }));
  const active = shopToday(dated, now);
  return {
    id: b.id,
    firstname: b.firstname,
    lastname: b.lastname,
    full_name: `${b.firstname} ${b.lastname}`,
    image: b.image,
    has_image: Boolean(b.image),
    avatar: b.avatar,
    avatar_active: b.avatarActive,
    has_avatar: Boolean(b.avatar),
    description: b.description,
    status: b.status,
    shifts: wireShifts,
    barbershop: active,
    pob_id: active?.id ?? b.homeShopId,
    active_pob: active,
  };
}

async function load(q: Queryable, scope: EmployeeScope, id?: number): Promise<WireEmployee[]> {
  const barbers = await listBarbers(q, {
    country: scope.country,
    includeHidden: scope.includeHidden,
    shiftsFrom: scope.now - BEFORE,
    id,
    lang: scope.lang,
  });
  if (!barbers.length) return [];
  const shifts = await shiftsOfBarbers(
    q,
    barbers.map((b) => b.id),
    scope.now - BEFORE,
    scope.now + AFTER,
  );
  const byBarber = new Map<number, BarberShiftRow[]>();
  for (const s of shifts) byBarber.set(s.barberId, [...(byBarber.get(s.barberId) ?? []), s]);
  return barbers.map((b) => toWireEmployee(b, byBarber.get(b.id) ?? [], scope.now));
}

export function listEmployees(q: Queryable, scope: EmployeeScope): Promise<WireEmployee[]> {
  return load(q, scope);
}

/** A barber of the scope's country, or null (unknown, another country's, or hidden outside development). */
export async function getEmployee(q: Queryable, id: number, scope: EmployeeScope): Promise<WireEmployee | null> {
  return (await load(q, scope, id))[0] ?? null;
}

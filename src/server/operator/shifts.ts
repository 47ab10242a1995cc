/**
 * Shifts planned ahead (docs/decisions.md, "Shifts planned ahead"): the console for its shop and the chain owner for
 * any shop add, move and remove a barber's shifts for today and the next SHIFT_PLAN_DAYS days. A shift lies inside
 * its day's opening hours and overlaps none of the barber's other shifts (at any shop). A change that would leave a
 * waiting customer with no barber who can serve him before close is refused, naming how many: the change is made
 * in the shop's transaction, the engine plans the queue again, and the transaction is rolled back when more waiting
 * orders are left unplaced than before. Made in inShop, so the change is announced and streams follow at once.
 */
import type { Deps } from '../deps.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { iso } from '../lib/time.ts';
import { addDays, localDay, weekdayOf, zonedTime } from '../lib/tz.ts';
import { activeBarber, addShift, deleteShift, moveShift, overlappingShifts, shiftOfShop } from '../repos/breaks.ts';
import { hoursOf, type ShopRow } from '../repos/shops.ts';
import { queueOf } from '../queue/order-read.ts';
import { schedule } from '../queue/engine/schedule.ts';
import { inShop } from '../queue/orders.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

/** Today and this many days after it may be planned. */
export const SHIFT_PLAN_DAYS = 14;

export interface ShiftTimes {
  start: number;
  end: number;
}

/** `start` and `end` of a body: ISO times, start before end. */
export function shiftTimes(body: Record<string, unknown>): ShiftTimes {
  const read = (name: 'start' | 'end') => {
    const v = body[name];
    if (v === undefined || v === null) throw badRequest(`Missing ${name} parameter`, name);
    const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : Number.NaN;
    if (!Number.isFinite(ms)) throw badRequest(`Invalid ${name}`, name);
    return ms;
  };
  const start = read('start');
  const end = read('end');
  if (end <= start) throw badRequest('Invalid end', 'end');
  return { start, end };
}

/** The waiting orders the engine cannot place with any barber before close. */
async function unplaced(tx: Queryable, shop: ShopRow, now: number): Promise<number> {
  const queue = await queueOf(tx, shop, now);
  return schedule(queue.snapshot).orders.filter((o) => o.barberId === null).length;
}

/** The shift's day is today … today + SHIFT_PLAN_DAYS, inside that day's hours; it ends after now. */
async function checkDay(tx: Queryable, shop: ShopRow, s: ShiftTimes, now: number): Promise<void> {
  const today = localDay(now, shop.timezone).date;
  const day = localDay(s.start, shop.timezone).date;
  if (day < today || day > addDays(today, SHIFT_PLAN_DAYS) || s.end <= now) throw badRequest(WIRE_ERRORS.shiftTooFar, 'start');
  const row = (await hoursOf(tx, [shop.id])).find((h) => h.weekday === weekdayOf(day));
  if (!row) throw conflict(WIRE_ERRORS.shiftOutsideHours);
  if (s.start < zonedTime(day, row.opens, shop.timezone) || s.end > zonedTime(day, row.closes, shop.timezone))
    throw conflict(WIRE_ERRORS.shiftOutsideHours);
}

/**
 * Runs a change in the shop's transaction and refuses it (rolled back) when it leaves more waiting customers with
 * no barber before close than there were.
 */
async function planned<T>(deps: Deps, shopId: number, change: (tx: Queryable, shop: ShopRow, now: number) => Promise<T>): Promise<T> {
  const now = deps.now();
  return inShop(deps, shopId, async (tx, shop) => {
    const before = await unplaced(tx, shop, now);
    const out = await change(tx, shop, now);
    const left = (await unplaced(tx, shop, now)) - before;
    if (left > 0) throw conflict(`This change would leave ${left} waiting customer${left === 1 ? '' : 's'} with no barber before close`);
    return out;
  });
}

export interface PlannedShift {
  id: number;
  barber_id: number;
  start: string;
  end: string;
}

/** POST …/shifts/ {barber_id, start, end}. */
export async function planShift(deps: Deps, shopId: number, barberId: number, s: ShiftTimes): Promise<PlannedShift> {
  return planned(deps, shopId, async (tx, shop, now) => {
    if (!(await activeBarber(tx, barberId))) throw notFound(WIRE_ERRORS.barberNotFound);
    await checkDay(tx, shop, s, now);
    if ((await overlappingShifts(tx, barberId, s.start, s.end, null)) > 0) throw conflict(WIRE_ERRORS.shiftOverlaps);
    const id = await addShift(tx, barberId, shopId, s.start, s.end);
    return { id, barber_id: barberId, start: iso(s.start)!, end: iso(s.end)! };
  });
}

/** PATCH …/shifts/{shiftId}/ {start, end}: the same barber, other times. */
export async function moveShiftTo(deps: Deps, shopId: number, shiftId: number | null, s: ShiftTimes): Promise<PlannedShift> {
  return planned(deps, shopId, async (tx, shop, now) => {
    const found = shiftId === null ? null : await shiftOfShop(tx, shopId, shiftId);
    if (!found) throw notFound(WIRE_ERRORS.shiftNotFound);
    await checkDay(tx, shop, s, now);
    if ((await overlappingShifts(tx, found.barberId, s.start, s.end, found.id)) > 0) throw conflict(WIRE_ERRORS.shiftOverlaps);
    await moveShift(tx, found.id, s.start, s.end);
    return { id: found.id, barber_id: found.barberId, start: iso(s.start)!, end: iso(s.end)! };
  });
}

/** DELETE …/shifts/{shiftId}/. */
export async function removeShift(deps: Deps, shopId: number, shiftId: number | null): Promise<void> {
  await planned(deps, shopId, async (tx) => {
    const found = shiftId === null ? null : await shiftOfShop(tx, shopId, shiftId);
    if (!found) throw notFound(WIRE_ERRORS.shiftNotFound);
    await deleteShift(tx, found.id);
  });
}

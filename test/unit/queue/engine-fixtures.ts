/** Table helpers for the engine's tests: times are minutes after 08:00 on a fixed day. */
import type { EngineBarber, EngineOrder, Snapshot } from '../../../src/server/queue/types.ts';
import { schedule } from '../../../src/server/queue/schedule.ts';
// Times in the tables are minutes after 08:00 on a fixed day; the shop opens 08:00 and closes 18:00.
export const T0 = Date.UTC(2025, 0, 6, 8, 0);
export const at = (minutes: number): number => T0 + minutes * 60_000;
export const NOW = 60; // 09:00
export const HOURS: [number, number] = [0, 600];

export interface B {
  id: number;
  free?: number;
  speed?: number;
  shifts?: [number, number][];
}
export interface O {
  id: number;
  p?: number;
  joined?: number;
  barber?: number | null;
  dur?: number;
  inside?: boolean;
  /** Pinned by the no-bump guard at an earlier recalculation; a number is the minute it was pinned at. */
  pin?: boolean | number;
}
export interface S {
  now?: number;
  hours?: [number, number] | null;
  barbers?: B[];
  orders?: O[];
  full?: boolean;
}

export function barber({ id, free = 0, speed = 1, shifts = [HOURS] }: B): EngineBarber {
  return { id, freeAt: at(free), speed, shifts: shifts.map(([s, e]) => ({ start: at(s), end: at(e) })) };
}

export function order({ id, p = 0, joined = 30, barber = null, dur = 30, inside = false, pin }: O): EngineOrder {
  const o: EngineOrder = { id, priority: p, joinedAt: at(joined), barberId: barber, duration: dur, checkedIn: inside };
  if (typeof pin === 'number') Object.assign(o, { pinned: true, pinnedAt: at(pin) });
  else if (pin !== undefined) o.pinned = pin;
  return o;
}

export function snap({ now = NOW, hours = HOURS, barbers = [{ id: 1 }], orders = [], full }: S): Snapshot {
  return {
    now: at(now),
    hours: hours && { open: at(hours[0]), close: at(hours[1]) },
    barbers: barbers.map(barber),
    orders: orders.map(order),
    full,
  };
}

/** id → wait (null when unservable), in service order. */
export function waits(s: S): [number, number | null][] {
  return schedule(snap(s)).orders.map((o) => [o.id, o.wait]);
}

export function only<T>(xs: T[], pred: (x: T) => boolean): T {
  const hit = xs.find(pred);
  if (hit === undefined) throw new Error('missing row');
  return hit;
}

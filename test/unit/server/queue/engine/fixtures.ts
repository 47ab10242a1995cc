/** Table helpers for the engine's tests: times are minutes after 08:00 on a fixed day. */
import type { EngineBarber, EngineOrder, Learned, OrderSource, Snapshot } from '../../../../../src/server/queue/engine/types.ts';
import { type Fit, schedule } from '../../../../../src/server/queue/engine/schedule.ts';
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
  /** A service is in progress, expected to end at `free` (run-over past it). */
  serving?: boolean;
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
  source?: OrderSource;
  /** The expected arrival given, as a minute of the table. */
  eta?: number;
}
export interface S {
  now?: number;
  hours?: [number, number] | null;
  barbers?: B[];
  orders?: O[];
  full?: boolean;
  learned?: Learned;
}

export function barber({ id, free = 0, speed = 1, shifts = [HOURS], serving }: B): EngineBarber {
  const b: EngineBarber = { id, freeAt: at(free), speed, shifts: shifts.map(([s, e]) => ({ start: at(s), end: at(e) })) };
  if (serving !== undefined) b.serving = serving;
  return b;
}

export function order({ id, p = 0, joined = 30, barber = null, dur = 30, inside = false, pin, source, eta }: O): EngineOrder {
  const o: EngineOrder = { id, priority: p, joinedAt: at(joined), barberId: barber, duration: dur, checkedIn: inside };
  if (source !== undefined) o.source = source;
  if (eta !== undefined) o.expectedAt = at(eta);
  if (typeof pin === 'number') Object.assign(o, { pinned: true, pinnedAt: at(pin) });
  else if (pin !== undefined) o.pinned = pin;
  return o;
}

export function snap({ now = NOW, hours = HOURS, barbers = [{ id: 1 }], orders = [], full, learned }: S): Snapshot {
  return {
    now: at(now),
    hours: hours && { open: at(hours[0]), close: at(hours[1]) },
    barbers: barbers.map(barber),
    orders: orders.map(order),
    full,
    ...(learned && { learned }),
  };
}

/**
 * Learned figures that make the rules easy to read: every trip takes 10 minutes, everyone comes exactly at the
 * arrival he gave, every service runs 6 minutes over, and no members are expected.
 */
export const PLAIN: Learned = {
  trip: new Array(20).fill(10),
  lateness: new Array(20).fill(0),
  runOver: new Array(20).fill(6),
  joinRate: [0, 0, 0, 0],
  remoteShare: 0,
  meanMinutes: 30,
};

/** id → wait (null when unservable), in service order. */
export function waits(s: S): [number, number | null][] {
  return schedule(snap(s)).orders.map((o) => [o.id, o.wait]);
}

export function only<T>(xs: T[], pred: (x: T) => boolean): T {
  const hit = xs.find(pred);
  if (hit === undefined) throw new Error('missing row');
  return hit;
}

/** A fit's point quote without its window (the window has its own tests, window.test.ts). */
export function point(f: Fit): Fit | { ok: true; start: number; wait: number; barberId: number } {
  if (!f.ok) return f;
  return { ok: true, start: f.start, wait: f.wait, barberId: f.barberId };
}

/** Probes (estimates, barber queues) without their windows. */
export function noWindow<T extends { low: number | null; high: number | null }>(xs: T[]): Omit<T, 'low' | 'high'>[] {
  return xs.map(({ low, high, ...rest }) => rest);
}

/**
 * Parties and step-outs on a snapshot (docs/decisions.md, "Honest waits"): some orders gain one or two
 * companions (priority 0, the same join time and arrival, their own minutes and barber, pinned on their own);
 * some parties in the shop step out together: absent, from the app, expected back 10, 20 or 30 minutes from
 * when they left (some overdue), their pins lifted. Returns the snapshot and the parties, customer first.
 */
export function withParties(s: Snapshot, rnd: (n: number) => number): { s: Snapshot; parties: number[][]; out: Set<number> } {
  let next = Math.max(0, ...s.orders.map((o) => o.id)) + 1;
  const orders: EngineOrder[] = [];
  const parties: number[][] = [];
  const out = new Set<number>();
  for (const original of s.orders) {
    const o = { ...original };
    const people: EngineOrder[] = [o];
    if (rnd(4) === 0) {
      for (let k = 1 + rnd(2); k > 0; k--) {
        const c: EngineOrder = {
          ...o,
          id: next++,
          priority: 0,
          barberId: rnd(4) === 0 ? 1 + rnd(3) : null,
          duration: [15, 20, 30, 45][rnd(4)],
        };
        delete c.pinned;
        delete c.pinnedAt;
        if (c.checkedIn && rnd(4) === 0) Object.assign(c, { pinned: true, pinnedAt: c.joinedAt + (1 + rnd(s.now - c.joinedAt)) });
        people.push(c);
      }
    }
    if (o.checkedIn && rnd(5) === 0) {
      const back = s.now + ([10, 20, 30][rnd(3)] - rnd(15)) * 60_000;
      for (const p of people) {
        Object.assign(p, { checkedIn: false, source: 'app', expectedAt: back });
        delete p.pinned;
        delete p.pinnedAt;
        out.add(p.id);
      }
    }
    parties.push(people.map((p) => p.id));
    orders.push(...people);
  }
  return { s: { ...s, orders }, parties, out };
}

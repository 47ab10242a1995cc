/**
 * One simulated shop day, played as it really happens. The engine is consulted exactly as the server would:
 * at each join (the quoted wait: `fits()` on the snapshot of that moment) and whenever a barber is free (who
 * is next: the engine's service order, i.e. priority, then join time, with the no-bump guard). The guard is
 * persisted as the server does it (orders.pinned_at): after every recalculation the orders in `Schedule.due`
 * are pinned, and a join first recalculates the queue as it stands before the joiner, so an order that became
 * due since the last event is pinned before the joiner can push it back. Everything the
 * engine does not know is real here: actual service times are random around listed × the barber's true speed,
 * the speed the snapshot carries is only what has been learned from finished services, later members really
 * overtake, no-shows are only found out when called, barbers overrun and leave at the end of their shift.
 */
import { fits, schedule } from '../../../src/server/queue/schedule.ts';
import type { EngineOrder, Schedule, Snapshot } from '../../../src/server/queue/types.ts';
import { type Arrival, type DayBarber, type DayPlan, MEAN_LISTED, MINUTE, type ShopBarber } from './shop.ts';

/** Weight of the newest finished service in the learned speed (exponentially weighted mean of actual/listed). */
export const LEARN_ALPHA = 0.15;
/** A barber calls a customer who is not there, waits a little, then marks the no-show. */
export const NO_SHOW_CALL_MINUTES = 2;

/** One customer who joined and was served: what each estimator said at join time, and what happened. */
export interface WaitRecord {
  shop: number;
  day: number;
  priority: number;
  choseBarber: boolean;
  /** The chosen barber left for the day before serving them: the shop gave them to anyone. */
  reassigned: boolean;
  joinMinute: number;
  quote: number;
  naive: number;
  naiveAll: number;
  actual: number;
  /** How many customers who joined later were served before this one. */
  overtakenBy: number;
  /**
   * How many lower-priority customers who joined earlier, and whom the engine had put behind this one when it
   * joined, were served before it anyway (a barber who may not serve this one, or the no-bump guard).
   */
  bumpedBack: number;
  startedAfterClose: boolean;
}

export interface DayResult {
  records: WaitRecord[];
  arrivals: number;
  refused: number;
  balked: number;
  joined: number;
  noShows: number;
  served: number;
  unserved: number;
}

interface Customer {
  id: number;
  a: Arrival;
  joinedAt: number;
  chosen: number | null;
  choseBarber: boolean;
  reassigned: boolean;
  quote: number;
  naive: number;
  naiveAll: number;
  checkinAt: number;
  overtakenBy: number;
  bumpedBack: number;
  /** Ids the engine placed ahead of this customer right after it joined. */
  aheadAtJoin: Set<number>;
  /** The no-bump guard's record (the server's orders.pinned_at): when it was first in a recalculation's `due`. */
  pinnedAt: number | null;
}

interface Lane {
  b: DayBarber;
  learned: ShopBarber; // holds the learned speed, carried over between days of the shop
  serving: { c: Customer; start: number; end: number } | null;
  busyUntil: number; // end of a service or of a no-show call
  closer: boolean; // last window ends at closing: stays until every accepted customer is served
  lastEnd: number;
}

/** Share of customers who give up on joining, by the wait shown to them. */
function balkProbability(wait: number): number {
  return Math.min(0.6, Math.max(0, (wait - 45) / 120));
}

export interface SimOptions {
  trace?: (line: string) => void;
}

export function simulateDay(plan: DayPlan, opts: SimOptions = {}): DayResult {
  const { trace } = opts;
  const { open, close } = plan;
  const lanes: Lane[] = plan.barbers
    .map((b) => {
      const lastEnd = Math.max(...b.windows.map((w) => w.end));
      const learned = plan.shop.barbers.find((s) => s.id === b.id);
      if (!learned) throw new Error(`barber ${b.id} missing from the roster`);
      return { b, learned, serving: null, busyUntil: -Infinity, closer: lastEnd >= close, lastEnd };
    })
    .sort((x, y) => x.b.id - y.b.id);
  const waiting = new Map<number, Customer>();
  const records: WaitRecord[] = [];
  const res: DayResult = { records, arrivals: plan.arrivals.length, refused: 0, balked: 0, joined: 0, noShows: 0, served: 0, unserved: 0 };
  let nextId = 1;
  let arrivalIx = 0;

  const clock = (t: number) => new Date(t).toISOString().slice(11, 16);
  trace?.(`open ${clock(open)}–${clock(close)}; ` + lanes.map((l) => `barber ${l.b.id} ${l.b.role} ${l.b.windows.map((w) => clock(w.start) + '–' + clock(w.end)).join(',')} true ${l.b.trueSpeed.toFixed(2)} learned ${l.learned.learned.toFixed(2)}`).join('; '));
  const windowAt = (l: Lane, t: number) => l.b.windows.find((w) => w.start <= t && t < w.end);
  const present = (l: Lane, t: number) => windowAt(l, t) !== undefined || (l.closer && t >= close);

  function snapshot(t: number): Snapshot {
    const orders: EngineOrder[] = [...waiting.values()].map((c) => ({
      id: c.id,
      priority: c.a.priority,
      joinedAt: c.joinedAt,
      barberId: c.chosen,
      duration: c.a.listed,
      checkedIn: c.checkinAt <= t,
      ...(c.pinnedAt !== null && { pinned: true, pinnedAt: c.pinnedAt }),
    }));
    return {
      now: t,
      hours: { open, close },
      barbers: lanes.map((l) => ({
        id: l.b.id,
        shifts: l.b.windows,
        // As the server does it: the service in progress ends at start + listed × learned speed.
        freeAt: l.serving ? l.serving.start + Math.round(l.serving.c.a.listed * l.learned.learned * MINUTE) : t,
        speed: l.learned.learned,
      })),
      orders,
    };
  }

  /** A recalculation as the server does it: the engine's answer, and the orders it lists as due pinned. */
  function recalc(t: number): Schedule {
    const r = schedule(snapshot(t));
    for (const id of r.due) (waiting.get(id) as Customer).pinnedAt = t;
    return r;
  }

  function join(a: Arrival, t: number): void {
    // The queue as it stands before the joiner: whatever became due since the last event is pinned first.
    recalc(t);
    const snap = snapshot(t);
    let chosen: number | null = null;
    if (a.choosesBarber) {
      // The customer picks among the barbers the app shows with an open queue.
      const open = schedule(snap).barbers.filter((q) => q.queue_open);
      if (open.length) chosen = open[Math.floor(a.pickU * open.length)].id;
    }
    const fit = fits(snap, { priority: a.priority, barberId: chosen, duration: a.listed });
    if (!fit.ok) {
      res.refused++;
      trace?.(`${clock(t)} refused p${a.priority} ${a.listed}min barber ${chosen ?? 'any'}`);
      return;
    }
    if (a.balkU < balkProbability(fit.wait)) {
      res.balked++;
      return;
    }
    // The naive estimate: customers ahead (waiting, of this priority or higher) × average duration ÷ barbers on shift.
    const ahead = [...waiting.values()].filter((c) => c.a.priority >= a.priority).length;
    const onShift = Math.max(1, lanes.filter((l) => windowAt(l, t) !== undefined).length);
    const naive = Math.ceil((ahead * MEAN_LISTED) / onShift);
    const naiveAll = Math.ceil((waiting.size * MEAN_LISTED) / onShift);
    const c: Customer = {
      id: nextId++,
      a,
      joinedAt: t,
      chosen,
      choseBarber: chosen !== null,
      reassigned: false,
      quote: fit.wait,
      naive,
      naiveAll,
      checkinAt: a.walkIn ? t : t + Math.max(0, fit.wait - a.comeBackLead) * MINUTE,
      overtakenBy: 0,
      bumpedBack: 0,
      aheadAtJoin: new Set(),
      pinnedAt: null,
    };
    waiting.set(c.id, c);
    const ids = recalc(t).orders.map((o) => o.id);
    c.aheadAtJoin = new Set(ids.slice(0, ids.indexOf(c.id)));
    res.joined++;
    trace?.(`${clock(t)} join #${c.id} p${a.priority} ${a.listed}min barber ${chosen ?? 'any'} quote ${fit.wait} (on ${fit.barberId}) naive ${naive}${a.noShow ? ' [no-show]' : ''}`);
  }

  function take(l: Lane, c: Customer, t: number): void {
    waiting.delete(c.id);
    if (c.a.noShow) {
      res.noShows++;
      l.busyUntil = t + NO_SHOW_CALL_MINUTES * MINUTE;
      return;
    }
    for (const w of waiting.values()) {
      if (w.joinedAt < c.joinedAt) w.overtakenBy++;
      if (c.joinedAt < w.joinedAt && c.a.priority < w.a.priority && !w.aheadAtJoin.has(c.id)) w.bumpedBack++;
    }
    const actualMs = Math.round(c.a.listed * l.b.trueSpeed * c.a.noise * MINUTE);
    l.serving = { c, start: t, end: t + actualMs };
    trace?.(`${clock(t)} barber ${l.b.id} starts #${c.id} (quoted ${c.quote}, waited ${((t - c.joinedAt) / MINUTE).toFixed(0)}), ends ${clock(t + actualMs)}`);
    l.busyUntil = t + actualMs;
    res.served++;
    records.push({
      shop: plan.shop.index,
      day: plan.dayIndex,
      priority: c.a.priority,
      choseBarber: c.choseBarber,
      reassigned: c.reassigned,
      joinMinute: (c.joinedAt - open) / MINUTE,
      quote: c.quote,
      naive: c.naive,
      naiveAll: c.naiveAll,
      actual: (t - c.joinedAt) / MINUTE,
      overtakenBy: c.overtakenBy,
      bumpedBack: c.bumpedBack,
      startedAfterClose: t >= close,
    });
  }

  /** How late a service a barber starts now may be expected to end: shift end, or none for a closer's last stretch. */
  function limit(l: Lane, t: number): number {
    if (t >= close) return Infinity;
    const w = windowAt(l, t);
    if (!w) return -Infinity;
    return l.closer && w.end === l.lastEnd ? Infinity : w.end;
  }

  /** Free barbers call the next customer they may serve, in the engine's service order. */
  function dispatch(t: number): void {
    while (waiting.size) {
      const idle = lanes.filter((l) => l.busyUntil <= t && present(l, t));
      if (!idle.length) return;
      const order = recalc(t).orders.map((o) => waiting.get(o.id) as Customer);
      let took = false;
      for (const l of idle) {
        const lim = limit(l, t);
        const expected = (c: Customer) => t + c.a.listed * l.learned.learned * MINUTE;
        const c = order.find((o) => (o.chosen === null || o.chosen === l.b.id) && expected(o) <= lim);
        if (c) {
          take(l, c, t);
          took = true;
          break;
        }
      }
      if (!took) return;
    }
  }

  function finish(t: number): void {
    for (const l of lanes) {
      if (l.serving && l.serving.end <= t) {
        const { c, start, end } = l.serving;
        const ratio = (end - start) / (c.a.listed * MINUTE);
        l.learned.learned = (1 - LEARN_ALPHA) * l.learned.learned + LEARN_ALPHA * ratio;
        l.serving = null;
      }
    }
  }

  /** A chosen barber who has left for the day cannot serve anyone: the shop gives those customers to anyone. */
  function reassign(t: number): void {
    for (const c of waiting.values()) {
      if (c.chosen === null) continue;
      const l = lanes.find((x) => x.b.id === c.chosen);
      if (l && !l.closer && t >= l.lastEnd) {
        c.chosen = null;
        c.reassigned = true;
      }
    }
  }

  const boundaries = [...new Set(lanes.flatMap((l) => l.b.windows.flatMap((w) => [w.start, w.end])).concat([open, close]))].sort((x, y) => x - y);
  let t = Math.min(open, plan.arrivals[0]?.at ?? open);
  for (;;) {
    finish(t);
    while (arrivalIx < plan.arrivals.length && plan.arrivals[arrivalIx].at <= t) join(plan.arrivals[arrivalIx++], t);
    reassign(t);
    dispatch(t);
    const candidates: number[] = [];
    if (arrivalIx < plan.arrivals.length) candidates.push(plan.arrivals[arrivalIx].at);
    for (const l of lanes) if (l.busyUntil > t) candidates.push(l.busyUntil);
    const nextBoundary = boundaries.find((b) => b > t);
    if (nextBoundary !== undefined) candidates.push(nextBoundary);
    if (!candidates.length) break;
    t = Math.min(...candidates);
  }
  res.unserved = waiting.size;
  return res;
}

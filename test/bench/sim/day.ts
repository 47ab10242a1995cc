/**
 * One simulated shop day on the real floor. Customers join in the shop or from afar; a remote joiner
 * travels a trip drawn independently of any quote and checks in when he arrives (some gave an expected arrival,
 * with error; some never come and the shop clears them after a while). A free barber calls the first customer
 * in the engine's service order who is in the shop, may be served by him and fits his shift: nobody is
 * dispatched while away. Services vary around listed × the barber's true speed and some run well over.
 *
 * The engine is consulted as the server would: at each join (the quote: `fits()` on the snapshot of that
 * moment, with the customer's expected arrival) and at every recalculation (service order, pins from
 * `Schedule.due`). The snapshot carries only what the server could know: who has checked in, the arrival a
 * customer gave, the speed and the figures learned from earlier days (learn.ts, fed by `history`). Parties and
 * step-outs (sim/party.ts): each person is a customer of his own; a party is asked person by person.
 */
import type { HistoryRow } from '../../../src/server/queue/engine/learn.ts';
import { holdLapsesAt } from '../../../src/server/queue/engine/floor.ts';
import { DEFAULT_HOLD, prepare } from '../../../src/server/queue/engine/lanes.ts';
import { arriveIn } from '../../../src/server/queue/engine/leave.ts';
import { schedule } from '../../../src/server/queue/engine/schedule.ts';
import type { EngineOrder, HoldRule, Learned, Schedule, Snapshot } from '../../../src/server/queue/engine/types.ts';
import { askParty, FAMILY, inShop, type JoinExtras, type Out, type StepOutPlan, stepOuts } from './party.ts';
import { type Arrival, type DayBarber, type DayPlan, MEAN_LISTED, MINUTE, NO_SHOW_CLEAR_MINUTES, type ShopBarber } from './shop.ts';

/** Weight of the newest finished service in the learned speed (exponentially weighted mean of actual/listed). */
export const LEARN_ALPHA = 0.15;
const HOUR = 60 * MINUTE;
/** The arrival of a customer still at home (he has not left; not a no-show either). */
const HOME = Number.MAX_SAFE_INTEGER;

/** One customer who joined and was served: what each estimator said at join time, and what happened. */
export interface WaitRecord {
  shop: number;
  day: number;
  priority: number;
  walkIn: boolean;
  gaveEta: boolean;
  quote: number;
  /** The window told at join (low ≤ quote ≤ high) and the engine's spread behind it. */
  low: number;
  high: number;
  spread: number;
  spreadLow: number;
  /** The window model's features at join (window-model.ts MODEL_FEATURES). */
  features: number[];
  naive: number;
  actual: number;
  member: boolean;
  /** He waited at home until his "leave by" time (join + low − his expected trip). */
  leftLate: boolean;
  /** Minutes at the shop between his arrival and his service (0 for a walk-in). */
  atShop: number;
  /** A barber took someone behind him in service order while he was on his way. */
  passedWhileAway: boolean;
  /** How many customers who joined later were served before this one. */
  overtakenBy: number;
  /** At join, someone ahead of him in service order was not in the shop. */
  absentAhead: boolean;
  /** He chose a barber (his own barber's line, not the shop's). */
  chose: boolean;
  /** His own trip (0 for a walk-in), minutes. */
  trip: number;
  /** A companion of a party, the people of his party (1 alone), and whether he stepped out before service. */
  companion: boolean;
  partySize: number;
  steppedOut: boolean;
  /**
   * Of a "leave by" follower, what the plan said (minutes): his wait and window's low end when he left, his wait
   * when he came in, and how much later he came than the arrival he gave (negative: earlier). Null for the others.
   */
  leftWait: number | null;
  leftLow: number | null;
  arrivalWait: number | null;
  late: number | null;
}

export interface DayResult {
  records: WaitRecord[];
  history: HistoryRow[];
  arrivals: number;
  refused: number;
  balked: number;
  joined: number;
  noShows: number;
  /** "Leave by" followers (coming, not no-shows) cleared as no-shows or left unserved: they lost their turn. */
  lostLeaveBy: number;
  /** Of them, those still at home when the shop closed (told to wait: the plan could not serve them today). */
  lostAtHome: number;
  served: number;
  unserved: number;
  /** Barber-minutes on shift, of them idle, and of those idle while someone he might serve waited in the shop. */
  shiftMinutes: number;
  idleMinutes: number;
  idleWhileWaiting: number;
}

/** When a customer not yet come is cleared as a no-show: an hour after joining; a "leave by" follower, not before
 * half an hour after the shop expected him (the rest as before, so the window's figures do not move). */
const noShowDue = (c: Customer): number =>
  Math.max(c.joinedAt + NO_SHOW_CLEAR_MINUTES * MINUTE, c.leftLate ? (c.expectedAt ?? 0) + NO_SHOW_LATE_MINUTES * MINUTE : 0);

interface Customer {
  id: number;
  a: Arrival;
  joinedAt: number;
  chosen: number | null;
  quote: number;
  low: number;
  high: number;
  spread: number;
  spreadLow: number;
  /** The window model's features at join (window-model.ts). */
  features: number[];
  naive: number;
  leftLate: boolean;
  passedWhileAway: boolean;
  /** When he walks in; Infinity for a no-show. */
  arrivesAt: number;
  expectedAt: number | null;
  overtakenBy: number;
  absentAhead: boolean;
  /** The no-bump guard's record (the server's orders.pinned_at). */
  pinnedAt: number | null;
  /** Everyone of his party, the customer first (himself alone). */
  party: Customer[];
  /** Following the live "leave by": still at home, leaving once his window's low end reaches his trip. */
  home: boolean;
  /** The customer's plan to step out with his party, until done; while out, when. */
  stepOut: StepOutPlan | null;
  out: Out | null;
  /** A follower's plan when he left and when he came in (WaitRecord). */
  leftWait: number | null;
  leftLow: number | null;
  arrivalWait: number | null;
}

interface Lane {
  b: DayBarber;
  learned: ShopBarber; // the learned speed, carried over between days of the shop
  serving: { c: Customer; start: number; end: number; expectedEnd: number } | null;
  busyUntil: number;
  closer: boolean; // last window ends at closing: stays until every accepted customer is served
  lastEnd: number;
}

/**
 * How a "leave by" customer follows it: 'join', the time told at join, once; 'live', as tracking and the leave-now
 * alert tell it (docs/decisions.md, "Turn alerts"): he leaves once the low end of his window, as the engine tells it
 * now, is no more than the trip he announced (checked at every event and at least every LIVE_CHECK_MINUTES).
 */
export type LeaveBy = 'join' | 'live';
const LIVE_CHECK_MINUTES = 2;
/** A customer on his way is cleared as a no-show this long after the shop expected him (and not before the hour). */
const NO_SHOW_LATE_MINUTES = 30;

/** Share of customers who give up on joining, by the wait shown to them. */
function balkProbability(wait: number): number {
  return Math.min(0.6, Math.max(0, (wait - 45) / 120));
}

/**
 * Plays a day; `learnedAt(t)` is what the shop has learned from earlier days, as of the hour of t. A share
 * `leaveByShare` of remote joiners who give an expected arrival wait at home until their "leave by" time
 * (join + the window's low end − their expected trip) and then travel; the arrival they gave moves with them.
 * `hold`: the turn held for one on his way, as the server's snapshots carry it (default the server's defaults).
 */
export function simulateDay(
  plan: DayPlan,
  learnedAt: (t: number) => Learned,
  leaveByShare = 0,
  extras: JoinExtras[] = [],
  leaveBy: LeaveBy = 'join',
  hold: HoldRule = DEFAULT_HOLD,
): DayResult {
  const { open, close, dayStart, dayIndex } = plan;
  const lanes: Lane[] = plan.barbers
    .map((b) => {
      const lastEnd = Math.max(...b.windows.map((w) => w.end));
      const learned = plan.shop.barbers.find((s) => s.id === b.id) as ShopBarber;
      return { b, learned, serving: null, busyUntil: -Infinity, closer: lastEnd >= close, lastEnd };
    })
    .sort((x, y) => x.b.id - y.b.id);
  const waiting = new Map<number, Customer>();
  const records: WaitRecord[] = [];
  const history: HistoryRow[] = [];
  const res: DayResult = {
    records,
    history,
    arrivals: plan.arrivals.length,
    refused: 0,
    balked: 0,
    joined: 0,
    noShows: 0,
    lostLeaveBy: 0,
    lostAtHome: 0,
    served: 0,
    unserved: 0,
    shiftMinutes: 0,
    idleMinutes: 0,
    idleWhileWaiting: 0,
  };
  let nextId = 1;
  let arrivalIx = 0;
  const windowAt = (l: Lane, t: number) => l.b.windows.find((w) => w.start <= t && t < w.end);
  const present = (l: Lane, t: number) => windowAt(l, t) !== undefined || (l.closer && t >= close);
  const hourOfWeek = (t: number) => (dayIndex % 7) * 24 + Math.floor((t - dayStart) / HOUR);

  const isOpen = (c: Customer) => waiting.has(c.id) || lanes.some((l) => l.serving?.c === c);
  /**
   * A waiting person's party as the server's snapshot gives it (queue/snapshot.ts): the customer's order id and his
   * priority while anyone else of the party is open (the customer's own while he is; else the person's), none while
   * out.
   */
  const family = (c: Customer, t: number): Pick<EngineOrder, 'party' | 'priority'> | null => {
    if (c.party.length < 2 || (c.out !== null && t < c.out.back)) return null;
    const [head, ...companions] = c.party;
    if (!companions.some(isOpen)) return null;
    const priority = isOpen(head) ? head.a.priority : (companions.find(isOpen) as Customer).a.priority;
    return { party: head.id, priority: Math.max(priority, c.a.priority) };
  };

  function snapshot(t: number): Snapshot {
    const orders: EngineOrder[] = [...waiting.values()].map((c) => {
      const o: EngineOrder = {
        id: c.id,
        priority: c.a.priority,
        joinedAt: c.joinedAt,
        barberId: c.chosen,
        duration: c.a.listed,
        checkedIn: inShop(c, t),
        source: c.a.walkIn ? 'desk' : 'app',
        ...(c.expectedAt !== null && { expectedAt: c.expectedAt }),
        ...(c.pinnedAt !== null && { pinned: true, pinnedAt: c.pinnedAt }),
        ...(FAMILY && family(c, t)),
      };
      // Out: absent from the app, expected back when he said (his pin was lifted when he stepped out).
      return c.out !== null && t < c.out.back ? { ...o, source: 'app', expectedAt: c.out.until } : o;
    });
    return {
      now: t,
      hours: { open, close },
      barbers: lanes.map((l) => ({
        id: l.b.id,
        shifts: l.b.windows,
        freeAt: l.serving ? l.serving.expectedEnd : t,
        speed: l.learned.learned,
        serving: l.serving !== null,
      })),
      orders,
      learned: learnedAt(t),
      hold,
    };
  }

  function recalc(t: number): Schedule {
    const r = schedule(snapshot(t));
    for (const id of r.due) (waiting.get(id) as Customer).pinnedAt = t;
    return r;
  }

  function remember(c: Customer, startedAt: number | null, finishedAt: number | null, expectedEnd: number | null): void {
    const arrived = c.arrivesAt !== Infinity && (startedAt !== null || c.arrivesAt <= (finishedAt ?? close));
    history.push({
      shopId: plan.shop.index,
      joinedAt: c.joinedAt,
      priority: c.a.priority,
      source: c.a.walkIn ? 'desk' : 'app',
      checkedInAt: arrived ? c.arrivesAt : null,
      expectedAt: c.expectedAt,
      listed: c.a.listed,
      startedAt,
      finishedAt,
      expectedEnd,
      localDay: dayIndex,
      hourOfWeek: hourOfWeek(c.joinedAt),
      chosenBarberId: c.chosen,
      quotedWait: c.quote,
      quotedLow: c.low,
      quotedHigh: c.high,
      quotedSpread: c.spread,
      quotedSpreadLow: c.spreadLow,
      quotedFeatures: c.features,
    });
  }

  function join(a: Arrival, t: number, ex: JoinExtras | undefined): void {
    recalc(t); // whatever became due since the last event is pinned before the joiner can push it back
    const snap = snapshot(t);
    const expectedAt = a.eta === null ? null : t + a.eta * MINUTE;
    const told = askParty(snap, a, ex, expectedAt, nextId);
    if (told === null) {
      res.refused++;
      return;
    }
    if (a.balkU < balkProbability(Math.max(...told.map((x) => x.fit.wait)))) {
      res.balked++;
      return;
    }
    const onShift = Math.max(1, lanes.filter((l) => windowAt(l, t) !== undefined).length);
    // The "leave by" customer: his own draw decides it, so the rest of the day's randomness stays the same.
    const leftLate = a.eta !== null && a.balkU * 7.919 - Math.floor(a.balkU * 7.919) < leaveByShare;
    // Live, the engine expects him as told at join until he leaves; then as he says when he leaves.
    const delay = leftLate && a.eta !== null ? Math.max(0, arriveIn(told[0].fit.wait, told[0].fit.low) - a.eta) : 0;
    const party: Customer[] = [];
    for (const [i, { p, chosen, fit }] of told.entries()) {
      // The naive estimate as before: customers ahead (of this priority or higher) × average duration ÷ barbers on shift.
      const ahead = [...waiting.values()].filter((c) => c.a.priority >= p.priority).length + i;
      const c: Customer = {
        id: nextId++,
        a: p,
        joinedAt: t,
        chosen,
        quote: fit.wait,
        low: fit.low,
        high: fit.high,
        spread: fit.spread,
        spreadLow: fit.spreadLow,
        features: fit.features,
        naive: Math.ceil((ahead * MEAN_LISTED) / onShift),
        leftLate,
        passedWhileAway: false,
        arrivesAt: a.walkIn ? t : a.noShow ? Infinity : leftLate && leaveBy === 'live' ? HOME : t + Math.round((delay + a.trip) * MINUTE),
        home: leftLate && leaveBy === 'live' && !a.walkIn && !a.noShow,
        expectedAt: expectedAt === null ? null : expectedAt + delay * MINUTE,
        overtakenBy: 0,
        absentAhead: false,
        pinnedAt: null,
        party,
        stepOut: i === 0 ? (ex?.stepOut ?? null) : null,
        out: null,
        leftWait: leftLate ? fit.wait : null,
        leftLow: leftLate ? fit.low : null,
        arrivalWait: null,
      };
      party.push(c);
    }
    for (const c of party) waiting.set(c.id, c);
    const ids = recalc(t).orders.map((o) => o.id);
    for (const c of party) c.absentAhead = ids.slice(0, ids.indexOf(c.id)).some((id) => !inShop(waiting.get(id) as Customer, t));
    res.joined++;
  }

  function take(l: Lane, c: Customer, t: number, order: Customer[]): void {
    for (const w of order) {
      if (w === c) break;
      if (!inShop(w, t)) w.passedWhileAway = true;
    }
    waiting.delete(c.id);
    for (const w of waiting.values()) if (w.joinedAt < c.joinedAt) w.overtakenBy++;
    const actualMs = Math.round((c.a.listed * l.b.trueSpeed * c.a.noise + c.a.runOver) * MINUTE);
    const expectedEnd = t + Math.round(c.a.listed * l.learned.learned * MINUTE);
    l.serving = { c, start: t, end: t + actualMs, expectedEnd };
    l.busyUntil = t + actualMs;
    res.served++;
    records.push({
      shop: plan.shop.index,
      day: dayIndex,
      priority: c.a.priority,
      walkIn: c.a.walkIn,
      gaveEta: c.expectedAt !== null,
      quote: c.quote,
      low: c.low,
      high: c.high,
      spread: c.spread,
      spreadLow: c.spreadLow,
      features: c.features,
      naive: c.naive,
      actual: (t - c.joinedAt) / MINUTE,
      member: c.a.priority > 0,
      leftLate: c.leftLate,
      atShop: (t - c.arrivesAt) / MINUTE,
      passedWhileAway: c.passedWhileAway,
      overtakenBy: c.overtakenBy,
      absentAhead: c.absentAhead,
      trip: c.a.walkIn ? 0 : c.a.trip,
      chose: c.chosen !== null,
      companion: c.party[0] !== c,
      partySize: c.party.length,
      steppedOut: c.out !== null,
      leftWait: c.leftWait,
      leftLow: c.leftLow,
      arrivalWait: c.arrivalWait,
      late: c.leftLate && c.expectedAt !== null && c.arrivesAt !== Infinity ? (c.arrivesAt - c.expectedAt) / MINUTE : null,
    });
  }

  /** How late a service a barber starts now may be expected to end: shift end, or none for a closer's last stretch. */
  function limit(l: Lane, t: number): number {
    if (t >= close) return Infinity;
    const w = windowAt(l, t);
    if (!w) return -Infinity;
    return l.closer && w.end === l.lastEnd ? Infinity : w.end;
  }

  /**
   * Free barbers call the first customer in service order who is here, theirs or anyone's, and fits, as the engine's
   * plan has them (the console's next customer): one the plan starts on another barber, or on this one later (a turn
   * held for someone on his way), is not called now; one the plan cannot serve today is (a closer serves past closing).
   */
  function dispatch(t: number): void {
    for (;;) {
      const idle = lanes.filter((l) => l.busyUntil <= t && present(l, t));
      if (!idle.length || !waiting.size) return;
      const rows = recalc(t).orders;
      const order = rows.map((o) => waiting.get(o.id) as Customer);
      let took = false;
      for (const l of idle) {
        const lim = limit(l, t);
        const c = order.find(
          (o, k) =>
            inShop(o, t) &&
            (o.chosen === null || o.chosen === l.b.id) &&
            t + o.a.listed * l.learned.learned * MINUTE <= lim &&
            (rows[k].start === null || (rows[k].barberId === l.b.id && rows[k].start <= t)),
        );
        if (c) {
          take(l, c, t, order);
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
        const { c, start, end, expectedEnd } = l.serving;
        const ratio = (end - start) / (c.a.listed * MINUTE);
        l.learned.learned = (1 - LEARN_ALPHA) * l.learned.learned + LEARN_ALPHA * Math.min(2, Math.max(0.5, ratio));
        remember(c, start, end, expectedEnd);
        l.serving = null;
      }
    }
  }

  /** Chosen barbers who left for the day hand their customers to anyone; absent no-shows are cleared. */
  function tidy(t: number): void {
    for (const c of waiting.values()) {
      if (c.chosen !== null) {
        const l = lanes.find((x) => x.b.id === c.chosen);
        if (l && !l.closer && t >= l.lastEnd) c.chosen = null;
      }
      // Not yet come an hour after joining, and not expected within the last half hour: one waiting at home as
      // "leave by" tells him (the console expects him then) is not a no-show.
      const due = noShowDue(c);
      if (c.arrivesAt > t && (!c.home || t >= close) && t >= due) {
        waiting.delete(c.id);
        res.noShows++;
        if (c.leftLate && !c.a.noShow) {
          res.lostLeaveBy++;
          if (c.home) res.lostAtHome++;
        }
        remember(c, null, null, null);
      }
    }
  }

  /** Home customers whose window's low end now reaches the trip they announced leave (their party with them). */
  function leave(t: number): void {
    const home = [...waiting.values()].filter((c) => c.home && c.party[0] === c);
    if (!home.length) return;
    const rows = schedule(snapshot(t)).orders;
    for (const c of home) {
      const row = rows.find((o) => o.id === c.id);
      if (row?.wait == null || arriveIn(row.wait, row.low) > (c.a.eta ?? 0)) continue;
      for (const p of c.party) {
        if (!p.home) continue;
        const own = rows.find((o) => o.id === p.id);
        p.leftWait = own?.wait ?? null;
        p.leftLow = own?.low ?? null;
        p.home = false;
        p.arrivesAt = t + Math.round(c.a.trip * MINUTE);
        p.expectedAt = t + (c.a.eta ?? 0) * MINUTE;
      }
    }
  }

  /** Followers who came in since the last event: their wait in the plan now (WaitRecord.arrivalWait). */
  function cameIn(t: number): void {
    const come = [...waiting.values()].filter((c) => c.leftLate && c.arrivalWait === null && c.arrivesAt <= t);
    if (!come.length) return;
    const rows = schedule(snapshot(t)).orders;
    for (const c of come) c.arrivalWait = rows.find((o) => o.id === c.id)?.wait ?? null;
  }

  const boundaries = [...new Set(lanes.flatMap((l) => l.b.windows.flatMap((w) => [w.start, w.end])).concat([open, close]))].sort(
    (x, y) => x - y,
  );
  let t = Math.min(open, plan.arrivals[0]?.at ?? open);
  for (;;) {
    finish(t);
    while (arrivalIx < plan.arrivals.length && plan.arrivals[arrivalIx].at <= t) {
      join(plan.arrivals[arrivalIx], t, extras[arrivalIx]);
      arrivalIx++;
    }
    tidy(t);
    cameIn(t);
    stepOuts(waiting.values(), t, (c) => recalc(t).orders.find((o) => o.id === c.id)?.wait ?? 0);
    dispatch(t);
    leave(t);
    const candidates: number[] = [];
    if ([...waiting.values()].some((c) => c.home)) candidates.push(t + LIVE_CHECK_MINUTES * MINUTE);
    if (arrivalIx < plan.arrivals.length) candidates.push(plan.arrivals[arrivalIx].at);
    for (const l of lanes) if (l.busyUntil > t) candidates.push(l.busyUntil);
    for (const c of waiting.values()) {
      if (c.home) continue;
      if (c.arrivesAt > t && c.arrivesAt !== Infinity) candidates.push(c.arrivesAt);
      else if (c.arrivesAt === Infinity) candidates.push(noShowDue(c));
      if (c.stepOut !== null && c.arrivesAt !== Infinity) candidates.push(Math.max(t + 1, c.arrivesAt + c.stepOut.after * MINUTE));
      if (c.out !== null && c.out.back > t) candidates.push(c.out.back);
    }
    // A turn held for someone late lapses: the barber holding it is free for others then.
    const ctx = prepare({ now: t, hours: null, barbers: [], orders: [], hold });
    for (const c of waiting.values()) {
      if (inShop(c, t) || c.expectedAt === null) continue;
      const lapse = holdLapsesAt(ctx, { checkedIn: false, expectedAt: c.out !== null && t < c.out.back ? c.out.until : c.expectedAt });
      if (lapse !== null && lapse >= t) candidates.push(lapse + 1);
    }
    const nextBoundary = boundaries.find((b) => b > t);
    if (nextBoundary !== undefined) candidates.push(nextBoundary);
    if (!candidates.length) break;
    const to = Math.min(...candidates);
    for (const l of lanes) {
      if (!present(l, t) || (t >= close && !waiting.size)) continue;
      const dt = (to - t) / MINUTE;
      res.shiftMinutes += dt;
      if (l.busyUntil > t) continue;
      res.idleMinutes += dt;
      if ([...waiting.values()].some((c) => inShop(c, t) && (c.chosen === null || c.chosen === l.b.id))) res.idleWhileWaiting += dt;
    }
    t = to;
  }
  res.unserved = waiting.size;
  for (const c of waiting.values()) {
    if (!c.leftLate || c.a.noShow) continue;
    res.lostLeaveBy++;
    if (c.home) res.lostAtHome++;
  }
  for (const c of waiting.values()) remember(c, null, null, null);
  return res;
}

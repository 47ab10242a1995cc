/**
 * The queue engine's snapshot and answer. All times are epoch milliseconds, all durations
 * and waits minutes. The engine is a pure function of a Snapshot: no clock, no database, no randomness.
 */

export interface EngineShift {
  start: number;
  end: number;
}

export interface EngineBarber {
  id: number;
  /** Shift windows today at this shop (usually one). A barber serves only inside a window. */
  shifts: EngineShift[];
  /** When the barber finishes the service in progress (<= now when idle). */
  freeAt: number;
  /** Learned speed factor: actual / listed duration. 1 = as listed, 1.2 = 20 % slower. */
  speed: number;
  /**
   * A service is in progress (freeAt is its expected end). Past that end the barber is still busy: the engine
   * adds the shop's learned run-over instead of taking him for free now. Absent means false.
   */
  serving?: boolean;
}

/** Where an order was made: in the app (a remote joiner unless checked in) or at the desk. */
export type OrderSource = 'app' | 'desk';

/**
 * What the shop has learned from its history (learn.ts), as the engine needs it at `now`. Distributions are
 * equal-mass quantiles in minutes, lowest first (QUANTILES of them, src/shared/travel.ts).
 */
export interface Learned {
  /** Join to check-in of remote joiners who gave no expected arrival. */
  trip: readonly number[];
  /** Check-in minus the expected arrival given (negative: early). */
  lateness: readonly number[];
  /** A service's end minus its expected end (negative: finished early). */
  runOver: readonly number[];
  /** Expected joins per hour at this shop around now, by priority 0..3. */
  joinRate: readonly number[];
  /** Share of members' orders that join remotely (they overtake only once they are in the shop). */
  remoteShare: number;
  /** Mean listed minutes of an order. */
  meanMinutes: number;
  /**
   * The shop's correction of its windows (window.ts): per cell the 10th and 90th percentiles of
   * (actual − quote) ÷ the engine's spread, learned from its logged waits. Absent: window.ts Z_LOW_UNLEARNED / Z_HIGH_UNLEARNED.
   */
  window?: WindowCorrection;
  /** The chain's learned window model (window-model.ts); absent: the correction above. */
  model?: WindowModel;
  /** The shop's hour of the day at now (0..23), a feature of the model. */
  hour?: number;
}

export interface WindowCorrection {
  lo: readonly number[];
  hi: readonly number[];
}

export interface EngineOrder {
  id: number;
  /** Membership priority: 0 none, 1 Silver, 2 Gold, 3 Platinum. */
  priority: number;
  joinedAt: number;
  /** The barber the customer chose, or null for anyone. */
  barberId: number | null;
  /** Listed total duration of services and extras, minutes (before the barber's speed factor). */
  duration: number;
  checkedIn: boolean;
  /** Absent means a desk order, or one from before sources were recorded: planned as present. */
  source?: OrderSource;
  /**
   * When the customer said he would arrive (epoch ms). An order not checked in is never planned to start before
   * it; past it, it is planned at now plus the shop's learned lateness.
   */
  expectedAt?: number;
  /**
   * The no-bump guard has fired for this order: it was checked in and due within GUARD_MINUTES of its start in
   * the full schedule at some recalculation (the server records it as orders.pinned_at, from Schedule.due). From
   * then on no later joiner is served before it. Absent means false.
   */
  pinned?: boolean;
  /**
   * When it was pinned (implies pinned). A pin shields the order from everyone who joined at that moment or
   * later; those who had joined before and were ahead of it then (members who rightly overtook it) stay ahead.
   * A pin without a time shields it from everyone who joined after the order itself.
   */
  pinnedAt?: number;
  /**
   * The party it waits with (docs/decisions.md, "A party waits as a family"): its customer's order id, the same on
   * every person of the party. A party takes one place in the order of service at its highest priority (the
   * snapshot gives every person the customer's) and nobody admitted after it goes ahead of any of its people.
   * Absent: alone, or a party that stepped out or had a companion marked absent.
   */
  party?: number;
}

export interface Snapshot {
  now: number;
  /** Today's opening and closing time, or null when the shop is closed today. */
  hours: { open: number; close: number } | null;
  barbers: EngineBarber[];
  /** Waiting orders (not yet in service), any order. */
  orders: EngineOrder[];
  /** Operator switched the shop to full. */
  full?: boolean;
  /**
   * How the floor holds a turn for a customer on his way (floor.ts, docs/decisions.md "A turn held for one on his
   * way"); absent, or `ahead` and `chosen` 0: no turn is held (the server's snapshots carry the configured rule, lanes.ts DEFAULT_HOLD
   * by default).
   */
  hold?: HoldRule;
  /**
   * What the shop has learned (learn.ts `learnedAt`). Absent: the constants of src/shared/travel.ts stand for
   * orders and barbers that carry the new inputs (source, expectedAt, serving), and quotes carry no allowance
   * for members yet to come, so a snapshot without any of them is planned as a plain sum of durations.
   */
  learned?: Learned;
}

/** The rule of a turn held for one on his way, minutes (the settings HOLD_FOR_ARRIVING_MINUTES, HOLD_GRACE_MINUTES). */
export interface HoldRule {
  /** A barber free with nobody ahead of him present keeps the turn of one due within this many minutes. */
  ahead: number;
  /**
   * The same for a customer who chose that barber (the setting HOLD_FOR_CHOSEN_MINUTES): his reach, when longer
   * than `ahead`. Absent: `ahead`.
   */
  chosen?: number;
  /**
   * Meanwhile he serves someone present behind him only if that service ends by his expected arrival plus this; and
   * the turn is held until this long past the arrival he gave, no longer.
   */
  grace: number;
}

export interface ScheduledOrder {
  id: number;
  barberId: number | null; // null when it cannot be served today
  start: number | null;
  wait: number | null; // minutes from now, rounded up; null when it cannot be served today
  /** The likely window of the wait (10th and 90th percentiles, whole minutes, low ≤ wait ≤ high); null with wait. */
  low: number | null;
  high: number | null;
  /** The engine's spreads of the wait above and below it (minutes, before the shop's correction); null with wait. */
  spread: number | null;
  spreadLow: number | null;
  position: number; // customers ahead of it, 0-based
}

export interface BarberQueue {
  id: number;
  wait_time: number | null;
  /** The likely window of wait_time; null with it. */
  low: number | null;
  high: number | null;
  queue_open: boolean;
  /** The same probe for a new customer of each priority 0..3 who picks this barber (index = priority). */
  byPriority: Estimate[];
}

export interface Estimate {
  priority: number;
  wait_time: number | null;
  low: number | null;
  high: number | null;
}

export interface Schedule {
  orders: ScheduledOrder[];
  /** Wait a new customer of each priority 0..3 would get choosing anyone, for a typical service. */
  estimates: Estimate[];
  /** Wait of a new priority-0 customer who chooses each barber, and (byPriority) of one of each priority. */
  barbers: BarberQueue[];
  /** Shortest wait over the barbers' queues, or null. */
  shortest: number | null;
  queueState: 'open' | 'closed' | 'full';
  open: boolean;
  closingSoon: boolean;
  /**
   * Ids of the orders that are checked in, not pinned yet, and start within GUARD_MINUTES of now in this
   * schedule: the caller records them as pinned (same transaction), so that no later joiner pushes them back.
   */
  due: number[];
}

/** Boosted trees of one percentile: its value is base + the sum of each tree's leaf (minutes). */
export interface Forest {
  base: number;
  /** Every tree's nodes in heap order (children of i: 2i+1, 2i+2), tree after tree, 2^(depth+1) − 1 each. */
  f: readonly number[];
  /** Split threshold (x[f] ≤ t goes left) of an inner node; a leaf's value. */
  t: readonly number[];
}

/** The learned window (window-model.ts, window-learn.ts): the 10th and 90th percentiles of actual − quote, then the correction. */
export interface WindowModel {
  v: number;
  /** Depth of every tree. */
  depth: number;
  lo: Forest;
  hi: Forest;
  /**
   * Per cell (window.ts cellOf): the conformal correction, how far each end moves out (negative: in) in units of the
   * forests' width (at least window-model.ts MIN_SCALE minutes).
   */
  clo: readonly number[];
  chi: readonly number[];
  /** Served customers behind it. */
  n: number;
}

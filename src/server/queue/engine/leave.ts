/**
 * When a customer on his way should leave, and so when the shop can expect him (docs/decisions.md, "Leave by"):
 * the one computation behind tracking's "leave by", the "time to leave" alert and the console's expected arrival.
 * Leaving at `leaveBy` with his trip he arrives as the low end of his window comes; never before he joined, so one
 * whose window starts sooner than his trip should have left at once and is expected at the arrival he gave. Pure.
 */
import { arrivalOf, readyAt } from './floor.ts';
import { DEFAULT_LEARNED, meanAbove } from './lanes.ts';
import type { EngineOrder, Learned } from './types.ts';

const MINUTE = 60_000;

/** What of an order the plan reads; `status` and `checkedIn` as stored (one who stepped out is checked in). */
export type LeaveOrder = Pick<EngineOrder, 'joinedAt' | 'source'> & {
  status: 'active' | 'in_service' | string;
  checkedIn: boolean;
  expectedAt?: number | null;
};

export interface ArrivalPlan {
  /** His trip, minutes: the one he gave (arrival given − join), else the shop's learned trip of remote joiners. */
  trip: number;
  /** When he should leave (epoch ms, whole minutes, never before the current minute). */
  leaveBy: number;
  /** When the shop can expect him (epoch ms): leaving then he arrives then, or the engine's arrival if later. */
  arriveAt: number;
}

/**
 * In how many minutes he should be at the shop: the low end of his window (never past his wait). The one rule
 * behind every "leave by", and the accuracy bench's followers leave by it (docs/decisions.md, "Leave by").
 */
export function arriveIn(wait: number, low: number | null): number {
  return Math.min(low ?? wait, wait);
}

/**
 * The plan of a waiting order not at the shop, from its wait and the low end of its window as the engine gives them;
 * null at the shop (one who stepped out included), in service, planned as present (a desk order), or without a wait.
 */
export function arrivalPlan(
  o: LeaveOrder,
  wait: { wait: number | null; low: number | null },
  now: number,
  learned: Learned | undefined,
): ArrivalPlan | null {
  if (o.status !== 'active' || o.checkedIn || wait.wait === null) return null;
  const order = { ...o, expectedAt: o.expectedAt ?? undefined };
  if (arrivalOf(order, now, learned) === null) return null;
  const trip =
    o.expectedAt != null
      ? Math.max(0, Math.round((o.expectedAt - o.joinedAt) / MINUTE))
      : Math.round(meanAbove((learned ?? DEFAULT_LEARNED).trip, 0));
  // The moment he should be there, less his trip; whole minutes, as the screens show them, so every
  // screen that reads within the same minute says the same moment ("leave now": the current minute).
  const leave = Math.floor((now + (arriveIn(wait.wait, wait.low) - trip) * MINUTE) / MINUTE) * MINUTE;
  const leaveBy = Math.max(Math.floor(now / MINUTE) * MINUTE, leave);
  const engine = readyAt(order, now, learned);
  return { trip, leaveBy, arriveAt: Math.max(Math.max(leave, o.joinedAt) + trip * MINUTE, engine) };
}

/** A waiting order as a shop's plans read it: with the party it came with (its customer's order id), if any. */
export type PartyLeaveOrder = LeaveOrder & { partyOf?: number | null };

/**
 * Every waiting order's plan (arrivalPlan), a party's people as one: a companion travels with the party's customer,
 * so while the customer is on his way each companion on his way leaves and is expected as the customer's plan says
 * (the leave-by his tracking and alerts tell), not by his own later turn.
 */
export function arrivalPlans(
  orders: ReadonlyMap<number, PartyLeaveOrder>,
  rows: readonly { id: number; wait: number | null; low: number | null }[],
  now: number,
  learned: Learned | undefined,
): Map<number, ArrivalPlan | null> {
  const plans = new Map<number, ArrivalPlan | null>();
  for (const r of rows) {
    const o = orders.get(r.id);
    plans.set(r.id, o ? arrivalPlan(o, r, now, learned) : null);
  }
  for (const [id, plan] of plans) {
    const party = orders.get(id)?.partyOf;
    const head = party == null ? undefined : plans.get(party);
    if (plan && head) plans.set(id, head);
  }
  return plans;
}

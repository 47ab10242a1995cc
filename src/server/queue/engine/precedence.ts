/**
 * Who goes ahead of whom (docs/decisions.md, "Order of service"): membership priority, then join time, with the
 * no-bump guard and parties. Pure.
 *
 * The no-bump guard is a recorded fact, not something recomputed: an order is pinned (EngineOrder.pinned and
 * pinnedAt, the server's orders.pinned_at) from the recalculation at which it was checked in and due within
 * GUARD_MINUTES in the full schedule (Schedule.due lists those to record). From then on nobody who joins goes
 * ahead of it; whoever was ahead of it when it was pinned stays ahead. Judging "due" afresh at every
 * recalculation on a partial queue let an earlier non-member jump back ahead of a member who had rightly
 * overtaken it.
 */
import type { Ctx, Placement } from './lanes.ts';
import type { EngineOrder } from './types.ts';

const MINUTE = 60_000;
/** A checked-in order due within this many minutes is never pushed back by a later joiner. */
export const GUARD_MINUTES = 5;

export function byJoin(a: EngineOrder, b: EngineOrder): number {
  return a.joinedAt - b.joinedAt || a.id - b.id;
}

function isPinned(o: EngineOrder): boolean {
  return o.pinned === true || typeof o.pinnedAt === 'number';
}

/**
 * Whether a pinned order is shielded from a joiner: one who joined when it was pinned or later. A pin without
 * a time shields it from everyone who joined after it.
 */
function shields(o: EngineOrder, joinedAt: number): boolean {
  return isPinned(o) && (o.pinnedAt ?? -Infinity) <= joinedAt;
}

/**
 * Whether an order already in the list stays ahead of a joiner: one of a party (nobody admitted after a party goes
 * ahead of its people), shielded by its pin, or of equal or higher priority.
 */
export function staysAhead(o: EngineOrder, x: Pick<EngineOrder, 'priority' | 'joinedAt'>): boolean {
  return o.party !== undefined || o.priority >= x.priority || shields(o, x.joinedAt);
}

/** Nobody overtakes it once it is in the list: pinned, or one of a party. */
export function shielded(o: EngineOrder): boolean {
  return isPinned(o) || o.party !== undefined;
}

/**
 * The joiners as the units they are admitted in, in join order: one order alone, or a whole party at the place of
 * its first person, its people in join order (the customer, then his companions).
 */
function unitsOf(joiners: readonly EngineOrder[]): EngineOrder[][] {
  const units: EngineOrder[][] = [];
  const parties = new Map<number, EngineOrder[]>();
  for (const o of joiners) {
    if (o.party === undefined) {
      units.push([o]);
      continue;
    }
    const unit = parties.get(o.party);
    if (unit) unit.push(o);
    else {
      const u = [o];
      parties.set(o.party, u);
      units.push(u);
    }
  }
  return units;
}

/**
 * The order of service: the joiners admitted unit by unit in join order (an order alone, or a whole party at its
 * first person's place and its highest priority), each behind every order that stays ahead of it (one of a party
 * admitted before it, equal or higher priority, or pinned before it joined) and ahead of the others, whose order
 * among themselves is kept. Without pins and parties that is priority desc, then join order. A pinned order is
 * never behind anyone who joined once it was pinned, but those who were ahead of it then keep their place; a
 * party's people are never behind anyone admitted after them. O(n) per unit only for one that overtakes someone;
 * a non-member just goes to the end.
 */
export function serviceOrder(joiners: readonly EngineOrder[]): EngineOrder[] {
  let list: EngineOrder[] = [];
  for (const unit of unitsOf(joiners)) {
    let priority = unit[0].priority;
    for (const o of unit) if (o.priority > priority) priority = o.priority;
    const x = { priority, joinedAt: unit[0].joinedAt };
    let i = 0;
    while (i < list.length && staysAhead(list[i], x)) i++;
    if (i === list.length) {
      for (const o of unit) list.push(o);
      continue;
    }
    const ahead = list.slice(0, i);
    const behind: EngineOrder[] = [];
    for (; i < list.length; i++) (staysAhead(list[i], x) ? ahead : behind).push(list[i]);
    for (const o of unit) ahead.push(o);
    list = ahead.concat(behind);
  }
  return list;
}

/** Checked-in orders not pinned yet that start within the guard window in the full schedule. */
export function dueNow(ctx: Ctx, placements: readonly Placement[]): number[] {
  const due: number[] = [];
  for (const { order, start } of placements) {
    if (order.checkedIn && !isPinned(order) && start !== null && start - ctx.now <= GUARD_MINUTES * MINUTE) due.push(order.id);
  }
  return due;
}

/** The join order with a proposed order inserted after everyone who joined at the same moment. */
export function withProposal(orders: readonly EngineOrder[], x: EngineOrder): EngineOrder[] {
  const joiners = [...orders].sort(byJoin);
  const at = joiners.findIndex((o) => o.joinedAt > x.joinedAt);
  joiners.splice(at < 0 ? joiners.length : at, 0, x);
  return joiners;
}

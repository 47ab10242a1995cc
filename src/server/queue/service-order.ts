/**
 * The waiting orders in the order they are told they will be served (docs/decisions.md, "The console's queue and the display"): by
 * the wait each is quoted, then by the planned start, then in the engine's order; those that cannot be served today
 * last. The console lists them so, and a customer's "ahead" counts those before him in it, so a place never waits
 * longer than the place after it.
 */
import type { Schedule, ScheduledOrder } from './engine/types.ts';

const kept = new WeakMap<Schedule, ScheduledOrder[]>();

/** The schedule's waiting orders in that order, each with its place in it (0-based; the unservable after all others). */
export function inOrderOfService(s: Schedule): ScheduledOrder[] {
  let out = kept.get(s);
  if (out) return out;
  const index = new Map(s.orders.map((r, i) => [r.id, i]));
  const servable = s.orders.filter((r) => r.wait !== null && r.start !== null);
  servable.sort((a, b) => a.wait! - b.wait! || a.start! - b.start! || index.get(a.id)! - index.get(b.id)!);
  out = [
    ...servable.map((r, position) => ({ ...r, position })),
    ...s.orders.filter((r) => r.wait === null || r.start === null).map((r) => ({ ...r, position: servable.length })),
  ];
  kept.set(s, out);
  return out;
}

/**
 * The one message of the tracking screen (docs/decisions.md, "Tracking says one thing"): a pure function of the
 * order's state. Each state has exactly one message:
 *
 * - ended: the order is over (the screen says so and goes home);
 * - in-service: the barber has started: "your service has started", nothing about coming or sitting down;
 * - checked-in: at the shop, waiting: "have a seat, your barber will call you";
 * - stepped-out: checked in, then stepped out for a while: he keeps his place and is back by the time he gave;
 * - travel: not at the shop, and expected to arrive after the turn would come, or the server holds the turn for
 *   his arrival (a free barber waits for a remote joiner's trip): the turn comes about when the customer arrives,
 *   at the time shown (replaces the queue message while the trip is what he waits for);
 * - queue: not at the shop yet, in time: the message chosen by the change in wait (queue-message.ts).
 *
 * Only the two states of a customer not yet at the shop carry the warning about losing the place, and the count of
 * customers ahead is shown while waiting (not in service).
 */
import type { QueueMessage } from './queue-message.ts';
import { type OrderStatus, isEnded, neutralKey } from './tracking.ts';
import { travelDominates } from './travel.ts';

export type TrackingStateKind = 'ended' | 'in-service' | 'stepped-out' | 'checked-in' | 'travel' | 'queue';

export interface TrackingState {
  kind: TrackingStateKind;
  /** The message's dictionary key (a list for increase/decrease, read at `index`). */
  key: string;
  index: number;
  /** travel: when the customer is expected, and so about when the turn comes (epoch ms). */
  arriveAt: number | null;
  /** The warning that a customer not at the shop at his turn may lose his place. */
  warning: boolean;
  /** The count of customers ahead. */
  ahead: boolean;
}

export interface TrackingStateInput {
  status: OrderStatus;
  inService: boolean;
  checkedIn: boolean;
  /** Wait in minutes, null when unknown. */
  queue: number | null;
  /** Customers ahead; unknown counts as some. */
  ahead?: number;
  /** The server holds the turn for his arrival (it comes about when he is expected). */
  waitsForArrival?: boolean;
  /** Stepped out: when he said he would be back (epoch ms); null or absent when he is not out. */
  steppedOutUntil?: number | null;
}

export interface TrackingContext {
  /** The queue message chosen by the last change in wait. */
  message: QueueMessage;
  /** When the customer is expected at the shop (epoch ms), null when not known. */
  expectedAt: number | null;
  now: number;
}

const state = (kind: TrackingStateKind, key: string, over: Partial<TrackingState> = {}): TrackingState => ({
  kind,
  key,
  index: 0,
  arriveAt: null,
  warning: false,
  ahead: false,
  ...over,
});

export function trackingState(o: TrackingStateInput, ctx: TrackingContext): TrackingState {
  if (isEnded(o.status)) return state('ended', 'tracking.ended');
  if (o.inService) return state('in-service', 'tracking.state.inService');
  if (typeof o.steppedOutUntil === 'number') return state('stepped-out', 'party.stepOut.state', { ahead: true });
  if (o.checkedIn) return state('checked-in', 'tracking.state.checkedIn', { ahead: true });
  if (ctx.expectedAt !== null && (o.waitsForArrival === true || travelDominates(o.queue, ctx.expectedAt, ctx.now))) {
    return state('travel', 'tracking.state.travel', { arriveAt: ctx.expectedAt, warning: true, ahead: true });
  }
  // Next in line, nobody's service is ahead of his: what is left is a barber finishing or his own trip, so "the
  // queue moved faster / got longer" would describe something that is not there. The neutral text fits any number.
  const moved = ctx.message.kind === 'increase' || ctx.message.kind === 'decrease';
  const m: QueueMessage = moved && o.ahead === 0 ? { kind: 'neutral', index: 0 } : ctx.message;
  const key = m.kind === 'neutral' ? `tracking.messages.${neutralKey(o.queue)}` : `tracking.messages.${m.kind}`;
  return state('queue', key, { index: m.kind === 'increase' || m.kind === 'decrease' ? m.index : 0, warning: true, ahead: true });
}

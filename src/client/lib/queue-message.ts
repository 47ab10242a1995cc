/** Tracking screen message, chosen by the change in wait. */
import { QUEUE_MESSAGE_CHANGE_MINUTES, QUEUE_MESSAGE_VARIANTS } from '../../shared/constants.ts';

export type QueueMessageKind = 'increase' | 'decrease' | 'now' | 'arrive' | 'neutral';
export interface QueueMessage {
  kind: QueueMessageKind;
  /** Which of the five increase/decrease texts; 0 for the other kinds. */
  index: number;
}

/**
 * 'now' is checked before 'decrease': a fall from 15 to 0 must tell the customer it is their turn, not
 * that the wait got shorter. An unknown previous or next value gives neutral.
 */
export function queueMessage(prev: number | null, next: number | null, random: () => number = Math.random): QueueMessage {
  if (prev === null || next === null) return { kind: 'neutral', index: 0 };
  const pick = () => Math.min(QUEUE_MESSAGE_VARIANTS - 1, Math.max(0, Math.floor(random() * QUEUE_MESSAGE_VARIANTS)));
  if (next === 0 && prev > 0) return { kind: 'now', index: 0 };
  if (next === 0 && prev === 0) return { kind: 'arrive', index: 0 };
  if (next - prev >= QUEUE_MESSAGE_CHANGE_MINUTES) return { kind: 'increase', index: pick() };
  if (prev - next >= QUEUE_MESSAGE_CHANGE_MINUTES) return { kind: 'decrease', index: pick() };
  return { kind: 'neutral', index: 0 };
}

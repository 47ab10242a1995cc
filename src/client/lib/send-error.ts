/** Which send error a server text is (state/order-send.ts): kept apart from lib/order.ts, whose rules the shop page loads. */
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { SendError } from './order.ts';

/** The timeslot text is its own error; anything else is 'unknown' with the message kept. */
export function sendErrorKind(message: string | null | undefined): SendError {
  return (message ?? '').trim() === WIRE_ERRORS.timeslot ? 'timeslot' : 'unknown';
}

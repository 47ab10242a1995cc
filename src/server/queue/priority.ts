/** A customer's place in the queue's priority order, from the membership in force. */
import { MEMBERSHIP_PRIORITY } from '../../shared/constants.ts';
import type { Queryable } from '../db/db.ts';
import { activeMembership } from '../repos/customers.ts';

/** Queue priority of a customer now: Platinum 3, Gold 2, Silver 1, no membership 0 (for the queue engine). */
export async function customerPriority(q: Queryable, customerId: number, now: number): Promise<number> {
  const m = await activeMembership(q, customerId, now);
  return m ? MEMBERSHIP_PRIORITY[m.type] : MEMBERSHIP_PRIORITY.none;
}

/** What the order stream follows (routes/events.ts): the customer's order as its GET answers it, with its shop's queue version. */
import type { Deps } from '../deps.ts';
import { shopVersion } from '../repos/versions.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { customerOrder } from './orders.ts';

export async function followedOrder(deps: Deps, customerId: number, orderId: number, shopId: number, lang: Language | null = null): Promise<{ order: WireOrder; version: number }> {
  // The version first: a change committing in between is announced after, and read again.
  const version = await shopVersion(deps.db, shopId);
  return { order: await customerOrder(deps, customerId, orderId, lang), version };
}

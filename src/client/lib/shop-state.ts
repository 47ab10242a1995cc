/** Shop card state: one derivation shared by the list card and the shop page. */
import type { Shop, ShopCardState } from './types.ts';

export type ShopStateInput = Pick<Shop, 'open' | 'closingSoon' | 'queue' | 'queueState'>;

/**
 * Checked in this order: unknown (no data or no queue value), closed (not open or closing soon),
 * full (queue full, or open but the queue is not in state open), else taking-orders. The one rule of the list, the
 * map and the shop page, in development mode too: the server refuses a join at a closed or full shop in every mode,
 * so nothing here may offer one (docs/decisions.md, "Development mode").
 */
export function shopState(shop: ShopStateInput | null | undefined): ShopCardState {
  if (!shop || shop.queue === null || shop.queue === undefined) return 'unknown';
  if (!shop.open || shop.closingSoon) return 'closed';
  if (shop.queueState === 'full' || shop.queueState !== 'open') return 'full';
  return 'taking-orders';
}

/** A selected barber's numeric wait overrides the shop's queue. */
export function effectiveWait(shopQueue: number | null, barberWait: number | null | undefined): number | null {
  return typeof barberWait === 'number' ? barberWait : shopQueue;
}

/**
 * The customer's order read kept like the shop reads (shop-cache.ts): the bytes its serializer wrote, with
 * their ETag and the shop's queue version, per order. Every change of an order is a change of its shop's queue, so
 * the answer is kept until that shop's change is announced (in this process at once, from the others through
 * PostgreSQL's LISTEN), until the clock's minute moves (the wait moves with it), or while announcements may be
 * missed, never. A kept read runs no query; it is served only to the order's own customer, whose token the route
 * checked. Anyone else, or a read not kept, first has the customer's account checked as the guard does.
 */
import type { Deps } from '../deps.ts';
import type { Language } from '../../shared/locales.ts';
import { assertAccount } from '../auth/guard.ts';
import { notFound } from '../lib/http-error.ts';
import { orderRows, partyOpen, type OrderViewParts, viewOf } from '../queue/order-read.ts';
import { queueFromRows } from '../queue/snapshot.ts';
import type { OrderRow } from '../repos/orders.ts';
import { keptRows, shopRows } from './kept-rows.ts';
import { orderWithParty } from '../repos/parties.ts';
import { type Answer, type AnswerCache, makeAnswer, type Serialize } from './shop-cache.ts';

/** A kept order answer, with whose order it is. */
export interface OrderAnswer extends Answer {
  readonly customerId: number | null;
  readonly shopId: number;
}

/** An order as read, kept across minutes (kept-rows.ts): its row at its queue version, its items, barber and party. */
interface OrderParts extends Pick<OrderViewParts, 'items' | 'look' | 'name' | 'companions'> {
  version: number;
  order: OrderRow;
}

/**
 * The order as its GET answers it (null: no such order): its own rows and its shop's, kept across minutes, so a
 * change re-reads the shop's rows once for all its orders and the minute's re-read runs no query.
 */
async function readOrder(deps: Deps, orderId: number, serialize: Serialize, lang: Language | null): Promise<OrderAnswer | null> {
  const parts = await keptRows(deps).getFound<OrderParts>(
    `order:${orderId}:${lang ?? ''}`,
    (p) => ({ shopId: p.order.shopId }),
    async () => {
      const found = await orderWithParty(deps.db, orderId);
      if (!found) return null;
      const { queueVersion, order, ...party } = found;
      return { version: queueVersion, order, ...(await orderRows(deps.db, order, lang, party)) };
    },
  );
  if (!parts) return null;
  const { order, items, look, name, companions } = parts;
  const shop = await shopRows(deps, order.shopId);
  if (!shop) return null;
  const queue = partyOpen(order, companions) ? queueFromRows(shop.shop, shop.rows, deps.now()) : null;
  const view = viewOf({ order, shop: shop.shop, items, look, queue, name, companions });
  return { ...makeAnswer(serialize(view), parts.version), customerId: order.customerId, shopId: order.shopId };
}

/**
 * The customer's order through the cache; another customer's, or none, is a 404. `account`: 'check' has the
 * customer's account looked up unless his own order is kept (a deleted account's token reads nothing), 'trusted'
 * skips it (a stream's ticket was signed for this customer and order). `lang`: the language of the services' names
 * (null: as sold); each language is kept apart.
 */
export async function cachedOrder(
  deps: Deps,
  cache: AnswerCache,
  customerId: number,
  orderId: number | null,
  serialize: Serialize,
  account: 'check' | 'trusted' = 'check',
  lang: Language | null = null,
): Promise<OrderAnswer> {
  const key = `order:${orderId}:${lang ?? ''}`;
  const kept = orderId === null ? null : await cache.peek<OrderAnswer>(key)?.catch(() => null);
  if (kept && kept.customerId === customerId) return kept;
  if (account === 'check') await assertAccount(deps, customerId);
  // Another customer's order answers like a missing one: ids must not tell what exists.
  if (orderId === null) throw notFound('Order not found');
  const answer = await cache.getFound<OrderAnswer>(
    key,
    (a) => ({ shopId: a.shopId }),
    () => readOrder(deps, orderId, serialize, lang),
  );
  if (!answer || answer.customerId !== customerId) throw notFound('Order not found');
  return answer;
}

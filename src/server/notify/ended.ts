/**
 * The push when an order ends: thanks after the service (the receipt is in the app), or the
 * missed turn after a no-show. Push only, at most once per order (claimed in the database like the turns).
 */
import type { Deps } from '../deps.ts';
import { noticeText } from './texts.ts';
import { deliver, type DeliveryOutcome } from './deliver.ts';
import { contactsOf } from '../repos/notices.ts';
import { orderById } from '../repos/orders.ts';
import { getShop } from '../repos/shops.ts';

/** Sends the order's end notice if it is due and not sent yet; answers what happened (null: nothing due). */
export async function notifyEnded(deps: Deps, orderId: number): Promise<DeliveryOutcome | null> {
  const order = await orderById(deps.db, orderId);
  if (!deps.push || !order || order.customerId === null || (order.status !== 'serviced' && order.status !== 'no-show')) return null;
  const c = (await contactsOf(deps.db, [order.customerId])).get(order.customerId);
  if (!c?.fcmToken) return null;
  const shop = (await getShop(deps.db, order.shopId))?.name ?? '';
  const serviced = order.status === 'serviced';
  return deliver(deps, {
    orderId: order.id,
    kind: 'ended',
    channel: 'push',
    contact: c,
    text: noticeText(serviced ? 'server.ended.serviced' : 'server.ended.noShow', c.language, { shop }),
    data: { order_id: String(order.id), kind: 'ended', status: order.status },
    link: serviced ? '/profile/history' : '/home',
  });
}

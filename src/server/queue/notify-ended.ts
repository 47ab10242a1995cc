/**
 * The push when an order ends (DESIGN.md §3): thanks after the service (the receipt is in the app), or the
 * missed turn after a no-show. Push only, at most once per order (claimed in the database like the turns).
 */
import type { Deps } from '../deps.ts';
import { noticeText } from '../notify/texts.ts';
import { claimNotice, contactsOf, forgetPushToken, settleNotice } from '../repos/notices.ts';
import { orderById } from '../repos/orders.ts';
import { getShop } from '../repos/shops.ts';

/** Sends the order's end notice if it is due and not sent yet; answers what happened (null: nothing due). */
export async function notifyEnded(deps: Deps, orderId: number): Promise<'sent' | 'unregistered' | 'failed' | null> {
  const { push } = deps;
  const order = await orderById(deps.db, orderId);
  if (!push || !order || order.customerId === null || (order.status !== 'serviced' && order.status !== 'no-show')) return null;
  const c = (await contactsOf(deps.db, [order.customerId])).get(order.customerId);
  const now = deps.now();
  if (!c?.fcmToken || !(await claimNotice(deps.db, order.id, 'ended', 'push', now))) return null;
  const shop = await getShop(deps.db, order.shopId);
  let outcome: 'sent' | 'unregistered' | 'failed' = 'failed';
  let error: string | null = null;
  try {
    const text = noticeText(order.status === 'serviced' ? 'server.ended.serviced' : 'server.ended.noShow', c.language, { shop: shop?.name ?? '' });
    outcome = await push.send({ token: c.fcmToken, ...text, data: { order_id: String(order.id), kind: 'ended', status: order.status }, link: order.status === 'serviced' ? '/profile/history' : '/home' });
    if (outcome === 'unregistered') {
      error = 'token unregistered';
      await forgetPushToken(deps.db, c.id, c.fcmToken);
    }
  } catch (err) {
    error = (err as Error).message.slice(0, 500);
    deps.log.warn({ err, orderId }, 'end-of-order notification failed');
  }
  await settleNotice(deps.db, order.id, 'ended', 'push', now, error);
  return outcome;
}

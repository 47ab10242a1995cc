/**
 * The push when an order ends (DESIGN.md §3): thanks after the service (the receipt is in the app), or the
 * missed turn after a no-show. Push only, at most once per order (claimed in the database like the turns).
 */
import type { Deps } from '../deps.ts';
import { claimNotice, contactsOf, forgetPushToken, settleNotice } from '../repos/notices.ts';
import { orderById } from '../repos/orders.ts';
import { getShop } from '../repos/shops.ts';

type Ended = 'serviced' | 'no-show';
type Text = (shop: string) => { title: string; body: string };

const TEXTS: Record<string, Record<Ended, Text>> = {
  en: {
    serviced: (shop) => ({ title: 'Thanks for visiting', body: `Thank you for visiting ${shop}. Your receipt is in the app.` }),
    'no-show': (shop) => ({ title: 'You missed your turn', body: `Your turn at ${shop} passed and your place was released. Join again any time.` }),
  },
  fi: {
    serviced: (shop) => ({ title: 'Kiitos käynnistä', body: `Kiitos käynnistä (${shop}). Kuitti on sovelluksessa.` }),
    'no-show': (shop) => ({ title: 'Vuorosi meni ohi', body: `Vuorosi (${shop}) meni ohi ja paikkasi vapautettiin. Voit jonottaa uudelleen milloin vain.` }),
  },
  ee: {
    serviced: (shop) => ({ title: 'Aitäh külastuse eest', body: `Aitäh, et külastasite salongi ${shop}. Kviitung on rakenduses.` }),
    'no-show': (shop) => ({ title: 'Teie järjekord läks mööda', body: `Teie järjekord (${shop}) läks mööda ja koht vabastati. Võite igal ajal uuesti järjekorda astuda.` }),
  },
};

export function endedText(ended: Ended, language: string | null, shop: string) {
  const lang = language === 'et' ? 'ee' : (language ?? 'en');
  return (TEXTS[lang] ?? TEXTS.en)[ended](shop);
}

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
    const text = endedText(order.status, c.language, shop?.name ?? '');
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

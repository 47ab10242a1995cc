/**
 * Turn notifications, the queue's turn policy (notify/ only sends what it decides): when a customer's turn is near (wait at most the lead the customer chose in the profile,
 * NEAR_MINUTES by default; or, for someone on his way, once the low end of his likely window is at most the trip
 * he announced: then it says "time to leave"; docs/decisions.md, "Turn alerts") and when it is now (wait 0, or the service started), by push if the
 * customer has an FCM token and push is configured, and by SMS if the customer allows SMS. Each (order, kind,
 * channel) is claimed in the database before it is sent, so it goes out at most once whichever process looks. A
 * 'now' that comes first also claims 'near', so a customer is never told "in ten minutes" after "now".
 *
 * The check runs after every queue change (kick) and on a timer (server.ts, the simulator's tick), since
 * waits also shrink with time alone.
 */
import type { Config } from '../config.ts';
import { noticeText } from '../notify/texts.ts';
import { deliver, smsAllowed, type DeliverDeps, type DeliveryOutcome } from '../notify/deliver.ts';
import { type ContactRow, contactsOf, shopsWithCustomerOrders, type NoticeChannel, type NoticeKind } from '../repos/notices.ts';
import { openOrdersOf, type OrderRow } from '../repos/orders.ts';
import { getShops, type OpenOrderRow, type ShopRow } from '../repos/shops.ts';
import { ALERT_LEAD_CHOICES, DEFAULT_ALERT_LEAD_MINUTES, MAX_ETA_MINUTES } from '../../shared/travel.ts';
import { loadQueues, scheduleOf, type ShopQueue } from './snapshot.ts';
import { arrivalPlan } from './engine/leave.ts';
import type { Learned } from './engine/types.ts';

export const NEAR_MINUTES = DEFAULT_ALERT_LEAD_MINUTES;
const MINUTE = 60_000;
/** Orders further than this from their turn cannot be due whatever their lead or trip. */
const MAX_LEAD_MINUTES = Math.max(...ALERT_LEAD_CHOICES, MAX_ETA_MINUTES);
/** The notices of a waiting order; the end-of-order one is notify/ended.ts's. */
type TurnKind = Exclude<NoticeKind, 'ended'>;

export interface TurnNotice {
  orderId: number;
  customerId: number;
  kind: NoticeKind;
  channel: NoticeChannel;
  outcome: DeliveryOutcome;
}

/** Which notice an order is due, if any: 'near' once the wait is at most `lead` minutes (the customer's choice). */
export function noticeKind(status: OrderRow['status'], wait: number | null, lead: number = NEAR_MINUTES): TurnKind | null {
  if (status === 'in_service') return 'now';
  if (status !== 'active' || wait === null) return null;
  if (wait <= 0) return 'now';
  return wait <= lead ? 'near' : null;
}

/**
 * The turn alert of a waiting order: due at the customer's lead, or earlier for one on his way whose trip is longer
 * than that; it is "time to leave" once his leave-by has come (engine/leave.ts: leaving then with his trip, the one
 * he gave or else the shop's learned one, lands him at the low end of his window `low`, the wait itself without a
 * window): the moment tracking's "leave by" names and from which the console expects him.
 */
export function turnAlert(
  o: Pick<OrderRow, 'status' | 'checkedIn' | 'joinedAt'> & { expectedAt?: number | null; source?: OrderRow['source'] },
  wait: number | null,
  lead: number | null,
  low: number | null = wait,
  now: number = o.joinedAt,
  learned?: Learned,
): { kind: TurnKind; leave: boolean; trip: number } | null {
  const plan = arrivalPlan(o, { wait, low }, now, learned);
  // His window's low end comes within his trip: he should be on his way now.
  const leaveDue = plan !== null && wait !== null && wait > 0 && plan.leaveBy <= now;
  const kind = o.status === 'active' && leaveDue ? 'near' : noticeKind(o.status, wait, Math.max(lead ?? NEAR_MINUTES, plan?.trip ?? 0));
  if (!kind) return null;
  return { kind, leave: kind === 'near' && leaveDue, trip: plan?.trip ?? 0 };
}

/** What a turn check uses of the app's services (a slice of Deps): delivery, the limits, and which queue versions were heard. */
export type TurnCheckDeps = DeliverDeps & {
  config: Pick<Config, 'limits'>;
  changes: { versionOf(shopId: number): number | undefined };
};

/** A shop's queue as a change in this process left it (queue/orders.ts inShop), at the shop's queue version then. */
export interface SeenQueue {
  shop: ShopRow;
  version: number;
  queue: ShopQueue;
}

/** The customer orders of a shop and the waits of its queue, from the queue a change left (nothing read). */
function fromSeen(seen: SeenQueue, waits: Map<number, Wait>): TurnOrder[] {
  for (const row of scheduleOf(seen.queue).orders) waits.set(row.id, { ...row, learned: seen.queue.snapshot.learned });
  return seen.queue.open.filter((o): o is OpenOrderRow & { customerId: number } => o.customerId != null);
}

/** An order's wait and the low end of its likely window, as the engine gives them, and what its shop has learned. */
type Wait = { wait: number | null; low: number | null; learned?: Learned };

/** What the check reads of an open order. */
type TurnOrder = Pick<OrderRow, 'id' | 'shopId' | 'status' | 'checkedIn' | 'joinedAt'> & {
  customerId: number;
  source?: OrderRow['source'];
  expectedAt?: number | null;
  steppedOutUntil?: number | null;
};

/** How long before a stepped-out customer is due back he is reminded. */
export const BACK_REMINDER_MINUTES = 5;

/**
 * The step-out reminder (docs/decisions.md, "Parties and stepping out"): due from BACK_REMINDER_MINUTES before the
 * time he said he would be back until that time, when his turn is near: planned to start within the lead of his
 * return.
 */
export function backReminderDue(
  o: Pick<TurnOrder, 'status' | 'steppedOutUntil'>,
  wait: number | null,
  now: number,
  lead: number = NEAR_MINUTES,
): boolean {
  if (o.status !== 'active' || o.steppedOutUntil == null || wait === null) return false;
  const left = (o.steppedOutUntil - now) / MINUTE;
  return left <= BACK_REMINDER_MINUTES && left > 0 && wait <= left + lead;
}

/** One of the parts the timer's shops are split into (the shops whose id is `index` modulo `of`). */
export interface TurnPart {
  index: number;
  of: number;
}

const inPart = (id: number, part: TurnPart | undefined) => !part || id % part.of === part.index;

/**
 * Looks at the shops' customer orders and sends what is due; answers what was attempted. A shop in `seen` is
 * looked at in the queue its change left, unless a later change of the shop has been heard since. Without ids:
 * every shop with customer orders, or those of `part`.
 */
export async function checkTurns(deps: TurnCheckDeps, shopIds?: number[], seen: SeenQueue[] = [], part?: TurnPart): Promise<TurnNotice[]> {
  const now = deps.now();
  const ids = shopIds ?? (await shopsWithCustomerOrders(deps.db)).filter((id) => inPart(id, part));
  const current = new Map(
    seen.filter((s) => ids.includes(s.shop.id) && s.version >= (deps.changes.versionOf(s.shop.id) ?? s.version)).map((s) => [s.shop.id, s]),
  );
  const unread = ids.filter((id) => !current.has(id));
  const waits = new Map<number, Wait>();
  const orders: TurnOrder[] = [...current.values()].flatMap((s) => fromSeen(s, waits));
  const fresh = unread.length
    ? (await openOrdersOf(deps.db, unread)).filter((o): o is OrderRow & { customerId: number } => o.customerId !== null)
    : [];
  orders.push(...fresh);
  if (!orders.length) return [];
  const shops = [...current.values()].map((s) => s.shop);
  if (fresh.length) {
    const loaded = await getShops(deps.db, [...new Set(fresh.map((o) => o.shopId))]);
    shops.push(...loaded);
    const queues = await loadQueues(deps.db, loaded, now);
    for (const [, queue] of queues)
      for (const row of scheduleOf(queue).orders) waits.set(row.id, { ...row, learned: queue.snapshot.learned });
  }
  // Whoever could be due with the longest lead; each one's own lead decides once the contacts are read.
  const near = orders.filter((o) => noticeKind(o.status, waits.get(o.id)?.wait ?? null, MAX_LEAD_MINUTES) !== null);
  const back = orders.filter((o) => backReminderDue(o, waits.get(o.id)?.wait ?? null, now, MAX_LEAD_MINUTES));
  if (!near.length && !back.length) return [];
  const contacts = await contactsOf(deps.db, [...new Set([...near, ...back].map((o) => o.customerId))]);
  const shopName = new Map(shops.map((s) => [s.id, s.name]));
  const out: TurnNotice[] = [];
  for (const order of back) {
    const c = contacts.get(order.customerId);
    const wait = waits.get(order.id)?.wait ?? null;
    if (!c || !backReminderDue(order, wait, now, c.alertLead ?? NEAR_MINUTES)) continue;
    // His turn is near: the turn alert's own words ("please head to the shop and check in").
    const text = noticeText('server.turn.near', c.language, { shop: shopName.get(order.shopId) ?? '', wait: wait ?? 0 });
    for (const channel of channelsOf(deps, c, order, now)) {
      const data = { order_id: String(order.id), kind: 'back' };
      const outcome = await deliver(deps, {
        orderId: order.id,
        kind: 'back',
        channel,
        contact: c,
        text,
        data,
        link: '/tracking',
        whileOpen: true,
      });
      if (outcome) out.push({ orderId: order.id, customerId: c.id, kind: 'back', channel, outcome });
    }
  }
  for (const order of near) {
    const c = contacts.get(order.customerId);
    if (!c) continue;
    const planned = waits.get(order.id);
    const wait = planned?.wait ?? 0;
    const alert = turnAlert(
      { ...order, expectedAt: order.expectedAt ?? null },
      order.status === 'in_service' ? 0 : (planned?.wait ?? null),
      c.alertLead,
      planned?.low ?? null,
      now,
      planned?.learned,
    );
    if (!alert) continue;
    const { kind } = alert;
    // Someone in the chair needs no SMS that it is his turn (push and the app still say it).
    const channels = channelsOf(deps, c, order, now).filter((ch) => ch !== 'sms' || order.status !== 'in_service');
    const shop = shopName.get(order.shopId) ?? '';
    // Only someone not checked in yet is asked to check in.
    const here = order.checkedIn || order.status === 'in_service';
    const text =
      kind === 'now'
        ? noticeText(here ? 'server.turn.nowHere' : 'server.turn.now', c.language, { shop })
        : alert.leave
          ? noticeText('server.turn.leave', c.language, { shop, wait, trip: alert.trip })
          : noticeText(here ? 'server.turn.nearHere' : 'server.turn.near', c.language, { shop, wait });
    for (const channel of channels) {
      const data = { order_id: String(order.id), kind };
      const outcome = await deliver(deps, {
        orderId: order.id,
        kind,
        channel,
        contact: c,
        text,
        data,
        link: '/tracking',
        supersedes: kind === 'now' ? 'near' : undefined,
        whileOpen: true,
      });
      if (outcome) out.push({ orderId: order.id, customerId: c.id, kind, channel, outcome });
    }
  }
  return out;
}

/** The channels an alert goes by: push with a token, SMS where allowed (see below). */
function channelsOf(deps: TurnCheckDeps, c: ContactRow, order: Pick<TurnOrder, 'joinedAt'>, now: number): NoticeChannel[] {
  const channels: NoticeChannel[] = [];
  if (deps.push && c.fcmToken) channels.push('push');
  // SMS only to a proven number whose owner has not stopped them, and not before the order is a while old: a join
  // cancelled at once sends none; the timer's next check sends one that waited.
  if (smsAllowed(c) && now - order.joinedAt >= deps.config.limits.turnSmsMinAgeMs) channels.push('sms');
  return channels;
}

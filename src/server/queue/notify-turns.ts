/**
 * Turn notifications (DESIGN.md §3 "Push"): when a customer's turn is near (wait at most NEAR_MINUTES) and
 * when it is now (wait 0, or the service started), by push if the customer has an FCM token and push is
 * configured, and by SMS if the customer allows SMS. Each (order, kind, channel) is claimed in the database
 * before it is sent, so it goes out at most once whichever process looks. A 'now' that comes first also
 * claims 'near', so a customer is never told "in ten minutes" after "now".
 *
 * The check runs after every queue change (kick) and on a timer (server.ts, the simulator's tick), since
 * waits also shrink with time alone.
 */
import type { Deps } from '../deps.ts';
import { noticeText } from '../notify/texts.ts';
import { deliver, type DeliveryOutcome } from '../notify/deliver.ts';
import { contactsOf, shopsWithCustomerOrders, type NoticeChannel, type NoticeKind } from '../repos/notices.ts';
import { openOrdersOf, type OrderRow } from '../repos/orders.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';
import { schedule } from './schedule.ts';
import { loadQueues } from './snapshot.ts';

export const NEAR_MINUTES = 10;
/** The notices of a waiting order; the end-of-order one is notify-ended.ts's. */
type TurnKind = Exclude<NoticeKind, 'ended'>;

interface Log {
  warn(obj: object, msg: string): void;
}

export interface TurnNotice {
  orderId: number;
  customerId: number;
  kind: NoticeKind;
  channel: NoticeChannel;
  outcome: DeliveryOutcome;
}

/** Which notice an order is due, if any. */
export function noticeKind(status: OrderRow['status'], wait: number | null): TurnKind | null {
  if (status === 'in_service') return 'now';
  if (status !== 'active' || wait === null) return null;
  if (wait <= 0) return 'now';
  return wait <= NEAR_MINUTES ? 'near' : null;
}

/** Looks at the shops' customer orders and sends what is due; answers what was attempted. */
export async function checkTurns(deps: Deps, shopIds?: number[]): Promise<TurnNotice[]> {
  const now = deps.now();
  const ids = shopIds ?? (await shopsWithCustomerOrders(deps.db));
  const orders = ids.length ? (await openOrdersOf(deps.db, ids)).filter((o) => o.customerId !== null) : [];
  if (!orders.length) return [];
  const shops = (await Promise.all([...new Set(orders.map((o) => o.shopId))].map((id) => getShop(deps.db, id)))).filter((s): s is ShopRow => s !== null);
  const queues = await loadQueues(deps.db, shops, now);
  const waits = new Map<number, number | null>();
  for (const [, queue] of queues) for (const row of schedule(queue.snapshot).orders) waits.set(row.id, row.wait);
  const due = orders.flatMap((o) => {
    const kind = noticeKind(o.status, waits.get(o.id) ?? null);
    return kind ? [{ order: o, kind, wait: waits.get(o.id) ?? 0 }] : [];
  });
  if (!due.length) return [];
  const contacts = await contactsOf(
    deps.db,
    due.map((d) => d.order.customerId!),
  );
  const shopName = new Map(shops.map((s) => [s.id, s.name]));
  const out: TurnNotice[] = [];
  for (const { order, kind, wait } of due) {
    const c = contacts.get(order.customerId!);
    if (!c) continue;
    const channels: NoticeChannel[] = [];
    if (deps.push && c.fcmToken) channels.push('push');
    // SMS only to a number whose owner has not stopped them, and not before the order is a while old: a join
    // cancelled at once sends none (issue 17 item 1); the timer's next check sends one that waited.
    if (c.allowSms && !c.smsStopped && now - order.joinedAt >= deps.config.limits.turnSmsMinAgeMs) channels.push('sms');
    const shop = shopName.get(order.shopId) ?? '';
    const text = kind === 'near' ? noticeText('server.turn.near', c.language, { shop, wait }) : noticeText('server.turn.now', c.language, { shop });
    for (const channel of channels) {
      const data = { order_id: String(order.id), kind };
      const outcome = await deliver(deps, { orderId: order.id, kind, channel, contact: c, text, data, link: '/tracking', supersedes: kind === 'now' ? 'near' : undefined, whileOpen: true });
      if (outcome) out.push({ orderId: order.id, customerId: c.id, kind, channel, outcome });
    }
  }
  return out;
}

export interface TurnNotifier {
  /** Checks one shop soon, after whatever check is running; never throws. */
  kick(shopId: number): void;
  /** Checks every shop with customer orders now. */
  checkAll(): Promise<TurnNotice[]>;
  /** Runs a notification task after whatever check is running; never throws. */
  enqueue(task: () => Promise<unknown>): void;
  /** Resolves when no kicked check is pending (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The app's one notifier (built by services.ts): checks run one after another, so a shop is never checked twice at
 * once. `check` looks at the given shops (all shops with customer orders without ids).
 */
export function turnNotifier(check: (shopIds?: number[]) => Promise<TurnNotice[]>, log?: Log): TurnNotifier {
  let chain: Promise<unknown> = Promise.resolve();
  const queued = new Set<number>();
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch((err) => log?.warn({ err }, 'turn check failed'));
    return next;
  };
  return {
    kick(shopId) {
      // A shop already waiting for a check needs no second one.
      if (queued.has(shopId)) return;
      queued.add(shopId);
      void run(() => {
        queued.delete(shopId);
        return check([shopId]);
      }).catch(() => undefined);
    },
    checkAll: () => run(() => check()),
    enqueue(task) {
      void run(task).catch(() => undefined);
    },
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}

/** Checks every shop on a timer (waits shrink with time alone); answers a function that stops it. */
export function startTurnTimer(turns: TurnNotifier, intervalMs: number): () => Promise<void> {
  const timer = setInterval(() => void turns.checkAll().catch(() => undefined), intervalMs);
  return async () => {
    clearInterval(timer);
    await turns.idle();
  };
}

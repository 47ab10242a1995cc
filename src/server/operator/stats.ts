/**
 * The shop's own figures: today and the last 7 days (today included) in the shop's time zone, over the
 * orders that joined in the period. How honest the quotes were comes from queue/engine/accuracy.ts (the
 * definitions: quote = the wait shown at join, actual = service start − join, kept = within 10 minutes).
 *
 * - served / waiting / no_shows: the period's orders now serviced / still waiting / marked no-show;
 * - walk_ins: added at the desk (source 'desk'); remote_joins: joined in the app and not at the shop at join;
 * - mean_wait_minutes: join to service start over every order started (in service or served);
 * - mean_quoted_minutes, mean_actual_minutes, within_10_share, waited_longer_share, served_sooner_share: over the
 *   started orders that had a quote, the outcomes accuracy() takes; the three shares add up to 1. Null when there is
 *   nothing to average.
 * - before_window_share, in_window_share, past_window_share, mean_window_minutes: over the started orders told a
 *   window at join, the figures windowAccuracy() takes (the accuracy bench's own); the three shares add up to 1.
 * - moved_in / moved_out: the period's orders that moved here from another shop of the chain / that a later order
 *   moved from to another shop (queue/move.ts; docs/decisions.md, 'A shorter queue nearby: catalogue keys and moving').
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/http-error.ts';
import type { WireShopStats } from '../../shared/wire-operator.ts';
import { getShop } from '../repos/shops.ts';
import { addDays, dayBounds, localDay } from '../lib/tz.ts';
import { ordersJoinedBetween, type StatsOrderRow } from '../repos/order-history.ts';
import { accuracy, type WaitOutcome, type WindowOutcome, windowAccuracy } from '../queue/engine/accuracy.ts';

const MINUTE = 60_000;

export type ShopStats = WireShopStats;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length, 1) : null);

/** The figures of a set of orders. Pure: the route loads the rows. */
export function statsOf(orders: readonly StatsOrderRow[]): ShopStats {
  const started = orders.filter((o) => o.startedAt !== null && (o.status === 'in_service' || o.status === 'serviced'));
  const waits = started.map((o) => (o.startedAt! - o.joinedAt) / MINUTE);
  const outcomes: WaitOutcome[] = started.flatMap((o) =>
    o.quotedWait === null ? [] : [{ quote: o.quotedWait, actual: (o.startedAt! - o.joinedAt) / MINUTE }],
  );
  const a = accuracy(outcomes);
  const told: WindowOutcome[] = started.flatMap((o) =>
    o.quotedLow == null || o.quotedHigh == null
      ? []
      : [{ low: o.quotedLow, high: o.quotedHigh, actual: (o.startedAt! - o.joinedAt) / MINUTE }],
  );
  const w = windowAccuracy(told);
  return {
    served: orders.filter((o) => o.status === 'serviced').length,
    waiting: orders.filter((o) => o.status === 'active').length,
    no_shows: orders.filter((o) => o.status === 'no-show').length,
    walk_ins: orders.filter((o) => o.source === 'desk').length,
    remote_joins: orders.filter((o) => o.source === 'app' && !(o.checkedInAt !== null && o.checkedInAt <= o.joinedAt)).length,
    mean_wait_minutes: mean(waits),
    mean_quoted_minutes: mean(outcomes.map((o) => o.quote)),
    mean_actual_minutes: mean(outcomes.map((o) => o.actual)),
    within_10_share: a.n ? round(a.within, 3) : null,
    waited_longer_share: a.n ? round(a.longer, 3) : null,
    served_sooner_share: a.n ? round(a.sooner, 3) : null,
    before_window_share: w.n ? round(w.below, 3) : null,
    in_window_share: w.n ? round(w.covered, 3) : null,
    past_window_share: w.n ? round(w.above, 3) : null,
    mean_window_minutes: w.n ? round(w.meanWidth, 1) : null,
    moved_in: orders.filter((o) => o.movedIn).length,
    moved_out: orders.filter((o) => o.movedOut).length,
  };
}

/** The periods of a shop's figures at `now`: its local today and the 7 local days ending today (epoch ms). */
export function periodsOf(shop: { timezone: string }, now: number): { weekStart: number; todayStart: number; end: number } {
  const today = localDay(now, shop.timezone).date;
  const { start: todayStart, end } = dayBounds(today, shop.timezone);
  return { weekStart: dayBounds(addDays(today, -6), shop.timezone).start, todayStart, end };
}

/** The figures of the orders that joined in the week of `periods` (the rows the week's query gives). */
export function figuresOf(week: readonly StatsOrderRow[], periods: { todayStart: number }): { today: ShopStats; week: ShopStats } {
  return { today: statsOf(week.filter((o) => o.joinedAt >= periods.todayStart)), week: statsOf(week) };
}

/** GET /operator/pobs/{id}/stats/: today, and the 7 local days ending today. */
export async function shopStats(
  q: Queryable,
  shop: { id: number; timezone: string },
  now: number,
): Promise<{ today: ShopStats; week: ShopStats }> {
  const periods = periodsOf(shop, now);
  return figuresOf(await ordersJoinedBetween(q, shop.id, periods.weekStart, periods.end), periods);
}

/** The route's answer: the shop's figures at the app's now. */
export async function operatorStats(deps: Pick<Deps, 'db' | 'now'>, shopId: number): Promise<{ today: ShopStats; week: ShopStats }> {
  const shop = await getShop(deps.db, shopId);
  if (!shop) throw notFound('Shop not found');
  return shopStats(deps.db, shop, deps.now());
}

/**
 * What finished orders tell: each barber's last finish and speed samples (learning a barber's pace), and a shop's
 * orders of a period for its figures. SQL only, times as epoch milliseconds.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';
import type { OrderStatus } from './orders.ts';

/** When each barber last finished an order at these shops since `since` (the simulator's idle clock). */
export async function lastFinishes(q: Queryable, shopIds: number[], since: number): Promise<Map<number, number>> {
  const { rows } = await q.query<{ barberId: number; at: number }>(
    `SELECT barber_id AS "barberId", max(finished_at) AS at FROM orders
     WHERE shop_id = ANY($1::int[]) AND barber_id IS NOT NULL AND finished_at > $2 GROUP BY barber_id`,
    [shopIds, iso(since)],
  );
  return new Map(rows.map((r) => [r.barberId, r.at]));
}

export async function barberSpeed(q: Queryable, barberId: number): Promise<number | null> {
  const { rows } = await q.query<{ speed: number }>('SELECT speed FROM barbers WHERE id = $1', [barberId]);
  return rows[0]?.speed ?? null;
}

export async function insertSpeedSample(
  q: Queryable,
  s: { barberId: number; orderId: number; listedMinutes: number; actualMs: number; ratio: number; finishedAt: number },
): Promise<void> {
  await q.query(
    `INSERT INTO barber_speed_samples (barber_id, order_id, listed_minutes, actual_seconds, ratio, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING`,
    [s.barberId, s.orderId, s.listedMinutes, Math.round(s.actualMs / 1000), s.ratio, iso(s.finishedAt)],
  );
}

/** A barber's latest ratios, oldest first. */
export async function recentRatios(q: Queryable, barberId: number, limit: number): Promise<number[]> {
  const { rows } = await q.query<{ ratio: number }>(
    'SELECT ratio FROM (SELECT id, ratio FROM barber_speed_samples WHERE barber_id = $1 ORDER BY id DESC LIMIT $2) x ORDER BY id',
    [barberId, limit],
  );
  return rows.map((r) => r.ratio);
}

export async function setBarberSpeed(q: Queryable, barberId: number, speed: number): Promise<void> {
  await q.query('UPDATE barbers SET speed = $2 WHERE id = $1', [barberId, speed]);
}

/** What the shop's figures read of an order. */
export interface StatsOrderRow {
  status: OrderStatus;
  source: 'app' | 'desk';
  joinedAt: number;
  startedAt: number | null;
  checkedInAt: number | null;
  quotedWait: number | null;
  quotedLow: number | null;
  quotedHigh: number | null;
  /** Moved in from another shop of the chain (moved_from set). */
  movedIn: boolean;
  /** Moved out: a later order at another shop moved from this one. */
  movedOut: boolean;
}

/** The shop's orders joined in [from, to). */
/** The orders of several shops that joined in [from, to) (ordersJoinedBetween's, in one statement), with their shop. */
export async function ordersJoinedAtShops(
  q: Queryable,
  shopIds: number[],
  from: number,
  to: number,
): Promise<(StatsOrderRow & { shopId: number })[]> {
  if (!shopIds.length) return [];
  const { rows } = await q.query<StatsOrderRow & { shopId: number }>(
    `SELECT shop_id AS "shopId", status, source, joined_at AS "joinedAt", started_at AS "startedAt", checked_in_at AS "checkedInAt",
       quoted_wait AS "quotedWait", quoted_low AS "quotedLow", quoted_high AS "quotedHigh", moved_from IS NOT NULL AS "movedIn",
       EXISTS (SELECT 1 FROM orders m WHERE m.moved_from = orders.id) AS "movedOut"
     FROM orders WHERE shop_id = ANY($1::int[]) AND joined_at >= $2 AND joined_at < $3`,
    [shopIds, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows;
}

export async function ordersJoinedBetween(q: Queryable, shopId: number, from: number, to: number): Promise<StatsOrderRow[]> {
  const { rows } = await q.query<StatsOrderRow>(
    `SELECT status, source, joined_at AS "joinedAt", started_at AS "startedAt", checked_in_at AS "checkedInAt", quoted_wait AS "quotedWait",
       quoted_low AS "quotedLow", quoted_high AS "quotedHigh", moved_from IS NOT NULL AS "movedIn",
       EXISTS (SELECT 1 FROM orders m WHERE m.moved_from = orders.id) AS "movedOut"
     FROM orders WHERE shop_id = $1 AND joined_at >= $2 AND joined_at < $3`,
    [shopId, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows;
}

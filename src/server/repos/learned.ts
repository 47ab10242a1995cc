/**
 * The shops' learned figures (migration 015) and the history they are learned from. SQL only; times come back
 * as epoch milliseconds.
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';

/** One finished or abandoned order of the past, as the learning reads it. */
export interface PastOrderRow {
  shopId: number;
  timezone: string;
  joinedAt: number;
  priority: number;
  source: 'app' | 'desk';
  checkedInAt: number | null;
  expectedAt: number | null;
  duration: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** The serving barber's speed factor (today's: the one at the time is not kept). */
  speed: number | null;
  /** Who served it, and the barber chosen at join (null: anyone). */
  barberId: number | null;
  chosenBarberId: number | null;
  /** What was told at join: the wait, its window and the engine's spread behind it (null before they were kept). */
  quotedWait: number | null;
  quotedLow: number | null;
  quotedHigh: number | null;
  quotedSpread: number | null;
  quotedSpreadLow: number | null;
  /** What the window's model read at join (null before they were kept). */
  quotedFeatures: number[] | null;
}

/** Orders of every shop that joined in [since, until) and are over (served, cancelled or no-show). */
export async function pastOrders(q: Queryable, since: number, until: number): Promise<PastOrderRow[]> {
  const { rows } = await q.query<PastOrderRow>(
    `SELECT o.shop_id AS "shopId", s.timezone, o.joined_at AS "joinedAt", o.priority, o.source, o.checked_in_at AS "checkedInAt",
       o.expected_at AS "expectedAt", o.duration, o.started_at AS "startedAt", o.finished_at AS "finishedAt", b.speed,
       o.barber_id AS "barberId", o.chosen_barber_id AS "chosenBarberId", o.quoted_wait AS "quotedWait", o.quoted_low AS "quotedLow",
       o.quoted_high AS "quotedHigh", o.quoted_spread AS "quotedSpread", o.quoted_spread_low AS "quotedSpreadLow",
       o.quoted_features AS "quotedFeatures"
     FROM orders o JOIN shops s ON s.id = o.shop_id LEFT JOIN barbers b ON b.id = o.barber_id
     WHERE o.joined_at >= $1 AND o.joined_at < $2 AND o.status IN ('serviced', 'cancelled', 'no-show')
     ORDER BY o.joined_at, o.id`,
    [iso(since), iso(until)],
  );
  return rows;
}

/** Shop ids whose figures are missing or were computed before `before`. */
export async function staleShops(q: Queryable, before: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT s.id FROM shops s LEFT JOIN learned_figures l ON l.shop_id = s.id WHERE l.shop_id IS NULL OR l.computed_at < $1 ORDER BY s.id`,
    [iso(before)],
  );
  return rows.map((r) => r.id);
}

export async function saveFigures(q: Queryable, rows: { shopId: number; figures: unknown; samples: number }[], now: number): Promise<void> {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO learned_figures (shop_id, figures, samples, computed_at)
     SELECT x.shop_id, x.figures, x.samples, $4 FROM unnest($1::int[], $2::jsonb[], $3::int[]) AS x(shop_id, figures, samples)
     ON CONFLICT (shop_id) DO UPDATE SET figures = excluded.figures, samples = excluded.samples, computed_at = excluded.computed_at`,
    [rows.map((r) => r.shopId), rows.map((r) => JSON.stringify(r.figures)), rows.map((r) => r.samples), iso(now)],
  );
}

/** The stored figures of some shops (as JSON; queue/learned-figures.ts checks their shape). */
export async function figuresOf(q: Queryable, shopIds: number[]): Promise<{ shopId: number; figures: unknown }[]> {
  const { rows } = await q.query<{ shopId: number; figures: unknown }>(
    'SELECT shop_id AS "shopId", figures FROM learned_figures WHERE shop_id = ANY($1::int[])',
    [shopIds],
  );
  return rows;
}

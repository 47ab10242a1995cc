/**
 * The no-bump guard's record: orders.pinned_at. The engine lists in Schedule.due the checked-in
 * orders due within 5 minutes in the full schedule; the caller records them here in the same transaction as
 * the recalculation, and from then on the snapshot carries them as pinned. SQL only.
 */
import type { Queryable } from '../db/db.ts';

/**
 * Pins the given waiting orders at `now` (epoch ms). An order already pinned keeps its first pin time, and an
 * order no longer waiting (taken into service, cancelled, no-show) is left alone. Returns the ids it pinned.
 */
export async function markPinned(q: Queryable, ids: number[], now: number): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<{ id: number }>(
    `UPDATE orders SET pinned_at = $2 WHERE id = ANY($1::int[]) AND pinned_at IS NULL AND status = 'active' RETURNING id`,
    [ids, new Date(now).toISOString()],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

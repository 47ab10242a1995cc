/**
 * Today's shift windows as the console edits them: breaks cut a window, an early end shortens the day,
 * and the breaks themselves (barber_breaks). The caller (operator/breaks.ts) runs these inside the shop's inShop.
 */
import type { Queryable } from '../db/db.ts';

const t = (ms: number) => new Date(ms).toISOString();

export interface ShiftWindow {
  id: number;
  start: number;
  end: number;
}

/** The barber's windows at the shop that end after `from` and start before `to`, in time order. */
export async function shiftWindows(q: Queryable, barberId: number, shopId: number, from: number, to: number): Promise<ShiftWindow[]> {
  const { rows } = await q.query<ShiftWindow>(
    `SELECT id, starts_at AS start, ends_at AS "end" FROM shifts
     WHERE barber_id = $1 AND shop_id = $2 AND ends_at > $3 AND starts_at < $4 ORDER BY starts_at, id FOR UPDATE`,
    [barberId, shopId, t(from), t(to)],
  );
  return rows;
}

export async function setShiftEnd(q: Queryable, id: number, end: number): Promise<void> {
  await q.query('UPDATE shifts SET ends_at = $2 WHERE id = $1', [id, t(end)]);
}

export async function setShiftStart(q: Queryable, id: number, start: number): Promise<void> {
  await q.query('UPDATE shifts SET starts_at = $2 WHERE id = $1', [id, t(start)]);
}

export async function deleteShift(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM shifts WHERE id = $1', [id]);
}

export async function insertShift(q: Queryable, barberId: number, shopId: number, start: number, end: number): Promise<void> {
  await q.query('INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [
    barberId,
    shopId,
    t(start),
    t(end),
  ]);
}

export interface BreakRow {
  id: number;
  barberId: number;
  start: number;
  end: number;
  shiftEnd: number;
}

/** The breaks at the shop going on at `now`. */
export async function breaksAt(q: Queryable, shopId: number, now: number): Promise<BreakRow[]> {
  const { rows } = await q.query<BreakRow>(
    `SELECT id, barber_id AS "barberId", starts_at AS start, ends_at AS "end", shift_end AS "shiftEnd"
     FROM barber_breaks WHERE shop_id = $1 AND starts_at <= $2 AND ends_at > $2 ORDER BY id`,
    [shopId, t(now)],
  );
  return rows;
}

export async function insertBreak(
  q: Queryable,
  b: { barberId: number; shopId: number; start: number; end: number; shiftEnd: number },
): Promise<void> {
  await q.query('INSERT INTO barber_breaks (barber_id, shop_id, starts_at, ends_at, shift_end) VALUES ($1, $2, $3, $4, $5)', [
    b.barberId,
    b.shopId,
    t(b.start),
    t(b.end),
    t(b.shiftEnd),
  ]);
}

/** Ends a break now (back early, or the day ended); a break that has not begun yet is removed. */
export async function endBreak(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('DELETE FROM barber_breaks WHERE id = $1 AND starts_at >= $2', [id, t(now)]);
  await q.query('UPDATE barber_breaks SET ends_at = $2 WHERE id = $1 AND starts_at < $2', [id, t(now)]);
}

/** The shop's waiting orders that chose this barber: they go to anyone. Answers them (id and customer). */
export async function releaseChosen(q: Queryable, shopId: number, barberId: number): Promise<{ id: number; customerId: number | null }[]> {
  const { rows } = await q.query<{ id: number; customerId: number | null }>(
    `UPDATE orders SET chosen_barber_id = NULL WHERE shop_id = $1 AND chosen_barber_id = $2 AND status = 'active'
     RETURNING id, customer_id AS "customerId"`,
    [shopId, barberId],
  );
  return rows;
}

export async function barberNameOf(q: Queryable, barberId: number): Promise<{ firstname: string; lastname: string } | null> {
  const { rows } = await q.query<{ firstname: string; lastname: string }>('SELECT firstname, lastname FROM barbers WHERE id = $1', [
    barberId,
  ]);
  return rows[0] ?? null;
}

/** A shift of the shop by id, locked for the change; null when the shop has no such shift. */
export async function shiftOfShop(q: Queryable, shopId: number, id: number): Promise<(ShiftWindow & { barberId: number }) | null> {
  const { rows } = await q.query<ShiftWindow & { barberId: number }>(
    `SELECT id, barber_id AS "barberId", starts_at AS start, ends_at AS "end" FROM shifts WHERE id = $1 AND shop_id = $2 FOR UPDATE`,
    [id, shopId],
  );
  return rows[0] ?? null;
}

/** How many of the barber's shifts at any shop overlap [start, end), leaving out the one being moved. */
export async function overlappingShifts(
  q: Queryable,
  barberId: number,
  start: number,
  end: number,
  except: number | null,
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM shifts WHERE barber_id = $1 AND ends_at > $2 AND starts_at < $3 AND id <> $4',
    [barberId, t(start), t(end), except ?? 0],
  );
  return rows[0].n;
}

/** Whether the barber exists and works (status active). */
export async function activeBarber(q: Queryable, barberId: number): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM barbers WHERE id = $1 AND status = 'active'", [barberId]);
  return rows.length > 0;
}

/** Adds a shift and answers its id. */
export async function addShift(q: Queryable, barberId: number, shopId: number, start: number, end: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [barberId, shopId, t(start), t(end)],
  );
  return rows[0].id;
}

export async function moveShift(q: Queryable, id: number, start: number, end: number): Promise<void> {
  await q.query('UPDATE shifts SET starts_at = $2, ends_at = $3 WHERE id = $1', [id, t(start), t(end)]);
}

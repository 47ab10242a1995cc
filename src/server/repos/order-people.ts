/** Who an order is for and with: the barber's name and looks, the customer's name parts. SQL only. */
import type { Queryable } from '../db/db.ts';

export interface BarberLookRow {
  id: number;
  firstname: string;
  lastname: string;
  image: string | null;
  avatar: string | null;
  avatarActive: boolean;
}

export async function barberLooks(q: Queryable, ids: number[]): Promise<Map<number, BarberLookRow>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<BarberLookRow>(
    'SELECT id, firstname, lastname, image, avatar, avatar_active AS "avatarActive" FROM barbers WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The customers' first and last names (the console shows the first name and the last name's initial). */
export async function customerNamePartsOf(q: Queryable, ids: number[]): Promise<Map<number, { firstname: string; lastname: string }>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<{ id: number; firstname: string; lastname: string }>(
    'SELECT id, firstname, lastname FROM customers WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

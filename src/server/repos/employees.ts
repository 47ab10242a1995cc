/**
 * Barbers and their shifts. SQL only; every function takes a Queryable so it runs inside a transaction too.
 * Times come back as epoch milliseconds.
 */
import type { Queryable } from '../db/db.ts';
import { inLanguage } from './texts.ts';

export interface BarberRow {
  id: number;
  firstname: string;
  lastname: string;
  description: string;
  image: string | null;
  avatar: string | null;
  avatarActive: boolean;
  status: 'active' | 'inactive';
  homeShopId: number | null;
  hidden: boolean;
  speed: number;
}

/** A shift with the shop it is at, for a barber's schedule. */
export interface BarberShiftRow {
  id: number;
  barberId: number;
  shopId: number;
  shopName: string;
  shopAddress: string;
  shopCity: string;
  timezone: string;
  start: number;
  end: number;
}

/** A shift with the barber working it, for a shop's queue. */
export interface ShopShiftRow {
  id: number;
  barberId: number;
  shopId: number;
  start: number;
  end: number;
  firstname: string;
  lastname: string;
  image: string | null;
  avatar: string | null;
  avatarActive: boolean;
  speed: number;
  /** Hidden barbers take no orders outside development mode (their shifts still shape the queue). */
  hidden: boolean;
}

const BARBER_COLUMNS = `b.id, b.firstname, b.lastname, ${inLanguage('b', 'description', 'description', '$5')} AS description,
  b.image, b.avatar, b.avatar_active AS "avatarActive", b.status, b.home_shop_id AS "homeShopId", b.hidden, b.speed`;

export interface BarberScope {
  country: string;
  /** Hidden barbers and barbers of test shops too (development mode). */
  includeHidden: boolean;
  /** A barber without a home shop belongs to a country while they have a shift there ending after this. */
  shiftsFrom: number;
  /** One barber only. */
  id?: number;
  /** The bio's language (else Finnish, else as stored); absent: as stored. */
  lang?: string;
}

/**
 * Barbers of a country: those whose home shop is there, and those without a home shop who work there in the
 * coming days (so floating barbers are listed where customers can meet them).
 */
export async function listBarbers(q: Queryable, scope: BarberScope): Promise<BarberRow[]> {
  const { rows } = await q.query<BarberRow>(
    `SELECT ${BARBER_COLUMNS}
     FROM barbers b LEFT JOIN shops h ON h.id = b.home_shop_id
     WHERE ($2 OR (NOT b.hidden AND NOT coalesce(h.is_test, false)))
       AND ($4::int IS NULL OR b.id = $4)
       AND (h.country = $1 OR (b.home_shop_id IS NULL AND EXISTS (
         SELECT 1 FROM shifts s JOIN shops x ON x.id = s.shop_id
         WHERE s.barber_id = b.id AND x.country = $1 AND s.ends_at > $3::timestamptz AND ($2 OR NOT x.is_test))))
     ORDER BY b.firstname, b.lastname, b.id`,
    [scope.country, scope.includeHidden, new Date(scope.shiftsFrom).toISOString(), scope.id ?? null, scope.lang ?? null],
  );
  return rows;
}

/** Shifts of some barbers overlapping [from, to), at any shop, in time order. */
export async function shiftsOfBarbers(q: Queryable, barberIds: number[], from: number, to: number): Promise<BarberShiftRow[]> {
  const { rows } = await q.query<BarberShiftRow>(
    `SELECT s.id, s.barber_id AS "barberId", s.shop_id AS "shopId", x.name AS "shopName", x.address AS "shopAddress",
       x.city AS "shopCity", x.timezone, s.starts_at AS start, s.ends_at AS "end"
     FROM shifts s JOIN shops x ON x.id = s.shop_id
     WHERE s.barber_id = ANY($1::int[]) AND s.starts_at < $3::timestamptz AND s.ends_at > $2::timestamptz
     ORDER BY s.starts_at, s.id`,
    [barberIds, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows;
}

/** Shifts at some shops overlapping [from, to), with the barbers working them: one query for a whole list. */
export async function shiftsAtShops(q: Queryable, shopIds: number[], from: number, to: number): Promise<ShopShiftRow[]> {
  const { rows } = await q.query<ShopShiftRow>(
    `SELECT s.id, s.barber_id AS "barberId", s.shop_id AS "shopId", s.starts_at AS start, s.ends_at AS "end",
       b.firstname, b.lastname, b.image, b.avatar, b.avatar_active AS "avatarActive", b.speed, b.hidden
     FROM shifts s JOIN barbers b ON b.id = s.barber_id
     WHERE s.shop_id = ANY($1::int[]) AND s.starts_at < $3::timestamptz AND s.ends_at > $2::timestamptz
       AND b.status = 'active'
     ORDER BY s.shop_id, s.starts_at, s.id`,
    [shopIds, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows;
}

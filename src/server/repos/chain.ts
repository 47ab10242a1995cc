/**
 * A chain's own data as the import writes it (ops/chain-import.ts, `npm run import`): shops, their opening hours and
 * menus, barbers and shifts, idempotent: shops, menu groups, services and barbers by their ids (an import again
 * updates them), a shop's opening hours replaced, a shift known by its barber, shop and start.
 */
import type { Queryable } from '../db/db.ts';
import type { HoursRow, ShopRow } from './shops.ts';

/** The countries a chain's shop may be in, with the time zone its shops keep. */
export const TIMEZONES = {
  FI: 'Europe/Helsinki',
  EE: 'Europe/Tallinn',
  NO: 'Europe/Oslo',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
} as const;
export type Country = keyof typeof TIMEZONES;

export interface ImportCounts {
  shops: number;
  services: number;
  barbers: number;
  shifts: number;
  /** Shifts the file has that were there already. */
  shiftsKept: number;
}

const iso = (t: number) => new Date(t).toISOString();

/** Writes a checked chain (ops/chain-file.ts checks it): run it in one transaction. */
export async function writeChain(q: Queryable, chain: Chain): Promise<ImportCounts> {
  let services = 0;
  for (const s of chain.shops) {
    await q.query(
      `INSERT INTO shops (id, country, name, city, address, floor, latitude, longitude, timezone, chair_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET country = EXCLUDED.country, name = EXCLUDED.name, city = EXCLUDED.city, address = EXCLUDED.address,
         floor = EXCLUDED.floor, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, timezone = EXCLUDED.timezone,
         chair_count = EXCLUDED.chair_count`,
      [s.id, s.country, s.name, s.city, s.address, s.floor, s.latitude, s.longitude, TIMEZONES[s.country], s.chairs],
    );
    await q.query('DELETE FROM shop_hours WHERE shop_id = $1', [s.id]);
    for (const h of s.hours)
      await q.query('INSERT INTO shop_hours (shop_id, weekday, opens, closes) VALUES ($1, $2, $3, $4)', [
        s.id,
        h.weekday,
        h.opens,
        h.closes,
      ]);
    for (const [gi, g] of s.menu.entries()) {
      await q.query(
        `INSERT INTO service_groups (id, shop_id, title, sort_order, description) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET shop_id = EXCLUDED.shop_id, title = EXCLUDED.title, sort_order = EXCLUDED.sort_order,
           description = EXCLUDED.description`,
        [g.id, s.id, g.title, gi + 1, g.description],
      );
      for (const [si, v] of g.services.entries()) {
        services++;
        await q.query(
          `INSERT INTO services (id, shop_id, group_id, title, sort_order, description, price, duration, catalogue_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (id) DO UPDATE SET shop_id = EXCLUDED.shop_id, group_id = EXCLUDED.group_id, title = EXCLUDED.title,
             sort_order = EXCLUDED.sort_order, description = EXCLUDED.description, price = EXCLUDED.price,
             duration = EXCLUDED.duration, catalogue_key = EXCLUDED.catalogue_key`,
          [v.id, s.id, g.id, v.title, si + 1, v.description, v.price, v.duration, v.catalogue_key],
        );
      }
    }
  }
  for (const b of chain.barbers) {
    await q.query(
      `INSERT INTO barbers (id, firstname, lastname, description, home_shop_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, description = EXCLUDED.description,
         home_shop_id = EXCLUDED.home_shop_id`,
      [b.id, b.firstname, b.lastname, b.description, b.home_shop_id],
    );
  }
  let kept = 0;
  for (const s of chain.shifts) {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) SELECT $1, $2, $3, $4
       WHERE NOT EXISTS (SELECT 1 FROM shifts WHERE barber_id = $1 AND shop_id = $2 AND starts_at = $3) RETURNING id`,
      [s.barber_id, s.shop_id, iso(s.starts_at), iso(s.ends_at)],
    );
    if (!rows.length) {
      kept++;
      await q.query('UPDATE shifts SET ends_at = $4 WHERE barber_id = $1 AND shop_id = $2 AND starts_at = $3', [
        s.barber_id,
        s.shop_id,
        iso(s.starts_at),
        iso(s.ends_at),
      ]);
    }
  }
  return { shops: chain.shops.length, services, barbers: chain.barbers.length, shifts: chain.shifts.length, shiftsKept: kept };
}

export interface ChainShop extends Pick<ShopRow, 'id' | 'name' | 'city' | 'address' | 'floor' | 'latitude' | 'longitude'> {
  country: Country;
  chairs: number;
  hours: Omit<HoursRow, 'shopId'>[];
  menu: {
    id: number;
    title: string;
    description: string;
    services: { id: number; title: string; description: string; price: number; duration: number; catalogue_key: string | null }[];
  }[];
}
export interface ChainBarber {
  id: number;
  firstname: string;
  lastname: string;
  description: string;
  home_shop_id: number | null;
}
export interface ChainShift {
  barber_id: number;
  shop_id: number;
  starts_at: number;
  ends_at: number;
}
export interface Chain {
  shops: ChainShop[];
  barbers: ChainBarber[];
  shifts: ChainShift[];
}

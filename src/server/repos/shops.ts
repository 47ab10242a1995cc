/**
 * Shops, their opening hours, menus, and the open orders the queue engine needs. SQL only; every function takes
 * a Queryable so it runs inside a transaction as well. Times come back as epoch milliseconds.
 */
import type { Language } from '../../shared/locales.ts';
import type { Queryable } from '../db/db.ts';
import type { Extra, Service, ServiceGroup } from '../../shared/menu.ts';
import { inLanguage } from './texts.ts';

export interface ShopRow {
  id: number;
  country: string;
  name: string;
  city: string;
  address: string;
  floor: string | null;
  latitude: number;
  longitude: number;
  timezone: string;
  chairCount: number;
  image: string | null;
  notices: string[];
  isTest: boolean;
  queueFull: boolean;
  /**
   * The shop's learned figures as stored (migration 015), when the read brought them (lockShopForChange): null
   * when none are stored; absent when the read did not look (the queue's loader reads them then).
   */
  figures?: unknown;
}

export interface HoursRow {
  shopId: number;
  weekday: number;
  opens: string; // "HH:MM"
  closes: string;
}

/** Menu rows are the shared menu types field for field (src/shared/menu.ts). */
export type ServiceGroupRow = ServiceGroup;
/**
 * A service row also carries its group's title (an order's items show it); a service and an extra row their
 * catalogue key (the shop detail sends it, a move maps by it), which the client reads from the wire.
 */
export type ServiceRow = Service & { groupName: string; catalogueKey: string | null };
export type ExtraRow = Extra & { catalogueKey: string | null };

/** An order that is waiting (active) or in service, with what the engine needs of it. */
export interface OpenOrderRow {
  id: number;
  shopId: number;
  status: 'active' | 'in_service';
  priority: number;
  joinedAt: number;
  startedAt: number | null;
  chosenBarberId: number | null;
  barberId: number | null;
  duration: number;
  checkedIn: boolean;
  /** When the no-bump guard pinned it (orders.pinned_at, see repos/guard.ts); null or absent: not pinned. */
  pinnedAt?: number | null;
  /** 'app' or 'desk' (absent in older fixtures: planned as present). */
  source?: 'app' | 'desk';
  /** The arrival the customer gave (eta_minutes), or null. */
  expectedAt?: number | null;
  /** The customer's account, or null for a walk-in (absent in older fixtures); the turn check reads it. */
  customerId?: number | null;
  /** Stepped out: when he said he would be back (planned as absent until then); null or absent otherwise. */
  steppedOutUntil?: number | null;
  /** A companion's order: his customer's order; null or absent otherwise. */
  partyOf?: number | null;
  /** One of its party was marked a no-show: it no longer waits as a family (queue/snapshot.ts). Absent: false. */
  partyBroken?: boolean;
}

const SHOP_COLUMNS = `id, country, name, city, address, floor, latitude, longitude, timezone,
  chair_count AS "chairCount", image, notices, is_test AS "isTest", queue_full AS "queueFull"`;

/** Shops of one country, by name; test shops only when asked for. */
export async function listShops(q: Queryable, opts: { country: string; includeTest: boolean }): Promise<ShopRow[]> {
  const { rows } = await q.query<ShopRow>(
    `SELECT ${SHOP_COLUMNS} FROM shops WHERE country = $1 AND ($2 OR NOT is_test) ORDER BY name, id`,
    [opts.country, opts.includeTest],
  );
  return rows;
}

export async function getShop(q: Queryable, id: number): Promise<ShopRow | null> {
  const { rows } = await q.query<ShopRow>(`SELECT ${SHOP_COLUMNS} FROM shops WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The shops of these ids that exist, in one read. */
export async function getShops(q: Queryable, ids: number[]): Promise<ShopRow[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<ShopRow>(`SELECT ${SHOP_COLUMNS} FROM shops WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
  return rows;
}

/**
 * The shop for a read of its queue, in one statement: with its queue version (read before its queue's rows, so a
 * change committing in between moves the stamp) and its learned figures.
 */
export async function shopForRead(q: Queryable, id: number): Promise<LockedShop | null> {
  const { rows } = await q.query<LockedShop>(
    `SELECT ${SHOP_COLUMNS}, queue_version AS "queueVersion",
       (SELECT l.figures FROM learned_figures l WHERE l.shop_id = shops.id) AS figures FROM shops WHERE id = $1`,
    [id],
  );
  return rows[0] ? { ...rows[0], queueVersion: Number(rows[0].queueVersion) } : null;
}

/** Several shops for a read of their queues (shopForRead's, in one statement), by id; a missing id is left out. */
export async function shopsForRead(q: Queryable, ids: number[]): Promise<LockedShop[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<LockedShop>(
    `SELECT ${SHOP_COLUMNS}, queue_version AS "queueVersion",
       (SELECT l.figures FROM learned_figures l WHERE l.shop_id = shops.id) AS figures FROM shops WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, queueVersion: Number(r.queueVersion) }));
}

/** The channel every queue change is announced on (NOTIFY, delivered on commit; db/listen.ts listens). */
export const QUEUE_CHANNEL = 'queue_changes';

/** The shop as locked for a change, with its queue version after the bump. */
export type LockedShop = ShopRow & { queueVersion: number };

/**
 * Every change to a shop's queue starts here: one statement locks the shop's row until the transaction ends
 * (on PostgreSQL concurrent changes serialize, and each checks the queue as it really is), bumps its queue
 * version (committed or rolled back with the change), queues the change's announcement on QUEUE_CHANNEL
 * ("id version country"; PostgreSQL delivers it to every listening process when, and only if, the transaction
 * commits) and returns the shop as it is under the lock; null when there is no such shop.
 */
export async function lockShopForChange(q: Queryable, id: number): Promise<LockedShop | null> {
  // With the shop's learned figures (migration 015), so that loading the queue under the lock needs no read more.
  const { rows } = await q.query<LockedShop & { n: unknown }>(
    `WITH s AS (UPDATE shops SET queue_version = queue_version + 1 WHERE id = $1 RETURNING ${SHOP_COLUMNS}, queue_version AS "queueVersion",
                  (SELECT l.figures FROM learned_figures l WHERE l.shop_id = shops.id) AS figures)
     SELECT s.*, pg_notify('${QUEUE_CHANNEL}', s.id || ' ' || s."queueVersion" || ' ' || s.country) AS n FROM s`,
    [id],
  );
  if (!rows[0]) return null;
  const { n: _, ...shop } = rows[0];
  return { ...shop, queueVersion: Number(shop.queueVersion) };
}

/** Announces that every queue may have changed (the roster, a seed): listeners drop what they hold. */
export async function announceEverything(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify('${QUEUE_CHANNEL}', '*')`);
}

export async function countShops(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM shops');
  return rows[0].n;
}

export async function hoursOf(q: Queryable, shopIds: number[]): Promise<HoursRow[]> {
  const { rows } = await q.query<HoursRow>(
    `SELECT shop_id AS "shopId", weekday, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes
     FROM shop_hours WHERE shop_id = ANY($1::int[]) ORDER BY shop_id, weekday`,
    [shopIds],
  );
  return rows;
}

export async function serviceGroupsOf(q: Queryable, shopId: number, lang: string | null = null): Promise<ServiceGroupRow[]> {
  const { rows } = await q.query<ServiceGroupRow>(
    `SELECT g.id, ${inLanguage('g', 'title')} AS title, g.sort_order AS "order", ${inLanguage('g', 'description')} AS description,
            g.parent_id AS "parentId"
     FROM service_groups g WHERE g.shop_id = $1 ORDER BY g.sort_order, g.id`,
    [shopId, lang],
  );
  return rows;
}

/** A shop's notices in a language (else Finnish, else as stored). */
export async function noticesOf(q: Queryable, shopId: number, lang: string | null): Promise<string[]> {
  const { rows } = await q.query<{ notices: string[] }>(
    `SELECT coalesce(
       (SELECT array_agg(n ORDER BY i)
          FROM jsonb_array_elements_text(coalesce(s.texts->$2::text->'notices', s.texts->'fi'->'notices')) WITH ORDINALITY AS t(n, i)),
       s.notices) AS notices
     FROM shops s WHERE s.id = $1`,
    [shopId, lang],
  );
  return rows[0]?.notices ?? [];
}

export async function servicesOf(q: Queryable, shopId: number, lang: string | null = null): Promise<ServiceRow[]> {
  const { rows } = await q.query<ServiceRow>(
    `SELECT s.id, s.group_id AS "groupId", ${inLanguage('s', 'title')} AS title, s.sort_order AS "order",
       ${inLanguage('s', 'description')} AS description, ${inLanguage('s', 'long_description')} AS "longDescription",
       s.price, s.duration, s.multiple, ${inLanguage('g', 'title')} AS "groupName", s.catalogue_key AS "catalogueKey"
     FROM services s LEFT JOIN service_groups g ON g.id = s.group_id WHERE s.shop_id = $1 ORDER BY s.sort_order, s.id`,
    [shopId, lang],
  );
  return rows;
}

export async function extrasOf(q: Queryable, shopId: number, lang: string | null = null): Promise<ExtraRow[]> {
  const { rows } = await q.query<ExtraRow>(
    `SELECT e.id, e.service_id AS "serviceId", ${inLanguage('e', 'title')} AS title, e.sort_order AS "order",
       ${inLanguage('e', 'description')} AS description,
       ${inLanguage('e', 'long_description')} AS "longDescription", e.price, e.duration, e.catalogue_key AS "catalogueKey"
     FROM extra_services e JOIN services s ON s.id = e.service_id
     WHERE s.shop_id = $1 ORDER BY e.service_id, e.sort_order, e.id`,
    [shopId, lang],
  );
  return rows;
}

/** What pricing an order reads of a service and of an extra. */
export type PricedService = Omit<ServiceRow, 'longDescription' | 'catalogueKey'>;
export type PricedExtra = Omit<ExtraRow, 'longDescription' | 'catalogueKey'>;

/**
 * Some services and extras of a shop by id, in `lang` (null: the names as entered), in one statement: what a join
 * prices (an id of another shop is not found). The columns are those of servicesOf and extrasOf.
 */
export async function menuItemsOf(
  q: Queryable,
  shopId: number,
  serviceIds: number[],
  extraIds: number[],
  lang: Language | null = null,
): Promise<{ services: PricedService[]; extras: PricedExtra[] }> {
  const { rows } = await q.query<PricedService & PricedExtra & { kind: 's' | 'e' }>(
    `SELECT 's' AS kind, s.id, s.group_id AS "groupId", NULL::int AS "serviceId", ${inLanguage('s', 'title')} AS title,
       s.sort_order AS "order", ${inLanguage('s', 'description')} AS description, s.price, s.duration, s.multiple,
       ${inLanguage('g', 'title')} AS "groupName"
     FROM services s LEFT JOIN service_groups g ON g.id = s.group_id WHERE s.shop_id = $1 AND s.id = ANY($3::int[])
     UNION ALL
     SELECT 'e', e.id, NULL, e.service_id, ${inLanguage('e', 'title')}, e.sort_order, ${inLanguage('e', 'description')},
       e.price, e.duration, NULL, NULL
     FROM extra_services e JOIN services s ON s.id = e.service_id WHERE s.shop_id = $1 AND e.id = ANY($4::int[])`,
    [shopId, lang, serviceIds, extraIds],
  );
  const services: PricedService[] = [];
  const extras: PricedExtra[] = [];
  for (const { kind, ...r } of rows) {
    if (kind === 's') {
      const { serviceId: _, ...service } = r;
      services.push(service);
    } else {
      const { groupId: _g, multiple: _m, groupName: _n, ...extra } = r;
      extras.push(extra);
    }
  }
  return { services, extras };
}

/** The `texts` of some services and extras (a receipt keeps its rows' names in every language). */
export async function menuTextsOf(
  q: Queryable,
  serviceIds: number[],
  extraIds: number[],
): Promise<Map<string, Record<string, { title?: string }>>> {
  const { rows } = await q.query<{ key: string; texts: Record<string, { title?: string }> }>(
    `SELECT 's' || id AS key, texts FROM services WHERE id = ANY($1::int[])
     UNION ALL SELECT 'e' || id AS key, texts FROM extra_services WHERE id = ANY($2::int[])`,
    [serviceIds, extraIds],
  );
  return new Map(rows.map((r) => [r.key, r.texts]));
}

/** Waiting and in-service orders of some shops, one query for a whole list. */
export async function openOrdersAt(q: Queryable, shopIds: number[]): Promise<OpenOrderRow[]> {
  const { rows } = await q.query<OpenOrderRow>(
    `SELECT id, shop_id AS "shopId", status, priority, joined_at AS "joinedAt", started_at AS "startedAt",
       chosen_barber_id AS "chosenBarberId", barber_id AS "barberId", duration, customer_at_pob AS "checkedIn",
       pinned_at AS "pinnedAt", source, expected_at AS "expectedAt", customer_id AS "customerId",
       stepped_out_until AS "steppedOutUntil", party_of AS "partyOf",
       EXISTS (SELECT 1 FROM orders n WHERE n.status = 'no-show'
         AND (n.party_of = COALESCE(o.party_of, o.id) OR n.id = o.party_of)) AS "partyBroken"
     FROM orders o WHERE shop_id = ANY($1::int[]) AND status IN ('active', 'in_service') ORDER BY joined_at, id`,
    [shopIds],
  );
  return rows;
}

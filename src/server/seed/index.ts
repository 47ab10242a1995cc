/**
 * The demo chain, seeded once into an empty database: shops in five countries with hours and menus, barbers
 * with a week of shifts, and a live queue at the seeding instant. Everything is derived from `now` and a
 * fixed PRNG seed, so the same instant always gives the same data.
 */
import type { Db, Queryable } from '../db/db.ts';
import { countShops } from '../repos/shops.ts';
import { buildBarbers, type SeedBarber } from './barbers.ts';
import { iso } from '../lib/time.ts';
import { bumpSequence, insertRows } from './insert.ts';
import { buildOrders, type SeedOrder, type SeedOrderItem } from './orders.ts';
import { writeHistory, writeQueue } from './write-orders.ts';
import { buildHistory, type SeedPastOrder } from './history.ts';
import { rng } from '../demo/random.ts';
import { buildMenu, type Menu } from './services.ts';
import { buildShifts, weekOf, type SeedShift } from './shifts.ts';
import { SHOPS, TIMEZONES } from './shops.ts';
import { seedAccounts } from './accounts.ts';
import type { ScryptParams } from '../auth/passwords.ts';
import { NOTICE_TEXTS, SPECIALITY_TEXTS, textsOf, translate } from './texts-other.ts';
import { ALL_LANGUAGES } from '../../shared/locales.ts';

type DemoAccount = Awaited<ReturnType<typeof seedAccounts>>[number];

const SEED = 20261124;

export interface SeedCounts {
  shops: number;
  barbers: number;
  orders: number;
}

export interface DemoData {
  menus: Map<number, Menu>;
  barbers: SeedBarber[];
  shifts: SeedShift[];
  orders: SeedOrder[];
  items: SeedOrderItem[];
  /** Finished orders of the days before (what the shops learn from). */
  history: SeedPastOrder[];
}

/** The whole demo as plain data (pure: tests can inspect it without a database). */
export function buildDemo(now: number): DemoData {
  const r = rng(SEED);
  const menus = new Map(SHOPS.map((s) => [s.id, buildMenu(s)]));
  const barbers = buildBarbers(r);
  const shifts = buildShifts(now, barbers, r);
  const { orders, items } = buildOrders(now, barbers, shifts, menus, r);
  // Its own stream, so the live queue stays as it was before the history existed.
  const history = buildHistory(now, SHOPS, barbers, rng(SEED + 1));
  return { menus, barbers, shifts, orders, items, history };
}

const json = (v: unknown): string => JSON.stringify(v);

/** Notices in every language: { lang: { notices: [...] } }. */
function noticeTexts(notices: string[]) {
  return Object.fromEntries(ALL_LANGUAGES.map((lang) => [lang, { notices: notices.map((n) => translate(n, NOTICE_TEXTS)[lang]) }]));
}

/** A bio is "<first name> <speciality>." in every language. */
function bioTexts(b: SeedBarber) {
  const speciality = b.description.slice(b.firstname.length + 1, -1);
  const all = translate(speciality, SPECIALITY_TEXTS);
  return Object.fromEntries(ALL_LANGUAGES.map((lang) => [lang, { description: `${b.firstname} ${all[lang]}.` }]));
}

/** The shops and their weekly hours. */
async function writeShops(q: Queryable, now: number): Promise<void> {
  await insertRows(
    q,
    'shops',
    [
      'id',
      'country',
      'name',
      'city',
      'address',
      'floor',
      'latitude',
      'longitude',
      'timezone',
      'chair_count',
      'image',
      'notices',
      'is_test',
      'queue_full',
      'texts',
    ],
    SHOPS.map((s) => [
      s.id,
      s.country,
      s.name,
      s.city,
      s.address,
      s.floor ?? null,
      s.lat,
      s.lng,
      TIMEZONES[s.country],
      s.chairs,
      s.image ?? null,
      s.notices ?? [],
      Boolean(s.isTest),
      Boolean(s.full),
      json(noticeTexts(s.notices ?? [])),
    ]),
  );
  await insertRows(
    q,
    'shop_hours',
    ['shop_id', 'weekday', 'opens', 'closes'],
    SHOPS.flatMap((s) => weekOf(s, now).flatMap((h, i) => (h ? [[s.id, i + 1, h[0], h[1]]] : []))),
  );
}

/** Each shop's menu: groups, services and their extras, with their texts in every language. */
async function writeMenus(q: Queryable, demo: DemoData): Promise<void> {
  const menus = [...demo.menus.values()];
  await insertRows(
    q,
    'service_groups',
    ['id', 'shop_id', 'title', 'sort_order', 'description', 'parent_id', 'texts'],
    menus.flatMap((m) =>
      m.groups.map((g) => [
        g.id,
        g.shopId,
        g.title,
        g.order,
        g.description,
        g.parentId,
        json(textsOf({ title: g.title, description: g.description })),
      ]),
    ),
  );
  await insertRows(
    q,
    'services',
    [
      'id',
      'shop_id',
      'group_id',
      'title',
      'sort_order',
      'description',
      'long_description',
      'price',
      'duration',
      'multiple',
      'texts',
      'catalogue_key',
    ],
    menus.flatMap((m) =>
      m.services.map((s) => [
        s.id,
        s.shopId,
        s.groupId,
        s.title,
        s.order,
        s.description,
        s.longDescription,
        s.price,
        s.duration,
        s.multiple,
        json(textsOf({ title: s.title, description: s.description, long_description: s.longDescription })),
        s.catalogueKey,
      ]),
    ),
  );
  await insertRows(
    q,
    'extra_services',
    ['id', 'service_id', 'title', 'sort_order', 'description', 'price', 'duration', 'texts', 'catalogue_key'],
    menus.flatMap((m) =>
      m.extras.map((e) => [
        e.id,
        e.serviceId,
        e.title,
        e.order,
        e.description,
        e.price,
        e.duration,
        json(textsOf({ title: e.title, description: e.description })),
        e.catalogueKey,
      ]),
    ),
  );
}

/** The barbers and their shifts. */
async function writeStaff(q: Queryable, demo: DemoData): Promise<void> {
  await insertRows(
    q,
    'barbers',
    [
      'id',
      'firstname',
      'lastname',
      'description',
      'image',
      'avatar',
      'avatar_active',
      'status',
      'home_shop_id',
      'hidden',
      'speed',
      'texts',
    ],
    demo.barbers.map((b) => [
      b.id,
      b.firstname,
      b.lastname,
      b.description,
      b.image,
      b.avatar,
      b.avatarActive,
      b.status,
      b.homeShopId,
      b.hidden,
      b.speed,
      json(bioTexts(b)),
    ]),
  );
  await insertRows(
    q,
    'shifts',
    ['id', 'barber_id', 'shop_id', 'starts_at', 'ends_at'],
    demo.shifts.map((s) => [s.id, s.barberId, s.shopId, iso(s.start), iso(s.end)]),
  );
  await bumpSequence(q, 'shifts');
}

/** The live queue: today's orders and their items. */
async function write(q: Queryable, now: number): Promise<SeedCounts> {
  const demo = buildDemo(now);
  await writeShops(q, now);
  await writeMenus(q, demo);
  await writeStaff(q, demo);
  await writeQueue(q, demo);
  await writeHistory(q, demo, now);
  return { shops: SHOPS.length, barbers: demo.barbers.length, orders: demo.orders.length + demo.history.length };
}

/** Seeds the demo unconditionally, in one transaction (tests use it on a fresh database). */
export function seedDemo(db: Db, now: number): Promise<SeedCounts> {
  return db.transaction((tx) => write(tx, now));
}

/**
 * Seeds the demo when the database has no shops yet; null when it already has some. Test shops and hidden
 * barbers are always part of it, because `?dev=1` may reveal them on any deployment; `development` is
 * accepted so the caller's intent is explicit and the seed may differ by mode later.
 */
export function seedIfEmpty(
  db: Db,
  /** accounts: false in production, where the demo's customers (and their shared password) never exist. */
  opts: { now: number; development: boolean; scrypt?: ScryptParams; accounts?: boolean },
): Promise<(SeedCounts & { accounts: DemoAccount[] }) | null> {
  return db.transaction(async (tx) => {
    // Several processes may start at once against one PostgreSQL: the first seeds, the others then see shops.
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(72232)');
    if ((await countShops(tx)) > 0) return null;
    const counts = await write(tx, opts.now);
    // The demo customers (one per membership level) come with the first start only, not with seedDemo,
    // so that server tests do not pay four full-cost password hashes each. They are hashed at the configured
    // cost (SCRYPT_LOG_N; the OWASP cost by default), as a login would re-hash them anyway.
    return { ...counts, accounts: opts.accounts === false ? [] : await seedAccounts(tx, opts.now, { scrypt: opts.scrypt }) };
  });
}

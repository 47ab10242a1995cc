/**
 * The chain file's format and its checking (`npm run import -- chain.json`, ops/chain-import.ts writes it): shops
 * with their opening hours and menus, barbers, and shifts. Everything is checked first and every problem is reported
 * with where it is (`shops[1].hours[0].closes: …`). See docs/operations.md for the format and
 * scripts/chain.example.json for an example.
 */
import { type Chain, type ChainBarber, type ChainShift, type ChainShop, type Country, TIMEZONES } from '../repos/chain.ts';

const COUNTRIES = Object.keys(TIMEZONES) as Country[];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A catalogue key: a slug such as 'skin-fade' (docs/decisions.md, 'A shorter queue nearby: catalogue keys and moving'). */
const CATALOGUE_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export class ChainFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The chain file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the fields of the file's objects, noting every problem with where it is (`shops[1].hours[0].closes: …`). */
function fieldReader() {
  const problems: string[] = [];
  const bad = (at: string, what: string) => problems.push(`${at}: ${what}`);
  const text = (o: Obj, key: string, at: string, opts: { optional?: boolean; max?: number } = {}): string => {
    const v = o[key];
    if ((v === undefined || v === null) && opts.optional) return '';
    if (typeof v !== 'string' || !v.trim()) bad(`${at}.${key}`, 'must be a non-empty text');
    else if (v.length > (opts.max ?? 200)) bad(`${at}.${key}`, `must be at most ${opts.max ?? 200} characters`);
    return typeof v === 'string' ? v.trim() : '';
  };
  const int = (o: Obj, key: string, at: string, min: number, max = 2_147_483_647): number => {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      bad(`${at}.${key}`, `must be a whole number from ${min} to ${max}`);
    return typeof v === 'number' ? v : 0;
  };
  const num = (o: Obj, key: string, at: string, min: number, max: number): number => {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) bad(`${at}.${key}`, `must be a number from ${min} to ${max}`);
    return typeof v === 'number' ? v : 0;
  };
  const list = (o: Obj, key: string, at: string): unknown[] => {
    const v = o[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) bad(`${at}.${key}`, 'must be a list');
    return Array.isArray(v) ? v : [];
  };
  const catalogueKey = (o: Obj, at: string): string | null => {
    const v = o.catalogue_key;
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.length > 64 || !CATALOGUE_KEY.test(v))
      bad(`${at}.catalogue_key`, "must be a slug of lower-case letters, digits and dashes, e.g. 'skin-fade'");
    return typeof v === 'string' ? v : null;
  };
  const unique = (seen: Set<number>, id: number, at: string) => {
    if (seen.has(id)) bad(at, `id ${id} appears twice`);
    seen.add(id);
  };
  /** Each object of a list, read with where it is; anything else is reported with `shape` and stands as `fallback`. */
  const objects = <T>(o: Obj, key: string, at: string, shape: string, fallback: T, read: (raw: Obj, where: string) => T): T[] =>
    list(o, key, at).map((raw, i) => {
      const where = at === '(top)' ? `${key}[${i}]` : `${at}.${key}[${i}]`;
      if (isObj(raw)) return read(raw, where);
      bad(where, shape);
      return fallback;
    });
  return { problems, bad, text, int, num, catalogueKey, unique, objects };
}
type Reader = ReturnType<typeof fieldReader>;

/** The ids read so far: each is unique in the file, and barbers and shifts must name shops and barbers of the file. */
interface Ids {
  shops: Set<number>;
  groups: Set<number>;
  services: Set<number>;
  barbers: Set<number>;
}

/** A shop's opening hours: at most one opening a weekday, closing after it opens. */
function readHours(r: Reader, shop: Obj, at: string): ChainShop['hours'] {
  const days = new Set<number>();
  return r.objects(shop, 'hours', at, 'must be an object { weekday, opens, closes }', { weekday: 0, opens: '', closes: '' }, (h, hat) => {
    const weekday = r.int(h, 'weekday', hat, 1, 7);
    if (days.has(weekday)) r.bad(`${hat}.weekday`, `weekday ${weekday} appears twice`);
    days.add(weekday);
    const opens = String(h.opens ?? '');
    const closes = String(h.closes ?? '');
    if (!TIME.test(opens)) r.bad(`${hat}.opens`, 'must be a time HH:MM');
    if (!TIME.test(closes)) r.bad(`${hat}.closes`, 'must be a time HH:MM');
    else if (TIME.test(opens) && closes <= opens) r.bad(`${hat}.closes`, 'must be after opens');
    return { weekday, opens, closes };
  });
}

/** A shop's menu: groups of services, each with its price, duration and optional catalogue key. */
function readMenu(r: Reader, shop: Obj, at: string, ids: Ids): ChainShop['menu'] {
  const noGroup: ChainShop['menu'][number] = { id: 0, title: '', description: '', services: [] };
  return r.objects(shop, 'menu', at, 'must be an object { id, title, services }', noGroup, (g, gat) => {
    const gid = r.int(g, 'id', gat, 1);
    r.unique(ids.groups, gid, `${gat}.id`);
    const noService = { id: 0, title: '', description: '', price: 0, duration: 0, catalogue_key: null };
    const services = r.objects(g, 'services', gat, 'must be an object { id, title, price, duration }', noService, (s, sat) => {
      const sid = r.int(s, 'id', sat, 1);
      r.unique(ids.services, sid, `${sat}.id`);
      return {
        id: sid,
        title: r.text(s, 'title', sat),
        description: r.text(s, 'description', sat, { optional: true, max: 2000 }),
        price: r.int(s, 'price', sat, 0, 10_000_000),
        duration: r.int(s, 'duration', sat, 1, 600),
        catalogue_key: r.catalogueKey(s, sat),
      };
    });
    return { id: gid, title: r.text(g, 'title', gat), description: r.text(g, 'description', gat, { optional: true, max: 2000 }), services };
  });
}

function readShop(r: Reader, raw: Obj, at: string, ids: Ids): ChainShop {
  const id = r.int(raw, 'id', at, 1);
  r.unique(ids.shops, id, `${at}.id`);
  const country = raw.country as ChainShop['country'];
  if (!COUNTRIES.includes(country)) r.bad(`${at}.country`, `must be one of ${COUNTRIES.join(', ')}`);
  const hours = readHours(r, raw, at);
  const menu = readMenu(r, raw, at, ids);
  return {
    id,
    country,
    name: r.text(raw, 'name', at),
    city: r.text(raw, 'city', at),
    address: r.text(raw, 'address', at),
    floor: r.text(raw, 'floor', at, { optional: true }) || null,
    latitude: r.num(raw, 'latitude', at, -90, 90),
    longitude: r.num(raw, 'longitude', at, -180, 180),
    chairs: r.int(raw, 'chairs', at, 0, 100),
    hours,
    menu,
  };
}

function readBarber(r: Reader, raw: Obj, at: string, ids: Ids): ChainBarber {
  const id = r.int(raw, 'id', at, 1);
  r.unique(ids.barbers, id, `${at}.id`);
  const home = raw.home_shop_id === undefined || raw.home_shop_id === null ? null : r.int(raw, 'home_shop_id', at, 1);
  if (home !== null && !ids.shops.has(home)) r.bad(`${at}.home_shop_id`, `shop ${home} is not in the file`);
  return {
    id,
    firstname: r.text(raw, 'firstname', at),
    lastname: r.text(raw, 'lastname', at),
    description: r.text(raw, 'description', at, { optional: true, max: 2000 }),
    home_shop_id: home,
  };
}

function readShift(r: Reader, raw: Obj, at: string, ids: Ids): ChainShift {
  const barber = r.int(raw, 'barber_id', at, 1);
  const shop = r.int(raw, 'shop_id', at, 1);
  if (!ids.barbers.has(barber)) r.bad(`${at}.barber_id`, `barber ${barber} is not in the file`);
  if (!ids.shops.has(shop)) r.bad(`${at}.shop_id`, `shop ${shop} is not in the file`);
  const time = (key: string) => {
    const v = raw[key];
    // An instant with its offset, so a shift never depends on the importing machine's zone.
    const t = typeof v === 'string' && /(Z|[+-]\d{2}:\d{2})$/.test(v) ? Date.parse(v) : Number.NaN;
    if (!Number.isFinite(t)) r.bad(`${at}.${key}`, 'must be a date and time with its offset, e.g. 2026-12-01T09:00:00+02:00');
    return t;
  };
  const starts = time('starts_at');
  const ends = time('ends_at');
  if (Number.isFinite(starts) && Number.isFinite(ends) && (ends <= starts || ends - starts > 24 * 3_600_000))
    r.bad(`${at}.ends_at`, 'must be after starts_at, within 24 hours');
  return { barber_id: barber, shop_id: shop, starts_at: starts, ends_at: ends };
}

/** Checks the parsed file; throws ChainFileError listing every problem. */
export function parseChain(input: unknown): Chain {
  if (!isObj(input)) throw new ChainFileError(['(top): must be an object with "shops", "barbers" and "shifts"']);
  const r = fieldReader();
  for (const key of Object.keys(input))
    if (!['shops', 'barbers', 'shifts'].includes(key)) r.bad(key, 'unknown key (expected shops, barbers, shifts)');
  const ids: Ids = { shops: new Set(), groups: new Set(), services: new Set(), barbers: new Set() };
  const top = '(top)';
  const shops = r.objects(input, 'shops', top, 'must be an object', null as unknown as ChainShop, (raw, at) => readShop(r, raw, at, ids));
  const barbers = r.objects(input, 'barbers', top, 'must be an object', null as unknown as ChainBarber, (raw, at) =>
    readBarber(r, raw, at, ids),
  );
  const shiftShape = 'must be an object { barber_id, shop_id, starts_at, ends_at }';
  const shifts = r.objects(input, 'shifts', top, shiftShape, null as unknown as ChainShift, (raw, at) => readShift(r, raw, at, ids));
  if (r.problems.length) throw new ChainFileError(r.problems);
  return { shops, barbers, shifts };
}

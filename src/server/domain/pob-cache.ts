/**
 * A short cache for the shop list and shop detail (DESIGN.md §5). An answer is reused while the shops'
 * queue version in the database is unchanged (every queue change bumps it in its own transaction, so all
 * processes agree) and for at most `ttlMs`, because waits also move with the clock alone.
 *
 * On PGlite this process is the only writer (the data directory is locked to it), so the versions are kept
 * in memory as well, bumped after each queue change commits (queue/orders.ts inShop): a cached answer is then
 * served without touching the database, so reads never wait behind a write transaction holding PGlite's one
 * connection (issue 17 item 5). PostgreSQL has other processes writing, and asks the database.
 */
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import type { Db } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { countryVersion, shopVersion } from '../repos/versions.ts';
import { getPob, listPobs, type PobScope } from './pobs.ts';

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
}

export interface PobCache {
  get<T>(key: string, version: number, now: number, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function pobCache(ttlMs = 5_000, maxEntries = 200): PobCache {
  const entries = new Map<string, Entry<unknown>>();
  return {
    get<T>(key: string, version: number, now: number, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      // |now − at|: a test clock may move backwards; an answer from "the future" is not reused either.
      if (hit && hit.version === version && Math.abs(now - hit.at) < ttlMs) return hit.value;
      const value = compute();
      // Concurrent requests share the one computation; a failed one is not kept.
      entries.set(key, { version, at: now, value });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Queue changes committed by this process, per shop and per country (PGlite only: see above). */
interface LocalVersions {
  shop: Map<number, number>;
  country: Map<string, number>;
}
const local = new WeakMap<Db, LocalVersions>();

function localVersions(db: Db): LocalVersions | null {
  if (db.engine !== 'pglite') return null;
  let v = local.get(db);
  if (!v) {
    v = { shop: new Map(), country: new Map() };
    local.set(db, v);
  }
  return v;
}

/** Called once a queue change of the shop has committed. */
export function noteQueueChange(db: Db, shop: { id: number; country: string }): void {
  const v = localVersions(db);
  if (!v) return;
  v.shop.set(shop.id, (v.shop.get(shop.id) ?? 0) + 1);
  v.country.set(shop.country, (v.country.get(shop.country) ?? 0) + 1);
}

/**
 * The locale's shop list through the cache: reused while no queue of the country changed. The list holds no
 * translated text (names, cities and addresses are proper names), so one entry serves every language.
 */
export async function cachedPobs(deps: Deps, cache: PobCache, s: PobScope): Promise<WirePob[]> {
  const v = localVersions(deps.db);
  const version = v ? (v.country.get(s.country) ?? 0) : await countryVersion(deps.db, s.country);
  return cache.get(`list:${s.country}:${s.includeTest}`, version, s.now, () => listPobs(deps.db, s));
}

/** One shop's detail in one language through the cache (null: no such shop in the scope); reused while its queue is unchanged. */
export async function cachedPob(deps: Deps, cache: PobCache, id: number, s: PobScope): Promise<WirePobDetail | null> {
  const v = localVersions(deps.db);
  const version = v ? (v.shop.get(id) ?? 0) : await shopVersion(deps.db, id);
  return cache.get(`shop:${s.country}:${id}:${s.includeTest}:${s.lang}`, version, s.now, () => getPob(deps.db, id, s));
}

/**
 * A short cache for the shop list and shop detail (DESIGN.md §5). An answer is reused while the shops'
 * queue version in the database is unchanged (every queue change bumps it in its own transaction, so all
 * processes agree) and for at most `ttlMs`, because waits also move with the clock alone.
 */
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
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

/**
 * The locale's shop list through the cache: reused while no queue of the country changed. The list holds no
 * translated text (names, cities and addresses are proper names), so one entry serves every language.
 */
export async function cachedPobs(deps: Deps, cache: PobCache, s: PobScope): Promise<WirePob[]> {
  const version = await countryVersion(deps.db, s.country);
  return cache.get(`list:${s.country}:${s.includeTest}`, version, s.now, () => listPobs(deps.db, s));
}

/** One shop's detail in one language through the cache (null: no such shop in the scope); reused while its queue is unchanged. */
export async function cachedPob(deps: Deps, cache: PobCache, id: number, s: PobScope): Promise<WirePobDetail | null> {
  const version = await shopVersion(deps.db, id);
  return cache.get(`shop:${s.country}:${id}:${s.includeTest}:${s.lang}`, version, s.now, () => getPob(deps.db, id, s));
}

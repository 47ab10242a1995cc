/**
 * Rows kept across minutes (docs/decisions.md, "Reads from kept bytes, changes announced"): what a shop's detail
 * and its customers' orders are built from, read once per change of the shop and process. A kept answer ends when
 * the minute moves, since waits move with the clock; the rows it was built from do not, so the minute's answers
 * (every open stream's re-read) are built again from these with no query. Rows end as answers do when their shop's
 * change is announced, and after KEPT_ROWS_MS at most (what changes without an announcement, the hourly learned
 * figures, is at most that late); while announcements may be missed nothing is kept.
 */
import type { Deps } from '../deps.ts';
import type { Language } from '../../shared/locales.ts';
import type { QueueChanges } from './changes.ts';
import { loadQueueRows, type QueueRows } from '../queue/snapshot.ts';
import { shopForRead, shopsForRead, type ShopRow } from '../repos/shops.ts';
import { answerCache, type AnswerCache } from './answer-cache.ts';
import { menuOf, type Menu } from '../domain/shops.ts';

const caches = new WeakMap<QueueChanges, AnswerCache<unknown>>();

/** The process's kept rows (one store per announcement source, so each app and test has its own). */
export function keptRows(deps: Pick<Deps, 'changes' | 'now' | 'config'>): AnswerCache<unknown> {
  let cache = caches.get(deps.changes);
  if (!cache) {
    cache = answerCache<unknown>(deps.changes, deps.now, {
      maxAgeMs: deps.config.keptRowsMs,
      everyMinute: false,
      maxEntries: deps.config.orderCacheEntries,
    });
    caches.set(deps.changes, cache);
  }
  return cache;
}

/** A shop as read: its row, its queue version and its queue's rows. */
export interface ShopRows {
  version: number;
  shop: ShopRow;
  rows: QueueRows;
}

/** The shop's rows, kept (null: no such shop). */
export function shopRows(deps: Deps, id: number): Promise<ShopRows | null> {
  return keptRows(deps).get<ShopRows>(`rows:${id}`, { shopId: id }, async () => {
    const found = await shopForRead(deps.db, id);
    if (!found) return null;
    const { queueVersion, ...shop } = found;
    const rows = (await loadQueueRows(deps.db, [shop], deps.now())).get(id)!;
    return { version: queueVersion, shop, rows };
  });
}

/**
 * Keeps the rows of each shop of `ids` that has none kept, read together (shopsForRead and loadQueueRows: four
 * queries however many shops), for a read of many shops at once (the chain owner's stream). Each shop's entry is
 * taken before the queries start, so a change announced meanwhile ends it as if the shop had been read alone.
 */
export async function keepShopRows(deps: Deps, ids: readonly number[]): Promise<void> {
  if (!deps.changes.live || deps.config.keptRowsMs <= 0) return;
  const cache = keptRows(deps);
  const waiting = new Map<number, { resolve: (rows: ShopRows | null) => void; reject: (err: unknown) => void }>();
  for (const id of ids) {
    if (waiting.has(id) || cache.peek(`rows:${id}`)) continue;
    void cache.get<ShopRows>(`rows:${id}`, { shopId: id }, () => new Promise((resolve, reject) => waiting.set(id, { resolve, reject })));
  }
  if (!waiting.size) return;
  try {
    const found = await shopsForRead(deps.db, [...waiting.keys()]);
    const shops = found.map(({ queueVersion, ...shop }) => shop);
    const rows = await loadQueueRows(deps.db, shops, deps.now());
    const byId = new Map(found.map((s, i) => [s.id, { version: s.queueVersion, shop: shops[i], rows: rows.get(s.id)! }]));
    for (const [id, w] of waiting) w.resolve(byId.get(id) ?? null);
  } catch (err) {
    for (const w of waiting.values()) w.reject(err);
  }
}

/** The shop's menu in one language, kept. */
export function shopMenu(deps: Deps, id: number, lang: Language): Promise<Menu> {
  return keptRows(deps).get<Menu>(`menu:${id}:${lang}`, { shopId: id }, () => menuOf(deps.db, id, lang)) as Promise<Menu>;
}

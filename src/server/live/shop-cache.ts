/**
 * The shop list and shop detail answers through the kept answers (answer-cache.ts), the detail built from the kept
 * rows (kept-rows.ts).
 */
import type { Deps } from '../deps.ts';
import { queueFromRows } from '../queue/snapshot.ts';
import { type Answer, type AnswerCache, makeAnswer } from './answer-cache.ts';
import { shopMenu, shopRows } from './kept-rows.ts';
import { inScope, listPobs, pobFrom, type PobScope } from '../domain/shops.ts';

export { type Answer, type AnswerCache, answerCache, type Depends, type Encoding, makeAnswer } from './answer-cache.ts';

/** Serializes an answer as its route does (the route's response schema). */
export type Serialize = (value: unknown) => string;

/** The locale's shop list through the cache. The key keeps the language too (the list may come to carry translated text). */
export function cachedPobs(deps: Deps, cache: AnswerCache, s: PobScope, serialize: Serialize): Promise<Answer> {
  return cache.get(`list:${s.country}:${s.includeTest}:${s.lang}`, { country: s.country }, async () =>
    makeAnswer(serialize(await listPobs(deps.db, s)), -1),
  ) as Promise<Answer>;
}

/** One shop's detail in one language through the cache (null: no such shop in the scope). */
export function cachedPob(deps: Deps, cache: AnswerCache, id: number, s: PobScope, serialize: Serialize): Promise<Answer | null> {
  return cache.get(`shop:${s.country}:${id}:${s.includeTest}:${s.lang}`, { shopId: id }, async () => {
    // Built from the kept rows: the minute's answer runs no query.
    const kept = await shopRows(deps, id);
    if (!kept || !inScope(kept.shop, s)) return null;
    const menu = await shopMenu(deps, id, s.lang);
    return makeAnswer(serialize(pobFrom(kept.shop, queueFromRows(kept.shop, kept.rows, s.now), menu)), kept.version);
  });
}

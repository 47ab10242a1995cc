/** Search: case-insensitive, trimmed, an empty query matches everything. */
import type { Shop } from './types.ts';

const norm = (s: string | null | undefined) => (s ?? '').toLocaleLowerCase();

/** Whether any of `fields` contains the query (the barbers' search is lib/barber.ts's, outside the first route). */
export function matchesAny(fields: Array<string | null | undefined>, query: string): boolean {
  const q = norm(query.trim());
  if (!q) return true;
  return fields.some((f) => norm(f).includes(q));
}

/** Shop list: name, address or city. */
export function matchesShop(shop: Pick<Shop, 'name' | 'address' | 'city'>, query: string): boolean {
  return matchesAny([shop.name, shop.address, shop.city], query);
}

export function filterShops<T extends Pick<Shop, 'name' | 'address' | 'city'>>(shops: readonly T[], query: string): T[] {
  return shops.filter((s) => matchesShop(s, query));
}

/** Search: case-insensitive, trimmed, an empty query matches everything. */
import { currentShop } from './barber.ts';
import type { Barber, Shop } from './types.ts';

const norm = (s: string | null | undefined) => (s ?? '').toLocaleLowerCase();

function matchesAny(fields: Array<string | null | undefined>, query: string): boolean {
  const q = norm(query.trim());
  if (!q) return true;
  return fields.some((f) => norm(f).includes(q));
}

/** Shop list: name, address or city. */
export function matchesShop(shop: Pick<Shop, 'name' | 'address' | 'city'>, query: string): boolean {
  return matchesAny([shop.name, shop.address, shop.city], query);
}

/** Barbers list: first name, last name, current shop name and city. */
export function matchesBarber(barber: Pick<Barber, 'firstname' | 'lastname' | 'barbershop' | 'activePob'>, query: string): boolean {
  const shop = currentShop(barber);
  return matchesAny([barber.firstname, barber.lastname, shop?.name, shop?.city], query);
}

export function filterShops<T extends Pick<Shop, 'name' | 'address' | 'city'>>(shops: readonly T[], query: string): T[] {
  return shops.filter((s) => matchesShop(s, query));
}

export function filterBarbers<T extends Pick<Barber, 'firstname' | 'lastname' | 'barbershop' | 'activePob'>>(
  barbers: readonly T[],
  query: string,
): T[] {
  return barbers.filter((b) => matchesBarber(b, query));
}

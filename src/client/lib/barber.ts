/** Barber rules of the barber page and the barbers list, over the server's employee. */
import { barberImage as sharedBarberImage } from '../../shared/barber-image.ts';
import type { WireEmployee } from '../../shared/wire.ts';
import type { Barber } from './types.ts';
import { matchesAny } from './search.ts';

/** The shared picture rule (src/shared/barber-image.ts) over the wire's fields. */
export function barberImage(w: Pick<WireEmployee, 'avatar' | 'avatar_active' | 'has_avatar' | 'image' | 'has_image'>): string | null {
  return sharedBarberImage({
    avatar: w.avatar,
    avatarActive: w.avatar_active,
    hasAvatar: w.has_avatar,
    image: w.image,
    hasImage: w.has_image,
  });
}

/** The shop the barber is at: today's barbershop, else the active point of business. */
export function currentShop(barber: Pick<Barber, 'barbershop' | 'activePob'>): Barber['barbershop'] {
  return barber.barbershop ?? barber.activePob;
}

/** Join-queue button: active, attached to a shop, and inside a shift right now (start <= now < end). */
export function canJoinQueue(barber: Pick<Barber, 'status' | 'barbershop' | 'activePob' | 'shifts'>, now: Date): boolean {
  if (barber.status !== 'active' || !currentShop(barber)) return false;
  const t = now.getTime();
  return barber.shifts.some((s) => Date.parse(s.start) <= t && t < Date.parse(s.end));
}

/** Barbers list: first name, last name, current shop name and city. */
export function matchesBarber(barber: Pick<Barber, 'firstname' | 'lastname' | 'barbershop' | 'activePob'>, query: string): boolean {
  const shop = currentShop(barber);
  return matchesAny([barber.firstname, barber.lastname, shop?.name, shop?.city], query);
}

export function filterBarbers<T extends Pick<Barber, 'firstname' | 'lastname' | 'barbershop' | 'activePob'>>(
  barbers: readonly T[],
  query: string,
): T[] {
  return barbers.filter((b) => matchesBarber(b, query));
}

/**
 * What the page's first route shares with the worker's rules (sw/routes.ts re-exports it): the fallback's header
 * and the private caches' names, in a module of their own so that the rules stay out of the first route.
 */
export const PRIVATE_PREFIX = 'private-';
/** Set on a response the worker answered from its cache because the network failed or was too slow. */
export const FALLBACK_HEADER = 'x-sw-fallback';

export const privateCache = (customerId: number | string) => `${PRIVATE_PREFIX}${customerId}`;

/** Private caches that must go: every one when nobody is logged in, else those of other customers. */
export function foreignPrivateCaches(keys: readonly string[], customerId: number | null): string[] {
  const keep = customerId === null ? null : privateCache(customerId);
  return keys.filter((k) => k.startsWith(PRIVATE_PREFIX) && k !== keep);
}

/**
 * The shop list screen's state: the search box with its 500 ms debounce, the
 * derived list (alphabetical, or grouped by distance once the position is known), favourites, the
 * list's 30 s polling and the map API loader for the overlay.
 */
import { computed, signal } from '@preact/signals-react';
import { REFRESH_MS, SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { distanceKm, groupByDistance, sortAlphabetical } from '../lib/distance.ts';
import { filterShops } from '../lib/search.ts';
import type { LatLng, Shop } from '../lib/types.ts';
import { geo } from './geo.ts';
import { locale } from './i18n.ts';
import { poll } from './poll.ts';
import { favoriteShopIds } from './prefs.ts';
import { loadShops, shops } from './shops.ts';

export type ShopWithDistance = Shop & { distance?: number };

/** What the search box shows. */
export const query = signal('');
/** What the list is filtered by: the box's text once typing has paused for 500 ms. */
export const appliedQuery = signal('');
let debounce: ReturnType<typeof setTimeout> | undefined;

export function setQuery(text: string) {
  query.value = text;
  clearTimeout(debounce);
  debounce = setTimeout(() => {
    appliedQuery.value = text.trim();
  }, SEARCH_DEBOUNCE_MS);
}

/** The clear button: empties the box and the filter at once, no debounce. */
export function clearQuery() {
  clearTimeout(debounce);
  query.value = '';
  appliedQuery.value = '';
}

export const position = computed<LatLng | null>(() => {
  const g = geo.value;
  return g.status === 'fulfilled' ? { lat: g.lat, lng: g.lng } : null;
});

export const searching = computed(() => appliedQuery.value !== '');
export const results = computed(() => filterShops(shops.value, appliedQuery.value));

/** Without a position: alphabetical in the locale's collation. */
export const alphabetical = computed(() => sortAlphabetical(results.value, locale.value));
/** With a position: near-to-far groups (under 1, 2, 10 km, over 10 km); null while the position is unknown. */
export const groups = computed(() => (position.value ? groupByDistance(results.value, position.value) : null));

export const favoriteShops = computed<ShopWithDistance[]>(() => {
  const ids = favoriteShopIds.value;
  const pos = position.value;
  const list = sortAlphabetical(
    shops.value.filter((s) => ids.includes(s.id)),
    locale.value,
  );
  return pos ? list.map((s) => ({ ...s, distance: distanceKm(pos, s.coords) })) : list;
});

/** Loads the list now (the 5 s cache may answer) and every 30 s while shown; returns the stop function. */
export function startShopList(): () => void {
  return poll(() => loadShops(), REFRESH_MS, { immediate: true });
}

/** The error state's retry button: past the cache, at once. */
export const retryShops = () => loadShops(true);

export function reset() {
  clearQuery();
}

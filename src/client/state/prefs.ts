/**
 * Small stored preferences: development mode, favourites (per user), the welcome flag. What only later screens
 * change (the barbers' favourites, the welcome flag, a deleted account's favourites) is state/prefs-later.ts.
 */
import { computed, signal } from '@preact/signals-react';
import { save } from '../services/storage.ts';
import { config } from './config.ts';
import type { DevRenames } from '../../shared/dev-renames.ts';

export type PerUser = Record<string, number[]>;

/** The stored development flag; the environment flag comes from config.json. */
export const devStored = signal(false);
export const development = computed(() => devStored.value || config.value.development);

/** The development rename table while development mode is on; empty otherwise, so it has no effect. */
export const activeRenames = computed<DevRenames>(() => (development.value ? (config.value.devRenames ?? {}) : {}));
export const welcomeSeen = signal(false);

/** Favourites by owner (state/prefs-later.ts changes them too). */
export const favShops = signal<PerUser>({});
export const favBarbers = signal<PerUser>({});
/** Whose favourites: the logged-in customer's id, or 'guest'. Set by the session state. */
export const favouriteOwner = signal('guest');

export const favoriteShopIds = computed(() => favShops.value[favouriteOwner.value] ?? []);

export function restorePrefs(stored: {
  development?: unknown;
  welcomeSeen?: unknown;
  favoriteBarbershops?: unknown;
  favoriteBarbers?: unknown;
}) {
  devStored.value = stored.development === true;
  welcomeSeen.value = stored.welcomeSeen === true;
  if (stored.favoriteBarbershops && typeof stored.favoriteBarbershops === 'object') favShops.value = stored.favoriteBarbershops as PerUser;
  if (stored.favoriteBarbers && typeof stored.favoriteBarbers === 'object') favBarbers.value = stored.favoriteBarbers as PerUser;
}

export function toggle(store: typeof favShops, key: 'favoriteBarbershops' | 'favoriteBarbers', id: number) {
  const owner = favouriteOwner.value;
  const list = store.value[owner] ?? [];
  const next = list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  store.value = { ...store.value, [owner]: next };
  void save(key, store.value);
}

export const toggleFavoriteShop = (id: number) => toggle(favShops, 'favoriteBarbershops', id);

export function setDevelopment(on: boolean) {
  devStored.value = on;
  void save('development', on);
}

export function reset() {
  devStored.value = false;
  welcomeSeen.value = false;
  favShops.value = {};
  favBarbers.value = {};
  favouriteOwner.value = 'guest';
}

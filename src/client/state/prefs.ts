/**
 * Small stored preferences: development mode, favourites (per user), the welcome flag.
 */
import { computed, signal } from '@preact/signals-react';
import { save } from '../services/storage.ts';
import { config } from './config.ts';
import type { DevRenames } from '../../shared/dev-renames.ts';

type PerUser = Record<string, number[]>;

/** The stored development flag; the environment flag comes from config.json. */
export const devStored = signal(false);
export const development = computed(() => devStored.value || config.value.development);

/** The development rename table while development mode is on; empty otherwise, so it has no effect. */
export const activeRenames = computed<DevRenames>(() => (development.value ? (config.value.devRenames ?? {}) : {}));
export const welcomeSeen = signal(false);

const favShops = signal<PerUser>({});
const favBarbers = signal<PerUser>({});
/** Whose favourites: the logged-in customer's id, or 'guest'. Set by the session state. */
export const favouriteOwner = signal('guest');

export const favoriteShopIds = computed(() => favShops.value[favouriteOwner.value] ?? []);
export const favoriteBarberIds = computed(() => favBarbers.value[favouriteOwner.value] ?? []);

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

function toggle(store: typeof favShops, key: 'favoriteBarbershops' | 'favoriteBarbers', id: number) {
  const owner = favouriteOwner.value;
  const list = store.value[owner] ?? [];
  const next = list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  store.value = { ...store.value, [owner]: next };
  void save(key, store.value);
}

export const toggleFavoriteShop = (id: number) => toggle(favShops, 'favoriteBarbershops', id);
export const toggleFavoriteBarber = (id: number) => toggle(favBarbers, 'favoriteBarbers', id);

/** A deleted account's favourites go with it (the stored lists are per user). */
export function forgetFavouritesOf(owner: string) {
  const drop = (store: typeof favShops, key: 'favoriteBarbershops' | 'favoriteBarbers') => {
    const { [owner]: _gone, ...rest } = store.value;
    store.value = rest;
    void save(key, rest);
  };
  drop(favShops, 'favoriteBarbershops');
  drop(favBarbers, 'favoriteBarbers');
}

export function markWelcomeSeen() {
  welcomeSeen.value = true;
  void save('welcomeSeen', true);
}

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

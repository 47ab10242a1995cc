/** Preferences only later screens read or change (state/prefs.ts holds what the first route needs). */
import { computed } from '@preact/signals-react';
import { save } from '../services/storage.ts';
import { favBarbers, favouriteOwner, favShops, toggle, welcomeSeen } from './prefs.ts';

export const favoriteBarberIds = computed(() => favBarbers.value[favouriteOwner.value] ?? []);
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

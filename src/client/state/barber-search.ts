/**
 * The barbers list's search: the typed text, the query applied 500 ms after
 * typing stops, and the derived favourites and alphabetical results.
 */
import { computed, signal } from '@preact/signals-react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { LOCALES } from '../../shared/locales.ts';
import { filterBarbers } from '../lib/barber.ts';
import type { Barber } from '../lib/types.ts';
import { barbers, loadBarbers } from './barbers.ts';
import { locale } from './i18n.ts';
import { poll } from './poll.ts';
import { favoriteBarberIds } from './prefs-later.ts';

/** The barber list and page refresh interval; a minute keeps shifts current. */
export const BARBER_REFRESH_MS = 60_000;

/** What the search box shows, updated on every keystroke. */
export const barberQueryInput = signal('');
/** What the list is filtered by. */
export const barberQuery = signal('');

let timer: ReturnType<typeof setTimeout> | undefined;

export function setBarberQuery(text: string, debounceMs = SEARCH_DEBOUNCE_MS) {
  barberQueryInput.value = text;
  clearTimeout(timer);
  timer = setTimeout(() => {
    barberQuery.value = text;
  }, debounceMs);
}

const collator = computed(() => new Intl.Collator(LOCALES[locale.value]?.intl ?? 'fi-FI', { sensitivity: 'base' }));
const byName = (a: Barber, b: Barber) => collator.value.compare(a.firstname, b.firstname) || collator.value.compare(a.lastname, b.lastname);

/** Every barber matching the query, alphabetical by first name then last name. */
export const barberResults = computed(() => filterBarbers(barbers.value, barberQuery.value).sort(byName));

/** The favourites section shows only without a query. */
export const favoriteBarbersShown = computed(() => {
  if (barberQuery.value.trim()) return [];
  const ids = new Set(favoriteBarberIds.value);
  return barbers.value.filter((b) => ids.has(b.id)).sort(byName);
});

/** Loads the list now and every minute while the page is visible; returns the stop function. */
export function watchBarbers(): () => void {
  return poll(loadBarbers, BARBER_REFRESH_MS, { immediate: true });
}

export function reset() {
  clearTimeout(timer);
  barberQueryInput.value = '';
  barberQuery.value = '';
}

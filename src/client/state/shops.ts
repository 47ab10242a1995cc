/**
 * Shops: the list and one shop's detail. The wire answers are kept and
 * the client entities derived, so a change of membership priority re-maps without a fetch.
 */
import { computed, type Signal, signal } from '@preact/signals-react';
import { LIST_CACHE_MS } from '../../shared/constants.ts';
import { LOCALES } from '../../shared/locales.ts';
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import { fetchShop, fetchShops } from '../services/catalog.ts';
import { isoWeekday, toShop } from '../lib/mappers.ts';
import type { toShopDetail } from '../lib/detail-mapper.ts';
import { clockNow } from '../lib/clock.ts';
import { language, locale } from './i18n.ts';
import { activeRenames, development } from './prefs.ts';
import { renameShop } from '../../shared/dev-renames.ts';
import { priority } from './session.ts';

export type FetchStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';

const listWire = signal<WirePob[]>([]);

/**
 * Puts a read in place unless it is what is shown already: a stream's first frame repeats what the page carried,
 * and a refresh often brings nothing new, and either would otherwise render the whole screen again (on a shop page
 * the longest task after hydration).
 */
function put<T>(wire: Signal<T>, next: T) {
  if (JSON.stringify(wire.peek()) !== JSON.stringify(next)) wire.value = next;
}
export const listStatus = signal<FetchStatus>('idle');
let listFetchedAt = 0;
let listLocale = '';

const detailWire = signal<WirePobDetail | null>(null);
/** When the shown detail came with the page (0: it did not), so entering the page does not read it again. */
let detailPrimedAt = 0;

/** Today's weekday where the shops are (1 = Monday). */
const weekday = () => isoWeekday(new Date(clockNow()), LOCALES[locale.value]?.timezone ?? 'Europe/Helsinki');

export const shops = computed(() => {
  const day = weekday();
  const renames = activeRenames.value;
  return listWire.value
    .filter((w) => development.value || !w.is_test)
    .map((w) => toShop(renameShop(w.id, w, renames), priority.value, day));
});

/**
 * What maps a shop's detail: lib/detail-mapper.ts, handed over by the shop page's state (state/shop-page.ts), so that
 * the first route does not carry it. A detail is only ever read or carried by a page whose code has it.
 */
const detailMapper = signal<typeof toShopDetail | null>(null);
export function mapDetailsWith(map: typeof toShopDetail) {
  detailMapper.value = map;
}

export const shop = computed(() => {
  const w = detailWire.value;
  const map = detailMapper.value;
  return w && map ? map(renameShop(w.id, w, activeRenames.value), priority.value, weekday()) : null;
});

/** Fetches the list unless a fetch of the same locale and language answered less than 5 s ago. */
export async function loadShops(force = false): Promise<void> {
  const now = Date.now();
  const key = `${locale.value}:${language.value}`;
  if (!force && listLocale === key && now - listFetchedAt < LIST_CACHE_MS) return;
  listFetchedAt = now;
  listLocale = key;
  if (listWire.value.length === 0) listStatus.value = 'pending';
  try {
    put(listWire, await fetchShops(locale.value, language.value, development.value));
    listStatus.value = 'fulfilled';
  } catch {
    listFetchedAt = 0;
    // Keep the last known list on a failed refresh; only an empty list is a rejection to show.
    listStatus.value = listWire.value.length ? 'fulfilled' : 'rejected';
  }
}

/** Loads one shop; resolves false when it was rejected (the screen then goes to /home). */
export async function loadShop(id: number, opts: { refresh?: boolean } = {}): Promise<boolean> {
  if (!opts.refresh && detailWire.value?.id === id && Date.now() - detailPrimedAt < LIST_CACHE_MS) return true;
  detailPrimedAt = 0;
  if (detailWire.value?.id !== id) detailWire.value = null;
  try {
    put(detailWire, await fetchShop(locale.value, language.value, id, development.value));
    return true;
  } catch {
    if (opts.refresh && detailWire.value?.id === id) return true; // a failed refresh keeps what is shown
    detailWire.value = null;
    return false;
  }
}

/** A shop's detail from its stream (the same answer as loadShop's). */
export function showShop(w: WirePobDetail) {
  put(detailWire, w);
}

export function clearShop() {
  detailWire.value = null;
  detailPrimedAt = 0;
}

/** What a page carried (the list and/or one shop's detail, read for `locale` and `language`). */
export interface PrimedShops {
  list?: WirePob[];
  detail?: WirePobDetail | null;
  locale: string;
  language: string;
}

/**
 * Puts the shops a page carried in place as a fresh read, so entering the screen does not read them again.
 * Returns what puts the previous state back (the server renders many pages with these same signals).
 */
export function primeShops(p: PrimedShops, at = Date.now()): () => void {
  const before = {
    list: listWire.peek(),
    status: listStatus.peek(),
    at: listFetchedAt,
    key: listLocale,
    detail: detailWire.peek(),
    primed: detailPrimedAt,
  };
  if (p.list) {
    listWire.value = p.list;
    listStatus.value = 'fulfilled';
    listFetchedAt = at;
    listLocale = `${p.locale}:${p.language}`;
  }
  if (p.detail !== undefined) {
    detailWire.value = p.detail;
    detailPrimedAt = p.detail ? at : 0;
  }
  return () => {
    listWire.value = before.list;
    listStatus.value = before.status;
    listFetchedAt = before.at;
    listLocale = before.key;
    detailWire.value = before.detail;
    detailPrimedAt = before.primed;
  };
}

export function reset() {
  listWire.value = [];
  listStatus.value = 'idle';
  listFetchedAt = 0;
  clearShop();
}

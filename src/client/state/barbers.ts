/**
 * Barbers: the list and one barber's page. Hidden barbers only in development mode. A page the server rendered
 * carries what it showed (docs/decisions.md, "Offline and first load"): it is put in place as a fresh read before
 * the app hydrates, so entering the screen reads nothing again.
 */
import { computed, signal } from '@preact/signals-react';
import type { WireEmployee } from '../../shared/wire.ts';
import { fetchBarber, fetchBarbers } from '../services/catalog-barbers.ts';
import { readPageData } from '../services/page-data.ts';
import { toBarber } from '../lib/barber-mappers.ts';
import { language, locale } from './i18n.ts';
import { development } from './prefs.ts';
import { createRequest, type FetchStatus } from './request.ts';

const list = createRequest<WireEmployee[]>([], (wire) => wire.length > 0);
const listWire = list.data;
export const barbersStatus = list.status;
/** The response's error field when the list was rejected. */
export const barbersError = list.error;
const oneWire = signal<WireEmployee | null>(null);
export const barberStatus = signal<FetchStatus>('idle');

export const barbers = computed(() => listWire.value.map(toBarber));
export const barber = computed(() => (oneWire.value ? toBarber(oneWire.value) : null));

/** What a rendered page carried, taken once by the first read after it instead of the network. */
let primedList = false;
let primedOne: number | null = null;

export async function loadBarbers(): Promise<void> {
  if (primedList) {
    primedList = false;
    return;
  }
  await list.run(() => fetchBarbers(locale.value, language.value, development.value));
}

export async function loadBarber(id: number, opts: { refresh?: boolean } = {}): Promise<boolean> {
  if (primedOne !== null) {
    const primed = primedOne === id;
    primedOne = null;
    if (primed) return true;
  }
  if (oneWire.value?.id !== id) {
    oneWire.value = null;
    barberStatus.value = 'pending';
  }
  try {
    oneWire.value = await fetchBarber(locale.value, language.value, id, development.value);
    barberStatus.value = 'fulfilled';
    return true;
  } catch {
    if (opts.refresh && oneWire.value?.id === id) return true;
    oneWire.value = null;
    barberStatus.value = 'rejected';
    return false;
  }
}

/**
 * Puts the barbers a page carried in place as a fresh read. Returns what puts the previous state back (the server
 * renders many pages with these same signals).
 */
export function primeBarbers(p: { list?: WireEmployee[]; one?: WireEmployee }): () => void {
  const before = { list: list.data.peek(), status: list.status.peek(), one: oneWire.peek(), oneStatus: barberStatus.peek() };
  const flags = { list: primedList, one: primedOne };
  if (p.list) {
    list.update(p.list);
    list.settle();
    primedList = true;
  }
  if (p.one) {
    oneWire.value = p.one;
    barberStatus.value = 'fulfilled';
    primedOne = p.one.id;
  }
  return () => {
    list.update(before.list);
    list.settle(before.status);
    oneWire.value = before.one;
    barberStatus.value = before.oneStatus;
    primedList = flags.list;
    primedOne = flags.one;
  };
}

// In the browser, the page the server rendered: this module loads with its screen, before the app hydrates it.
if (typeof document !== 'undefined') {
  const page = readPageData();
  if (page?.barbers || page?.barber) primeBarbers({ list: page.barbers, one: page.barber });
}

export function reset() {
  list.reset();
  oneWire.value = null;
  barberStatus.value = 'idle';
  primedList = false;
  primedOne = null;
}

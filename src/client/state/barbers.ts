/** Barbers: the list and one barber's page. Hidden barbers only in development mode. */
import { computed, signal } from '@preact/signals-react';
import type { WireEmployee } from '../../shared/wire.ts';
import { fetchBarber, fetchBarbers } from '../services/catalog.ts';
import { toBarber } from '../lib/mappers.ts';
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

export async function loadBarbers(): Promise<void> {
  await list.run(() => fetchBarbers(locale.value, language.value, development.value));
}

export async function loadBarber(id: number, opts: { refresh?: boolean } = {}): Promise<boolean> {
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

export function reset() {
  list.reset();
  oneWire.value = null;
  barberStatus.value = 'idle';
}

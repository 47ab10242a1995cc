/** Geolocation state: idle → pending → fulfilled (latitude, longitude) or rejected. */
import { signal } from '@preact/signals-react';
import type { GeoFailure } from '../services/geo.ts';
import { save } from '../services/storage.ts';
import { notify } from './notices.ts';
import { t } from './i18n.ts';

export type GeoState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'fulfilled'; lat: number; lng: number }
  | { status: 'rejected'; reason: GeoFailure };

export const geo = signal<GeoState>({ status: 'idle' });

/** Restores the last known position from storage at boot (the list can group by distance at once). */
export function restorePosition(lat: unknown, lng: unknown) {
  if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng))
    geo.value = { status: 'fulfilled', lat, lng };
}

export async function locate(): Promise<boolean> {
  if (geo.value.status === 'pending') return false;
  geo.value = { status: 'pending' };
  try {
    // The geolocation service loads with the first tap that asks for it: the first screen never needs it.
    const { lat, lng } = await (await import('../services/geo.ts')).currentPosition();
    geo.value = { status: 'fulfilled', lat, lng };
    await Promise.all([save('userLatitude', lat), save('userLongitude', lng)]);
    return true;
  } catch (reason) {
    geo.value = { status: 'rejected', reason: reason as GeoFailure };
    notify({
      kind: 'location',
      title: t('errors.location.title'),
      text: t(reason === 'denied' ? 'errors.location.denied' : 'errors.location.failed'),
    });
    return false;
  }
}

export function reset() {
  geo.value = { status: 'idle' };
}

/** The browser's geolocation as a promise with the 10 s timeout. */
import { GEO_TIMEOUT_MS } from '../../shared/constants.ts';

export type GeoFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export function currentPosition(timeout = GEO_TIMEOUT_MS): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject('unsupported' satisfies GeoFailure);
    // Our own timer too: some browsers never call back when the permission prompt is ignored.
    const timer = setTimeout(() => reject('timeout' satisfies GeoFailure), timeout + 500);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      (err) => {
        clearTimeout(timer);
        reject((err.code === 1 ? 'denied' : err.code === 3 ? 'timeout' : 'unavailable') satisfies GeoFailure);
      },
      { timeout, maximumAge: 60_000, enableHighAccuracy: false },
    );
  });
}

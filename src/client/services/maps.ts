/**
 * Maps: loading the maps JS API, which happens only when a map overlay opens and only when
 * the deployment has a maps key. The URL builders and tile math are in lib/map.ts.
 */
import type { MapsApi } from '../lib/maps-api.ts';

const LOAD_TIMEOUT_MS = 15_000;
let pending: Promise<MapsApi> | null = null;

/** Injects the JS API script once; rejects on a network error or when it does not answer in time. */
export function loadMapsApi(key: string, language: string): Promise<MapsApi> {
  if (pending) return pending;
  pending = new Promise<MapsApi>((resolve, reject) => {
    const w = window as unknown as Record<string, unknown>;
    const existing = (w.google as { maps?: MapsApi } | undefined)?.maps;
    if (existing) return resolve(existing);
    const callback = '__mapsReady';
    const timer = setTimeout(() => reject(new Error('maps: timeout')), LOAD_TIMEOUT_MS);
    w[callback] = () => {
      clearTimeout(timer);
      const api = (w.google as { maps?: MapsApi } | undefined)?.maps;
      if (api) resolve(api);
      else reject(new Error('maps: no api'));
    };
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?${new URLSearchParams({ key, language, callback, loading: 'async' })}`;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('maps: script failed'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    pending = null; // let a later opening try again (the network may be back)
    throw err;
  });
  return pending;
}

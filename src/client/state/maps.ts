/** The map overlay's state (apart from state/home.ts, so the shop list's first route does not carry it). */
import type { MapsApi } from '../lib/maps-api.ts';
import { config } from './config.ts';
import { language } from './i18n.ts';

/**
 * The maps JS API for the overlay, or null when the deployment has no maps key (the overlay then draws
 * OpenStreetMap tiles itself). The loader is its own chunk, fetched only when a map opens.
 */
export async function loadMapsApi(): Promise<MapsApi | null> {
  const key = config.value.mapsKey;
  if (!key) return null;
  const maps = await import('../services/maps.ts');
  return maps.loadMapsApi(key, language.value === 'ee' ? 'et' : language.value);
}

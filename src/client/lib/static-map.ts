/**
 * The shop page's map: the static image URL (zoom 15, 345×200, scale 2, roadmap, dark style)
 * when a maps key is configured, and the directions link from the user's position to the shop. The URL
 * builders live in map.ts beside the interactive map that shares the dark style; this module decides what
 * the shop page shows from them.
 */
import { STATIC_MAP_SIZE } from '../../shared/constants.ts';
import { directionsUrl, staticMapUrl, validPosition } from './map.ts';
import type { LatLng } from './types.ts';

export interface ShopMap {
  /** The image to show, or null: no key, or the shop's position is unknown. */
  image: string | null;
  /** The directions link, or null when the shop's position is unknown. */
  directions: string | null;
  width: number;
  height: number;
}

export function shopMap(shop: LatLng, user: LatLng | null, key: string | null | undefined, language: string): ShopMap {
  const known = validPosition(shop);
  return {
    image: known ? staticMapUrl(shop, key, language) : null,
    directions: known ? directionsUrl(shop, validPosition(user) ? user : null) : null,
    width: STATIC_MAP_SIZE.width,
    height: STATIC_MAP_SIZE.height,
  };
}

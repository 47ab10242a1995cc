/**
 * Web Mercator tile math (the slippy-map scheme of OpenStreetMap and Google) and the maps URLs of
 * the shop page (static image: zoom 15, 345×200, scale 2, roadmap, dark style; directions from the user).
 * "World pixels" are pixels of the whole world at a zoom: 256 · 2^zoom on each side.
 */
import { MAP_DEFAULT_ZOOM, STATIC_MAP_SCALE, STATIC_MAP_SIZE, STATIC_MAP_ZOOM } from '../../shared/constants.ts';
import type { LatLng } from './types.ts';

export const TILE_SIZE = 256;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;
/** Web Mercator is square only up to ±85.0511°; beyond that y runs to infinity. */
export const MAX_LAT = 85.0511287798066;
const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface Point {
  x: number;
  y: number;
}

export interface Tile {
  x: number;
  y: number;
  z: number;
  /** The column before wrapping (differs from x only across the antimeridian); a stable key. */
  col: number;
  /** Where the tile's top-left corner goes in the viewport, in CSS pixels. */
  left: number;
  top: number;
}

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export const clampZoom = (zoom: number) => clamp(Math.round(zoom), MIN_ZOOM, MAX_ZOOM);

/** Longitude/latitude → world pixel at a zoom. */
export function toWorld({ lat, lng }: LatLng, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** World pixel → longitude/latitude, the inverse of `toWorld`. Longitude is wrapped into [-180, 180). */
export function fromWorld({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lng = (x / size) * 360 - 180;
  return {
    lat: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    lng: ((((lng + 180) % 360) + 360) % 360) - 180,
  };
}

/** The tile holding a point, and the point's pixel inside that tile. */
export function tileOf(position: LatLng, zoom: number): { x: number; y: number; z: number; px: number; py: number } {
  const w = toWorld(position, zoom);
  const n = 2 ** zoom;
  const x = clamp(Math.floor(w.x / TILE_SIZE), 0, n - 1);
  const y = clamp(Math.floor(w.y / TILE_SIZE), 0, n - 1);
  return { x, y, z: zoom, px: w.x - x * TILE_SIZE, py: w.y - y * TILE_SIZE };
}

/** Where a position falls in a viewport of `width`×`height` centred on `center`. */
export function toScreen(position: LatLng, center: LatLng, zoom: number, width: number, height: number): Point {
  const p = toWorld(position, zoom);
  const c = toWorld(center, zoom);
  return { x: p.x - c.x + width / 2, y: p.y - c.y + height / 2 };
}

/** The new centre after the content is dragged by (dx, dy) CSS pixels (drag right → the map moves east-to-west). */
export function panBy(center: LatLng, dx: number, dy: number, zoom: number): LatLng {
  const c = toWorld(center, zoom);
  const size = worldSize(zoom);
  const y = clamp(c.y - dy, 0, size);
  return fromWorld({ x: c.x - dx, y }, zoom);
}

/** Every tile needed to cover the viewport, with its position; x wraps around the antimeridian. */
export function visibleTiles(center: LatLng, zoom: number, width: number, height: number): Tile[] {
  const c = toWorld(center, zoom);
  const left = c.x - width / 2;
  const top = c.y - height / 2;
  const n = 2 ** zoom;
  const tiles: Tile[] = [];
  const y0 = Math.max(0, Math.floor(top / TILE_SIZE));
  const y1 = Math.min(n - 1, Math.floor((top + height) / TILE_SIZE));
  const x0 = Math.floor(left / TILE_SIZE);
  const x1 = Math.floor((left + width) / TILE_SIZE);
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) {
      tiles.push({ x: ((tx % n) + n) % n, y: ty, z: zoom, col: tx, left: tx * TILE_SIZE - left, top: ty * TILE_SIZE - top });
    }
  }
  return tiles;
}

export function tileUrl(tile: Pick<Tile, 'x' | 'y' | 'z'>, template = OSM_TILE_URL): string {
  return template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));
}

export const validPosition = (p: LatLng | null | undefined): p is LatLng =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The map's first centre: the user's position when known, else the configured default. */
export function initialCenter(user: LatLng | null, fallback: LatLng): LatLng {
  return validPosition(user) ? user : fallback;
}

/** A dark map style, shared by the JS API (`styles`) and the static image (`style=` parameters). */
const DARK_STYLE: ReadonlyArray<{ featureType?: string; elementType?: string; color: string }> = [
  { elementType: 'geometry', color: '#242424' },
  { elementType: 'labels.text.fill', color: '#9a9a9a' },
  { elementType: 'labels.text.stroke', color: '#1a1a1a' },
  { featureType: 'road', elementType: 'geometry', color: '#3a3a3a' },
  { featureType: 'road.highway', elementType: 'geometry', color: '#4f4f4f' },
  { featureType: 'poi', elementType: 'geometry', color: '#2c2c2c' },
  { featureType: 'water', elementType: 'geometry', color: '#0f1a24' },
];

/** The same style in the JS API's form. */
export function jsApiStyles() {
  return DARK_STYLE.map(({ featureType, elementType, color }) => ({ featureType, elementType, stylers: [{ color }] }));
}

const latLng = (p: LatLng) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/** The shop page's static map image (Google Static Maps), or null without a maps key. */
export function staticMapUrl(position: LatLng, key: string | null | undefined, language = 'fi'): string | null {
  if (!key || !validPosition(position)) return null;
  const q = new URLSearchParams({
    center: latLng(position),
    zoom: String(STATIC_MAP_ZOOM),
    size: `${STATIC_MAP_SIZE.width}x${STATIC_MAP_SIZE.height}`,
    scale: String(STATIC_MAP_SCALE),
    maptype: 'roadmap',
    markers: latLng(position),
    language,
    key,
  });
  const styles = DARK_STYLE.map(({ featureType, elementType, color }) => {
    const rule = [featureType && `feature:${featureType}`, elementType && `element:${elementType}`, `color:0x${color.slice(1)}`];
    return `style=${encodeURIComponent(rule.filter(Boolean).join('|'))}`;
  });
  return `https://maps.googleapis.com/maps/api/staticmap?${q.toString()}&${styles.join('&')}`;
}

/**
 * A directions link to the shop, from the user's position when known (else the maps app uses the device's
 * own location). Works without any key, so it works in every deployment.
 */
export function directionsUrl(destination: LatLng, origin?: LatLng | null): string {
  const q = new URLSearchParams({ api: '1', destination: latLng(destination), travelmode: 'walking' });
  if (validPosition(origin)) q.set('origin', latLng(origin));
  return `https://www.google.com/maps/dir/?${q.toString()}`;
}

/** The overlay's default zoom (the interactive map opens at zoom 12). */
export const DEFAULT_ZOOM = MAP_DEFAULT_ZOOM;

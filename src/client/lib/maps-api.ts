/** The maps JS API's shape as the app uses it: types only, so views can hold a map without importing the loader. */
import type { LatLng } from './types.ts';

/** The small part of the JS API the overlay uses (there is no @types package in the project). */
export interface MapsApi {
  Map: new (el: HTMLElement, opts: Record<string, unknown>) => MapsMap;
  Marker: new (opts: Record<string, unknown>) => MapsMarker;
}
export interface MapsMap {
  setCenter(p: LatLng): void;
  setZoom(z: number): void;
}
export interface MapsMarker {
  addListener(event: 'click', fn: () => void): void;
  setMap(map: MapsMap | null): void;
}

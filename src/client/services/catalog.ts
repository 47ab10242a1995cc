/** Reads of the chain's catalogue: shops and barbers (SPEC.md §7). Screens never call these directly. */
import type { Locale } from '../../shared/locales.ts';
import type { WireEmployee, WirePob, WirePobDetail } from '../../shared/wire.ts';
import { request } from './http.ts';

const dev = (on: boolean) => (on ? '?dev=1' : '');

export const fetchShops = (locale: Locale, development: boolean, signal?: AbortSignal) => request<WirePob[]>(locale, `/pobs/${dev(development)}`, { signal });
export const fetchShop = (locale: Locale, id: number, development: boolean, signal?: AbortSignal) =>
  request<WirePobDetail>(locale, `/pobs/${id}/${dev(development)}`, { signal });
export const fetchBarbers = (locale: Locale, development: boolean, signal?: AbortSignal) =>
  request<WireEmployee[]>(locale, `/employees/${dev(development)}`, { signal });
export const fetchBarber = (locale: Locale, id: number, development: boolean, signal?: AbortSignal) =>
  request<WireEmployee>(locale, `/employees/${id}/${dev(development)}`, { signal });

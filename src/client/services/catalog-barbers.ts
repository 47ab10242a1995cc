/** Reads of the chain's barbers, as catalog.ts reads its shops (apart, so that they stay out of the first route). */
import type { Language, Locale } from '../../shared/locales.ts';
import type { WireEmployee } from '../../shared/wire.ts';
import { catalogueQuery } from './catalog.ts';
import { request } from './http.ts';

export const fetchBarbers = (locale: Locale, lang: Language, development: boolean, signal?: AbortSignal) =>
  request<WireEmployee[]>(locale, `/employees/${catalogueQuery(lang, development)}`, { signal });
export const fetchBarber = (locale: Locale, lang: Language, id: number, development: boolean, signal?: AbortSignal) =>
  request<WireEmployee>(locale, `/employees/${id}/${catalogueQuery(lang, development)}`, { signal });

/**
 * Reads of the chain's catalogue: shops here, barbers in catalog-barbers.ts (not in the first route). Screens never
 * call these directly. Every read names the UI language (?lang=): menu texts, notices and bios come in it, and
 * because the language is in the URL it is part of every cache key on the way (the server's, the service worker's).
 */
import type { Language, Locale } from '../../shared/locales.ts';
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import { request } from './http.ts';

/** The query of a catalogue read: the language, and the development flag when on. */
export const catalogueQuery = (lang: Language, development: boolean) => `?lang=${lang}${development ? '&dev=1' : ''}`;

export const fetchShops = (locale: Locale, lang: Language, development: boolean, signal?: AbortSignal) =>
  request<WirePob[]>(locale, `/pobs/${catalogueQuery(lang, development)}`, { signal });
export const fetchShop = (locale: Locale, lang: Language, id: number, development: boolean, signal?: AbortSignal) =>
  request<WirePobDetail>(locale, `/pobs/${id}/${catalogueQuery(lang, development)}`, { signal });

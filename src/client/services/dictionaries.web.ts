/** The browser's dictionary loader: build.ts defines the hashed URL of each language's JSON. */
import type { Language } from '../../shared/locales.ts';
import { getJson } from './http.ts';

declare const __DICTIONARIES__: Record<string, string>;

export function loadDictionary(lang: Language): Promise<Record<string, unknown>> {
  return getJson<Record<string, unknown>>(__DICTIONARIES__[lang]);
}

/** The browser's dictionary loader: build.ts defines the hashed URL of each language's JSON. */
import type { Language } from '../../shared/locales.ts';
import { getJson } from './http.ts';

declare const __DICTIONARIES__: string;
let urls: Record<string, string> | undefined;

export function loadDictionary(lang: Language): Promise<Record<string, unknown>> {
  urls ??= JSON.parse(__DICTIONARIES__) as Record<string, string>;
  return getJson<Record<string, unknown>>(urls[lang]);
}

/** The browser's loader of the console's strings: build.ts defines the hashed URL of each language's part. */
import type { Language } from '../../../shared/locales.ts';
import { getJson } from '../http.ts';

declare const __CONSOLE_DICTIONARIES__: string;

let urls: Record<string, string> | null = null;

export function loadConsoleDictionary(lang: Language): Promise<Record<string, unknown>> {
  urls ??= JSON.parse(__CONSOLE_DICTIONARIES__) as Record<string, string>;
  return getJson<Record<string, unknown>>(urls[lang]);
}

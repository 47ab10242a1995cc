/**
 * Language and locale with rosetta. Dictionaries are separate chunks, loaded on demand;
 * `t` reads a version signal so every component re-renders when a dictionary arrives. What only later screens,
 * the console and the server do with languages is state/languages.ts, outside the first route.
 */
import { computed, signal } from '@preact/signals-react';
import rosetta from 'rosetta';
import { DEFAULT_LANGUAGE, DEFAULT_LOCALE, languageTag, LOCALES, type Language, type Locale } from '../../shared/locales.ts';
import { save } from '../services/storage.ts';
import { loadDictionary } from '../services/dictionaries.ts';
import { writePrefsCookie } from '../services/prefs-cookie.ts';

export type Dict = Record<string, unknown>;

/** The languages' strings (state/languages.ts adds to them too). */
export const i18n = rosetta<Dict>();
export const language = signal<Language>(DEFAULT_LANGUAGE);
export const locale = signal<Locale>(DEFAULT_LOCALE);
/** The locale the IP lookup found (stored), where leaving Estonian returns to. */
export const detectedLocale = signal<Locale | null>(null);
/** Bumped when strings arrive: `t` reads it so every component re-renders. */
export const version = signal(0);

export const localeInfo = computed(() => LOCALES[locale.value] ?? LOCALES.FI);

/** Translates a key; a missing key, or a 'Missing translation' label, gives '' so the label is hidden. */
export function t(key: string, params?: Record<string, unknown>): string {
  void version.value; // subscribe: re-render when a dictionary loads
  const s = i18n.t(key, params);
  return typeof s === 'string' && !s.startsWith('Missing translation') ? s : '';
}

/** Loads a language's dictionary unless it is there. */
export async function ensure(lang: Language) {
  if (i18n.table(lang)) return;
  i18n.set(lang, await loadDictionary(lang));
}

/** Activates a language (loading its dictionary first), so the switch happens in one render. */
export async function setLanguage(lang: Language, opts: { store?: boolean } = {}) {
  await ensure(lang);
  i18n.locale(lang);
  language.value = lang;
  document.documentElement.lang = languageTag(lang);
  version.value++;
  if (opts.store) {
    writePrefsCookie(lang, locale.peek());
    await save('language', lang);
  }
}

export function reset() {
  language.value = DEFAULT_LANGUAGE;
  locale.value = DEFAULT_LOCALE;
  detectedLocale.value = null;
}

/**
 * Language and locale. Dictionaries are JSON data, loaded on demand, one table per language (what the rosetta
 * package did, less what we never used: function values, nested parameters, another language per call);
 * `t` reads a version signal so every component re-renders when a dictionary arrives. What only later screens,
 * the console and the server do with languages is state/languages.ts, outside the first route.
 */
import { computed, signal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE, DEFAULT_LOCALE, languageTag, LOCALES, type Language, type Locale } from '../../shared/locales.ts';
import { save } from '../services/storage.ts';
import { loadDictionary } from '../services/dictionaries.ts';
import { writePrefsCookie } from '../services/prefs-cookie.ts';

export type Dict = Record<string, unknown>;

const tables: Partial<Record<string, Dict>> = {};
let current = '';

/** The languages' strings (state/languages.ts adds to them too). */
export const i18n = {
  /** Merges `table` into the language's strings (at their top level). */
  set(lang: string, table: Dict): void {
    tables[lang] = { ...tables[lang], ...table };
  },
  /** The language `t` reads. */
  locale(lang: string): void {
    current = lang;
  },
  table: (lang: string): Dict | undefined => tables[lang],
};
export const language = signal<Language>(DEFAULT_LANGUAGE);
export const locale = signal<Locale>(DEFAULT_LOCALE);
/** The locale the IP lookup found (stored), where leaving Estonian returns to. */
export const detectedLocale = signal<Locale | null>(null);
/** Bumped when strings arrive: `t` reads it so every component re-renders. */
export const version = signal(0);

export const localeInfo = computed(() => LOCALES[locale.value] ?? LOCALES.FI);

/**
 * Translates a key (its parts apart by dots), with `{{name}}` replaced by the parameter of that name ('' when there
 * is none); a missing key, or a 'Missing translation' label, gives '' so the label is hidden.
 */
export function t(key: string, params?: Record<string, unknown>): string {
  void version.value; // subscribe: re-render when a dictionary loads
  let s: unknown = tables[current];
  for (const part of key.split('.')) s = (s as Dict | undefined)?.[part];
  return typeof s === 'string' && !s.startsWith('Missing translation')
    ? s.replace(/{{(.*?)}}/g, (_, name: string) => String(params?.[name.trim()] ?? ''))
    : '';
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

/**
 * Language and locale with rosetta. Dictionaries are separate chunks, loaded on demand;
 * `t` reads a version signal so every component re-renders when a dictionary arrives.
 */
import { computed, signal } from '@preact/signals-react';
import rosetta from 'rosetta';
import { DEFAULT_LANGUAGE, DEFAULT_LOCALE, languageTag, LOCALES, type Language, type Locale } from '../../shared/locales.ts';
import { save } from '../services/storage.ts';
import { localeForLanguage } from '../lib/language.ts';
import { loadDictionary } from '../services/dictionaries.ts';
import { writePrefsCookie } from '../services/prefs-cookie.ts';

type Dict = Record<string, unknown>;

const i18n = rosetta<Dict>();
export const language = signal<Language>(DEFAULT_LANGUAGE);
export const locale = signal<Locale>(DEFAULT_LOCALE);
/** The locale the IP lookup found (stored), where leaving Estonian returns to. */
export const detectedLocale = signal<Locale | null>(null);
const version = signal(0);

export const localeInfo = computed(() => LOCALES[locale.value] ?? LOCALES.FI);

/** Translates a key; a missing key, or a 'Missing translation' label, gives '' so the label is hidden. */
export function t(key: string, params?: Record<string, unknown>): string {
  void version.value; // subscribe: re-render when a dictionary loads
  const s = i18n.t(key, params);
  return typeof s === 'string' && !s.startsWith('Missing translation') ? s : '';
}

/** A translated array (e.g. the five queue messages); empty when missing. */
export function tList(key: string): string[] {
  void version.value;
  const table = i18n.table(language.value) as Dict | undefined;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Dict)[part] : undefined), table);
  return Array.isArray(value) ? (value as string[]) : [];
}

async function ensure(lang: Language) {
  if (i18n.table(lang)) return;
  i18n.set(lang, await loadDictionary(lang));
}

/**
 * Merges more strings into a language's table (the console's own part, fetched by its chunk only), after the
 * language's dictionary, which must not be taken for loaded because a part of it is there.
 */
export async function addStrings(lang: Language, part: Dict): Promise<void> {
  await ensure(lang);
  i18n.set(lang, part);
  version.value++;
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

/**
 * Switches to a language whose dictionary is already loaded, at once and without touching the page (the server
 * renders with it); returns the language before.
 */
export function switchLanguageNow(lang: Language): Language {
  const before = language.peek();
  if (!i18n.table(lang)) throw new Error(`no dictionary loaded for ${lang}`);
  i18n.locale(lang);
  language.value = lang;
  return before;
}

/** Loads a language's dictionary without switching to it (or hands one over, on the server). */
export async function preloadLanguage(lang: Language, dict?: Dict): Promise<void> {
  if (dict) i18n.set(lang, dict);
  else await ensure(lang);
  version.value++;
}

/** The language screen's action: activate, store, and switch the locale to EE for Estonian. */
export async function chooseLanguage(lang: Language) {
  await setLanguage(lang, { store: true });
  const next = localeForLanguage(lang, locale.value, detectedLocale.value);
  if (next !== locale.value) await setLocale(next);
}

async function setLocale(next: Locale) {
  locale.value = next;
  writePrefsCookie(language.peek(), next);
  await save('locale', next);
}

/** The IP lookup's answer: kept, so that leaving Estonian can return to it. */
export async function noteDetectedLocale(found: Locale) {
  detectedLocale.value = found;
  await save('detectedLocale', found);
}

export function reset() {
  language.value = DEFAULT_LANGUAGE;
  locale.value = DEFAULT_LOCALE;
  detectedLocale.value = null;
}

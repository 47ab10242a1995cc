/**
 * What only later screens, the console, the IP lookup and the server do with languages and locales (state/i18n.ts
 * holds what the first route needs): translated lists, the console's strings, the language screen's choice.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import { localeForLanguage } from '../lib/language.ts';
import { save } from '../services/storage.ts';
import { writePrefsCookie } from '../services/prefs-cookie.ts';
import { detectedLocale, type Dict, ensure, i18n, language, locale, setLanguage, version } from './i18n.ts';

/** A translated array (e.g. the five queue messages); empty when missing. */
export function tList(key: string): string[] {
  void version.value;
  const table = i18n.table(language.value) as Dict | undefined;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Dict)[part] : undefined), table);
  return Array.isArray(value) ? (value as string[]) : [];
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

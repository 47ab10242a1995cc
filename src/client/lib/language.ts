/**
 * UI language choice. Sources disagree on the codes (fi, en, ee or fi, et, en, nb, sv, da),
 * so both spellings are accepted: ISO codes are mapped to the app's codes before comparing.
 */
import { appLanguage, DEFAULT_LANGUAGE, type Language, type Locale } from '../../shared/locales.ts';

/** App language code for a code in either spelling ("et" → "ee", "fi_FI" → "fi"), or null. */
export function normaliseLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  return appLanguage(code.trim().split(/[-_]/)[0]);
}

/** The query parameter if allowed, else the stored language if allowed, else Finnish. */
export function chooseLanguage(queryLang: string | null, stored: string | null, allowed: readonly string[]): Language {
  const ok = new Set(allowed.map(normaliseLanguage).filter((l): l is Language => l !== null));
  for (const candidate of [queryLang, stored]) {
    const lang = normaliseLanguage(candidate);
    if (lang && ok.has(lang)) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Choosing Estonian moves the app to the EE locale. Choosing another language after that returns to
 * the locale the IP lookup detected, else FI: otherwise Estonian would keep the app on Estonian shops for good.
 * Other choices keep the current locale.
 */
export function localeForLanguage(lang: Language, currentLocale: Locale, detected: Locale | null = null): Locale {
  if (lang === 'ee') return 'EE';
  if (currentLocale === 'EE') return detected ?? 'FI';
  return currentLocale;
}

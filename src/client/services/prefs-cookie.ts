/** Writes the language-and-locale cookie (shared/page-prefs.ts) the server renders a first screen by. */
import { PREFS_COOKIE, PREFS_COOKIE_MAX_AGE_S, prefsValue } from '../../shared/page-prefs.ts';
import type { Language, Locale } from '../../shared/locales.ts';

export function writePrefsCookie(language: Language, locale: Locale): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older phones we serve.
  document.cookie = `${PREFS_COOKIE}=${prefsValue(language, locale)}; path=/; max-age=${PREFS_COOKIE_MAX_AGE_S}; samesite=lax`;
}

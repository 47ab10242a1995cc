/** Writes the language-and-locale cookie (shared/page-prefs.ts) the server renders a first screen by. */
import { PREFS_COOKIE, PREFS_COOKIE_MAX_AGE_S, prefsValue } from '../../shared/page-prefs.ts';
import type { Language, Locale } from '../../shared/locales.ts';

export function writePrefsCookie(language: Language, locale: Locale): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older phones we serve.
  document.cookie = `${PREFS_COOKIE}=${prefsValue(language, locale)}; path=/; max-age=${PREFS_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** The language the cookie names (a choice made on a page the app had not taken over yet may be stored nowhere else). */
export function prefsCookieLanguage(): string | null {
  if (typeof document === 'undefined') return null;
  // The cookie's name is PREFS_COOKIE; its value `<language>.<locale>`.
  return /(?:^|; )prefs=(\w+)\./.exec(document.cookie)?.[1] ?? null;
}

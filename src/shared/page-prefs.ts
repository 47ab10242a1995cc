/**
 * The small cookie the app writes when a language or locale is chosen (no personal data), so the server can
 * render a returning visitor's first screen in his language and country even when the service worker is gone.
 * Value: `<language>.<locale>`, e.g. `en.FI`.
 */
import { appLanguage, LOCALES, type Language, type Locale } from './locales.ts';

export const PREFS_COOKIE = 'prefs';
/** A year: the choice lasts as long as the stored one would. */
export const PREFS_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface PagePrefs {
  language: Language | null;
  locale: Locale | null;
}

/** The cookie's value for a language and locale. */
export function prefsValue(language: Language, locale: Locale): string {
  return `${language}.${locale}`;
}

/** Reads the prefs cookie out of a Cookie header (or document.cookie); unknown parts are null. */
export function parsePrefs(cookieHeader: string | undefined | null): PagePrefs {
  const none: PagePrefs = { language: null, locale: null };
  if (!cookieHeader) return none;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== PREFS_COOKIE) continue;
    const [lang, loc] = part
      .slice(eq + 1)
      .trim()
      .split('.');
    const locale = loc && loc in LOCALES ? (loc as Locale) : null;
    return { language: appLanguage(lang), locale };
  }
  return none;
}

/** The allowed languages as app languages, once per list (the server asks with the same list for every page). */
const allowedSets = new WeakMap<readonly string[], Set<Language | null>>();

/** The query's language if allowed, else the cookie's if allowed, else the default: the same order as the app's start. */
export function pageLanguage(query: string | null, cookie: Language | null, allowed: readonly string[], fallback: Language): Language {
  let ok = allowedSets.get(allowed);
  if (!ok) {
    ok = new Set(allowed.map((a) => appLanguage(a.split(/[-_]/)[0])));
    allowedSets.set(allowed, ok);
  }
  for (const candidate of [query ? appLanguage(query.trim().split(/[-_]/)[0]) : null, cookie])
    if (candidate && ok.has(candidate)) return candidate;
  return fallback;
}

/** Locales: country, language, currency, formats, API base. */
export type Locale = 'FI' | 'EE' | 'NO' | 'DK' | 'SE' | 'US' | 'DE';
export type Language = 'fi' | 'en' | 'ee' | 'no' | 'sv' | 'dk' | 'de';

/** The locales the chain operates in; US and DE are only handled by parts of the code. */
export const SERVED_LOCALES: readonly Locale[] = ['FI', 'EE', 'NO', 'DK', 'SE'];
export const DEFAULT_LOCALE: Locale = 'FI';
export const DEFAULT_LANGUAGE: Language = 'fi';
/** Languages shown in the UI; the others have dictionaries but are not offered by default. */
export const ALLOWED_LANGUAGES: readonly Language[] = ['fi', 'en', 'ee'];
export const ALL_LANGUAGES: readonly Language[] = ['fi', 'en', 'ee', 'no', 'sv', 'dk', 'de'];

export interface LocaleInfo {
  language: Language;
  currency: string;
  /** BCP 47 tag used for Intl number and date formatting. */
  intl: string;
  /** NO, DK and SE drop the trailing slash. */
  trailingSlash: boolean;
  imperial: boolean;
  timezone: string;
}

/** The path segment of a locale's API base: its code in lower case (/api/fi). */
export const apiSegment = (locale: Locale): string => locale.toLowerCase();

export const LOCALES: Record<Locale, LocaleInfo> = {
  FI: {
    language: 'fi',
    currency: 'EUR',
    intl: 'fi-FI',
    trailingSlash: true,
    imperial: false,
    timezone: 'Europe/Helsinki',
  },
  EE: {
    language: 'ee',
    currency: 'EUR',
    intl: 'fi-FI',
    trailingSlash: true,
    imperial: false,
    timezone: 'Europe/Tallinn',
  },
  NO: {
    language: 'no',
    currency: 'NOK',
    intl: 'nb-NO',
    trailingSlash: false,
    imperial: false,
    timezone: 'Europe/Oslo',
  },
  DK: {
    language: 'dk',
    currency: 'DKK',
    intl: 'da-DK',
    trailingSlash: false,
    imperial: false,
    timezone: 'Europe/Copenhagen',
  },
  SE: {
    language: 'sv',
    currency: 'SEK',
    intl: 'sv-SE',
    trailingSlash: false,
    imperial: false,
    timezone: 'Europe/Stockholm',
  },
  US: {
    language: 'en',
    currency: 'USD',
    intl: 'en-US',
    trailingSlash: true,
    imperial: true,
    timezone: 'America/New_York',
  },
  DE: {
    language: 'de',
    currency: 'EUR',
    intl: 'de-DE',
    trailingSlash: true,
    imperial: false,
    timezone: 'Europe/Berlin',
  },
};

/**
 * Sources give both the app's language codes (fi, en, ee) and ISO 639-1 ones (et, nb, da). The app's ee, no
 * and dk are not ISO codes; this is their BCP 47 tag (the `lang` attribute, Intl).
 */
const ISO_TAGS: Readonly<Partial<Record<Language, string>>> = { ee: 'et', no: 'nb', dk: 'da' };
/** Other spellings of the app's codes: the ISO tags above, Nynorsk, and Sweden's country code for Swedish. */
const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { et: 'ee', nb: 'no', nn: 'no', da: 'dk', se: 'sv' };

/** The app's code of a language code in either spelling ("et" → "ee", "nb" → "no", "FI" → "fi"), or null. */
export function appLanguage(code: unknown): Language | null {
  if (typeof code !== 'string') return null;
  const c = code.trim().toLowerCase();
  const lang = LANGUAGE_ALIASES[c] ?? c;
  return (ALL_LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : null;
}

/** The BCP 47 tag of an app language: ee → et, no → nb, dk → da, the others as they are. */
export function languageTag(lang: Language): string {
  return ISO_TAGS[lang] ?? lang;
}

/** Locale → language (FI→fi, US→en, NO→no, SE→sv, DK→dk, EE→ee). */
export function languageOfLocale(locale: Locale): Language {
  return LOCALES[locale]?.language ?? DEFAULT_LANGUAGE;
}

/** Maps an API path segment (`fi`, `se` …) back to its served locale, or null. */
export function localeOfSegment(segment: string): Locale | null {
  const hit = SERVED_LOCALES.find((l) => apiSegment(l) === segment.toLowerCase());
  return hit ?? null;
}

/** Country code (ISO 3166-1 alpha-2) → locale, for IP/Accept-Language detection. */
export function localeOfCountry(country: string | null | undefined): Locale | null {
  const c = (country ?? '').toUpperCase();
  if (c === 'FI' || c === 'EE' || c === 'NO' || c === 'DK' || c === 'SE') return c;
  return null;
}

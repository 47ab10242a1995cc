/** Each language named in itself (the language screen), so a reader finds theirs whatever the UI shows. */
import type { Language } from '../../shared/locales.ts';
import { normaliseLanguage } from './language.ts';

export const LANGUAGE_NAMES: Record<Language, string> = {
  fi: 'Suomi',
  en: 'English',
  ee: 'Eesti',
  no: 'Norsk',
  sv: 'Svenska',
  dk: 'Dansk',
  de: 'Deutsch',
};

/** The configured list in app codes, unknown codes dropped and duplicates ('et' and 'ee') folded. */
export function offeredLanguages(allowed: readonly string[]): Language[] {
  const out: Language[] = [];
  for (const code of allowed) {
    const lang = normaliseLanguage(code);
    if (lang && !out.includes(lang)) out.push(lang);
  }
  return out;
}

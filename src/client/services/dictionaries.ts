/**
 * Loads a language's dictionary. Here (Node tests, tsx) as a module; the browser build swaps this file for
 * dictionaries.web.ts, which fetches the hashed JSON that build.ts writes (strings are data, not script).
 */
import type { Language } from '../../shared/locales.ts';

type Dict = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Dict }>> = {
  fi: () => import('../../../locales/fi.json'),
  en: () => import('../../../locales/en.json'),
  ee: () => import('../../../locales/ee.json'),
  no: () => import('../../../locales/no.json'),
  sv: () => import('../../../locales/sv.json'),
  dk: () => import('../../../locales/dk.json'),
  de: () => import('../../../locales/de.json'),
};

export async function loadDictionary(lang: Language): Promise<Dict> {
  return (await loaders[lang]()).default;
}

/**
 * The console's strings (locales/*.json under `operator`) for one language. Here (Node tests, tsx) the customer's
 * dictionary already holds them, so there is nothing more to load; the browser build swaps this file for
 * dictionaries.web.ts, which fetches the console's own hashed JSON that build.ts splits off, so a customer's
 * device never downloads them.
 */
import type { Language } from '../../../shared/locales.ts';

export async function loadConsoleDictionary(_lang: Language): Promise<Record<string, unknown>> {
  return {};
}

/** A first visit's locale by IP (app/boot.ts loads this after the first render). */
import { localeOfCountry } from '../../shared/locales.ts';
import { getJson } from '../services/http.ts';
import { save } from '../services/storage.ts';
import { writePrefsCookie } from '../services/prefs-cookie.ts';
import { language, locale } from '../state/i18n.ts';
import { noteDetectedLocale } from '../state/languages.ts';

/** An IP location lookup by country chooses the locale on the first visit. */
export async function detectLocale() {
  try {
    const { country } = await getJson<{ country: string | null }>('/locate/');
    const detected = localeOfCountry(country);
    if (detected) {
      locale.value = detected;
      await noteDetectedLocale(detected);
    }
    writePrefsCookie(language.peek(), locale.value);
    await save('locale', locale.value);
  } catch {
    // Offline or blocked: the default locale stays.
  }
}

/**
 * Start-up before the first render: stored keys, runtime config and the dictionary in parallel, with the
 * first screen's chunk already on its way. Locale detection by IP runs after, without blocking.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import { LOCALES } from '../../shared/locales.ts';
import { apiUrl } from '../services/http.ts';
import { startReporting } from '../services/reporting.ts';
import { loadMany, save } from '../services/storage.ts';
import { chooseLanguage as pickLanguage } from '../lib/language.ts';
import { applyConfig, loadConfig } from '../state/config.ts';
import { knowFormats } from '../lib/known-formats.ts';
import { detectedLocale, language, locale, setLanguage } from '../state/i18n.ts';
import { prefsCookieLanguage, writePrefsCookie } from '../services/prefs-cookie.ts';
import type { PageData } from '../services/page-data.ts';
import { restorePosition } from '../state/geo.ts';
import { development, restorePrefs, setDevelopment } from '../state/prefs.ts';
import { startSession } from '../state/session-start.ts';
import { loadShops, primeShops } from '../state/shops.ts';

const KEYS = [
  'language',
  'locale',
  'development',
  'welcomeSeen',
  'favoriteBarbershops',
  'favoriteBarbers',
  'userLatitude',
  'userLongitude',
  'user',
  'profile',
  'shouldRememberLogin',
  'order',
  'detectedLocale',
] as const;

/**
 * Starts the app. With a page the server rendered (`page`), the state its markup was rendered from comes first:
 * its language, locale and shops, so the first render matches the markup; what the phone keeps (favourites, a
 * login, the stored language) is applied by the returned function, after hydration.
 */
export async function boot(page: PageData | null = null): Promise<() => void> {
  // The address the app was opened at, read before anything is awaited: a tap on a link meanwhile changes it.
  const params = new URLSearchParams(location.search);
  const path = location.pathname;
  knowFormats(page?.formats);
  const [values, cfg] = await Promise.all([loadMany([...KEYS]), page ? applyConfig(page.config) : loadConfig()]);
  const stored = Object.fromEntries(KEYS.map((k, i) => [k, values[i]])) as Record<(typeof KEYS)[number], unknown>;
  const query = params.get('lang');
  const lang = page
    ? page.language
    : (pickLanguage(
        query,
        typeof stored.language === 'string' ? stored.language : prefsCookieLanguage(),
        cfg.allowedLanguages,
      ) as Language);
  const storedLocale = typeof stored.locale === 'string' && stored.locale in LOCALES ? (stored.locale as Locale) : null;
  if (page) locale.value = page.locale;
  else if (storedLocale) locale.value = storedLocale;
  if (typeof stored.detectedLocale === 'string' && stored.detectedLocale in LOCALES) detectedLocale.value = stored.detectedLocale as Locale;
  else if (lang === 'ee' && !page) locale.value = 'EE';
  if (page) primeShops({ list: page.list, detail: page.shop, locale: page.locale, language: page.language });
  const phoneState = () => {
    restorePrefs(stored);
    restorePosition(stored.userLatitude, stored.userLongitude);
    startSession(stored.user, stored.profile, stored.shouldRememberLogin, stored.order);
  };
  if (!page) phoneState();
  // The stored development switch: ?dev=1 turns it on for this device, ?dev=0 off.
  if (params.has('dev')) setDevelopment(params.get('dev') === '1');
  // Errors and analytics go to our own server, except in local mode (DEVELOPMENT or ?dev=1).
  const target = development.value ? null : { url: () => apiUrl(locale.value, '/client-events/'), perMinute: cfg.clientEventsPerMinute };
  // Analytics, which loads with the screens that track, sends its events there too (services/analytics.ts).
  startReporting(target);
  // The shop list is the first route's content: fetch it beside the dictionary, not after the first render.
  if (!page && (path === '/home' || (path === '/' && stored.welcomeSeen === true))) void loadShops();
  await setLanguage(lang, { store: query !== null && query === lang });
  // The cookie tells the server this phone has the app's state: without it, / is answered as a first visit's.
  // Written at every start that finds none, so a phone that stored its choices before the cookie existed has it too
  // (reading the cookie is a call to the browser that waits for its answer: skipped where it is written anyway).
  const keepCookie = (lang: Language) => prefsCookieLanguage() || writePrefsCookie(lang, locale.value);
  const late = () => {
    if (!page) {
      keepCookie(language.peek());
      // A first visit's own step after its first render: not in the first route's script.
      if (!storedLocale) void import('./detect-locale.ts').then((m) => m.detectLocale());
      return;
    }
    phoneState();
    // The server chose by ?lang= or the cookie, as the phone would have, unless the cookie is gone: a language the
    // phone stored wins then. With none stored (a link tapped before the app took over the page that had ?lang=),
    // the server's choice stands.
    const mine = pickLanguage(query, typeof stored.language === 'string' ? stored.language : lang, cfg.allowedLanguages) as Language;
    if (mine !== lang) void setLanguage(mine);
    if (storedLocale) keepCookie(mine);
    else {
      writePrefsCookie(language.peek(), locale.value);
      void save('locale', locale.value);
    }
  };
  return late;
}

/**
 * The server's entry to the client (build.ts bundles it for Node as dist/server/render.mjs): which routes the
 * server renders, and the render itself, from the same components as the browser's. The product's state lives
 * in global signals, so a render sets them, renders synchronously and puts them back in the same turn: no
 * request ever sees another's data.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ALL_LANGUAGES, LOCALES, type Language, type Locale } from '../shared/locales.ts';
import { App } from './app/App.tsx';
import type { PageData } from './services/page-data.ts';
import { loadScreen } from './app/screens.ts';
import { isConsolePath } from './screens/NotFound/index.tsx';
import { pinClock } from './lib/clock.ts';
import { serverMarkup } from './lib/hydrated.ts';
import { collationOrder } from './lib/distance.ts';
import { orderKey, recordFormats, weekdayKey } from './lib/known-formats.ts';
import { weekdaySpan } from './lib/weekday-span.ts';
import { loc, previousPath } from './router/history.ts';
import { match } from './router/match.ts';
import { ROUTES, type ScreenName } from './router/routes.ts';
import { config } from './state/config.ts';
import { locale as localeSignal } from './state/i18n.ts';
import { preloadLanguage, switchLanguageNow } from './state/languages.ts';
import { primeBarbers } from './state/barbers.ts';
import { primeShops, shops } from './state/shops.ts';
import { installPlatform } from './state/welcome.ts';

export type { PageData } from './services/page-data.ts';

/** The screens a first visit may open without an account: the server renders these, and the 404. */
const PUBLIC: readonly ScreenName[] = [
  'Gate',
  'Home',
  'Shop',
  'Barbers',
  'Barber',
  'Welcome',
  'Login',
  'Register',
  'Recovery',
  'Language',
  'NotFound',
];

/** What the server must read before rendering a path, and the status it answers with. */
export interface PagePlan {
  screen: ScreenName;
  status: 200 | 404;
  /** The locale's shop list, one shop's detail, the locale's barbers, one barber, or nothing. */
  needs: { list: true } | { shopId: number } | { barbers: true } | { barberId: number } | null;
  /** The screens whose code the page fetches with the first route's: its own, and at / the welcome a first visit goes on to. */
  code: ScreenName[];
  /**
   * Where the screen sends a visit with nothing stored on the phone: the gate at / sends it to the welcome slides
   * (no order, no recovery, the welcome not seen), so the server sends it there itself, to markup it rendered.
   */
  firstVisit?: string;
  /** The markup depends on the phone's platform (the welcome's install help): kept per platform. */
  byPlatform?: true;
}

/** The plan for a path, or null when the server answers the plain shell (guarded and other private screens). */
export function planPage(path: string): PagePlan | null {
  const plan = planOf(path);
  if (!plan) return null;
  if (plan.screen === 'Gate') return { ...plan, code: ['Gate', 'Welcome'], firstVisit: '/welcome' };
  return plan.screen === 'Welcome' ? { ...plan, code: [plan.screen], byPlatform: true } : { ...plan, code: [plan.screen] };
}

function planOf(path: string): Omit<PagePlan, 'code'> | null {
  const m = match(ROUTES, path);
  const screen = m.route.screen;
  if (m.route.auth || !PUBLIC.includes(screen)) return null;
  // The shop's console lives behind the catch-all route and loads its own chunk: it is the shop's, not a 404.
  if (screen === 'NotFound') return isConsolePath(path) ? null : { screen, status: 404, needs: null };
  if (screen === 'Home') return { screen, status: 200, needs: { list: true } };
  if (screen === 'Shop') {
    // The page itself sends a bad id home; the server leaves that to it.
    const id = m.params.id;
    return id && /^\d{1,9}$/.test(id) ? { screen, status: 200, needs: { shopId: Number(id) } } : null;
  }
  if (screen === 'Barbers') return { screen, status: 200, needs: { barbers: true } };
  if (screen === 'Barber') {
    const id = m.params.id;
    return id && /^\d{1,9}$/.test(id) ? { screen, status: 200, needs: { barberId: Number(id) } } : null;
  }
  return { screen, status: 200, needs: null };
}

// Every public screen and every dictionary is loaded once, when the server imports this file, so that a
// render never suspends or waits.
await Promise.all([...PUBLIC.map(loadScreen), ...ALL_LANGUAGES.map((l) => preloadLanguage(l))]);

/**
 * The markup of the app at `url` as a first visit sees it, from the page's data, which gains the strings the
 * render formatted (`data.formats`). Synchronous: the signals it sets are restored before it returns.
 */
export function renderPage(url: string, data: PageData, language: Language, locale: Locale, now: number): string {
  const u = new URL(url, 'http://render.invalid');
  const before = {
    loc: loc.peek(),
    previous: previousPath.peek(),
    locale: localeSignal.peek(),
    config: config.peek(),
    platform: installPlatform.peek(),
  };
  const beforeClock = pinClock(now);
  const beforeLanguage = switchLanguageNow(language);
  let restoreShops: () => void = () => {};
  let restoreBarbers: () => void = () => {};
  try {
    loc.value = { path: u.pathname, search: u.search, direction: 'none' };
    previousPath.value = null;
    localeSignal.value = locale;
    config.value = data.config;
    installPlatform.value = data.platform ?? 'unknown';
    restoreShops = primeShops({ list: data.list, detail: data.shop, locale, language }, now);
    restoreBarbers = primeBarbers({ list: data.barbers, one: data.barber });
    const formats = recordFormats();
    let markup: string;
    serverMarkup(true);
    try {
      markup = renderToString(createElement(App));
    } finally {
      serverMarkup(false);
      data.formats = formats();
    }
    const zone = LOCALES[locale]?.timezone;
    const span = zone ? weekdaySpan(now, zone) : '';
    if (span) data.formats[weekdayKey(zone)] = span;
    // The list sorts its shops by name: the order, so that hydrating it needs no collator.
    const intl = LOCALES[locale]?.intl;
    const order =
      data.list && intl
        ? collationOrder(
            shops.peek().map((s) => s.name),
            intl,
          )
        : null;
    if (intl && order) data.formats[orderKey(intl)] = order;
    return markup;
  } finally {
    restoreBarbers();
    restoreShops();
    config.value = before.config;
    installPlatform.value = before.platform;
    localeSignal.value = before.locale;
    previousPath.value = before.previous;
    loc.value = before.loc;
    switchLanguageNow(beforeLanguage);
    pinClock(beforeClock);
  }
}

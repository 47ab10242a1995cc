/**
 * The public data a server-rendered page was rendered from, carried in the page as JSON in a non-executable
 * <script type="application/json"> (the content security policy allows no inline script): the client restores
 * its state from it and hydrates the markup without reading the same data again.
 */
import type { Language, Locale } from './locales.ts';
import type { InstallPlatform } from './platform.ts';
import type { WireConfig, WireEmployee, WirePob, WirePobDetail } from './wire.ts';

/** The id of the script element that carries the data. */
export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** The path it was rendered for: a page whose location moved on before the script ran is not hydrated. */
  path: string;
  language: Language;
  locale: Locale;
  /** The server's clock when the data was read (ms since the epoch). */
  now: number;
  config: WireConfig;
  /** The locale's shop list (the shop list screen). */
  list?: WirePob[];
  /** One shop's detail (the shop page). */
  shop?: WirePobDetail;
  /** The locale's barbers (the barbers list). */
  barbers?: WireEmployee[];
  /** One barber (his page). */
  barber?: WireEmployee;
  /** The platform of the phone it was rendered for (the welcome's install help), by the request's user agent. */
  platform?: InstallPlatform;
  /**
   * The strings the render formatted, by format and input (src/client/lib/known-formats.ts): hydration reads them
   * rather than starting the phone's Intl. Added by the render itself.
   */
  formats?: Record<string, string>;
}

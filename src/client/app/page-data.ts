/**
 * The public data a server-rendered page was rendered from, carried in the page as JSON in a non-executable
 * <script type="application/json"> (the content security policy allows no inline script): the client restores
 * its state from it and hydrates the markup without reading the same data again.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import type { WireConfig, WirePob, WirePobDetail } from '../../shared/wire.ts';

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
}

/** The page's data, or null for the plain shell (the service worker's, or a page the server did not render). */
export function readPageData(doc: Document = document): PageData | null {
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as PageData;
    return data && typeof data.path === 'string' && data.path === location.pathname ? data : null;
  } catch {
    return null;
  }
}

/** Loaded with the worker's registration, at the first interaction after a server-rendered page hydrated (app/start.ts). */
import { cacheKey, PUBLIC_CACHE } from '../sw/routes.ts';
import type { PageData } from './page-data.ts';
import { catalogueQuery } from './catalog.ts';
import { apiUrl } from './http.ts';

/** A moment the page is idle (2 s at most): the first screen's work after hydration comes first. */
const idle = () =>
  new Promise<void>((go) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => go(), { timeout: 2000 }) : go()));

/**
 * What a server-rendered page carried goes into the worker's shared cache as if it had been read, so the app reopens
 * offline with it although the page asked the network for none of it. In a task of its own once the page is idle:
 * turning the data back into JSON is a shop page's costliest effect after hydration (about 10 ms on this machine).
 */
export async function keepCarried(page: PageData): Promise<void> {
  await idle();
  const query = catalogueQuery(page.language, false);
  const entries = [
    ...(page.list ? [{ url: apiUrl(page.locale, `/pobs/${query}`), body: page.list }] : []),
    ...(page.shop ? [{ url: apiUrl(page.locale, `/pobs/${page.shop.id}/${query}`), body: page.shop }] : []),
    ...(page.barbers ? [{ url: apiUrl(page.locale, `/employees/${query}`), body: page.barbers }] : []),
    ...(page.barber ? [{ url: apiUrl(page.locale, `/employees/${page.barber.id}/${query}`), body: page.barber }] : []),
  ];
  if (typeof caches === 'undefined' || !entries.length) return;
  try {
    const cache = await caches.open(PUBLIC_CACHE);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    await Promise.all(
      entries.map((e) => cache.put(cacheKey(new URL(e.url, location.href).href), new Response(JSON.stringify(e.body), { headers: json }))),
    );
  } catch {
    // Storage refused (private mode, quota): the next read keeps it.
  }
}

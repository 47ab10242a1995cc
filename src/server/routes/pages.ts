/**
 * The public screens rendered by the server: a GET asking for HTML at one of them is answered with index.html
 * holding the screen's markup and the public data it was rendered from (JSON in a non-executable script), so a
 * first visit on a slow phone sees the shops before any script runs. The render is the client's own, built for
 * Node by build.ts (dist/server/render.mjs) and imported here at run time. Pages are kept as bytes with their
 * compressed forms beside the shop reads they were made from (live/shop-cache.ts), dropped by the same
 * announcements and by the minute, so a kept page runs no query. Whatever fails answers the plain shell.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appLanguage, DEFAULT_LANGUAGE, languageTag, localeOfCountry, type Language, type Locale } from '../../shared/locales.ts';
import { PREFS_COOKIE, PREFS_COOKIE_MAX_AGE_S, pageLanguage, parsePrefs, prefsValue } from '../../shared/page-prefs.ts';
import { PAGE_DATA_ID, type PageData } from '../../shared/page-data.ts';
import { installPlatformOf } from '../../shared/platform.ts';
import type { WirePob, WirePobDetail } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { cachedPob, cachedPobs, makeAnswer, type Answer, type AnswerCache, type Depends } from '../live/shop-cache.ts';
import { notModified, preferredEncoding } from '../live/http-answer.ts';
import { serializerOf } from '../live/streams.ts';
import { wireConfig } from '../http/client-config.ts';
import { pageLoader } from '../http/page-loader.ts';
import { countryOf } from '../input/country.ts';
import { getEmployee, listEmployees } from '../domain/employees.ts';
import { pobListSchema, pobSchema } from './schemas/public.ts';

/** Where build.ts writes the render entry, under the static directory; nothing there is served (app.ts). */
export const RENDER_DIR = 'server';
export const RENDER_ENTRY = `${RENDER_DIR}/render.mjs`;
/** What the built render entry exports (src/client/render.tsx). */
interface Renderer {
  planPage(path: string): {
    status: 200 | 404;
    needs: { list: true } | { shopId: number } | { barbers: true } | { barberId: number } | null;
    code?: string[];
    firstVisit?: string;
    byPlatform?: true;
  } | null;
  renderPage(url: string, data: PageData, language: Language, locale: Locale, now: number): string;
}

/** A page as answered: its status and kept bytes, or where a first visit goes instead; null: answer the plain shell. */
export type Page = { status: number; answer: Answer } | { status: 302; location: string } | null;

/** What the loader fetches with the first route's: the screen's chunks beyond it, the page language's strings. */
export interface Preloads {
  chunks: string[];
  strings?: string;
}

/**
 * index.html with the markup inside #app, the data beside the script, and the language on <html>; the page's
 * preloads are named on the loader's tag (data-chunks, data-strings). With the loader's code (http/page-loader.ts)
 * the loader is inline, else the tag names its file.
 */
export function fillShell(
  shell: string,
  markup: string,
  data: PageData,
  preloads: Preloads = { chunks: [] },
  loader: string | null = null,
): string {
  const named =
    (preloads.chunks.length ? ` data-chunks="${preloads.chunks.join(' ')}"` : '') +
    (preloads.strings ? ` data-strings="${preloads.strings}"` : '');
  const open = '<div id="app">';
  const start = shell.indexOf(open);
  const end = shell.lastIndexOf('</div>', shell.indexOf('<noscript>'));
  if (start < 0 || end < start) throw new Error('index.html has no <div id="app"> before its <noscript>');
  // JSON in a script element: "<" escaped, so no "</script>" in a shop's text can end it.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  const body = `${shell.slice(0, start + open.length)}${markup}${shell.slice(end)}`.replace(
    '<script type="module"',
    `${script}\n    <script type="module"`,
  );
  return (
    body
      .replace(/<html lang="[^"]*"/, `<html lang="${languageTag(data.language)}"`)
      // The markup is the first screen: no script, preload or newcomer preload competes with it for the network
      // until it has painted; the loader build.ts names (data-after-paint) then fetches them and the entry. The
      // page carries the configuration, so /config.json is not fetched at all.
      .replace(/\n?[ \t]*<link rel="(?:modulepreload|preload)"[^>]*>/g, '')
      .replace(/\n?[ \t]*<script>[\s\S]*?<\/script>/g, '')
      .replace(/<script type="module" src="[^"]*" data-after-paint="([^"]+)"><\/script>/, (_, file: string) =>
        loader === null ? `<script type="module" src="${file}"${named}></script>` : `<script${named}>${loader}</script>`,
      )
  );
}

/** The language and locale a page renders in: ?lang= when allowed, the prefs cookie, the country detection, Finnish/FI. */
export function pageChoice(req: FastifyRequest, config: Deps['config']): { language: Language; locale: Locale } {
  const prefs = parsePrefs(req.headers.cookie);
  const query = (req.query as Record<string, unknown> | undefined)?.lang;
  const language = pageLanguage(typeof query === 'string' ? query : null, prefs.language, config.allowedLanguages, DEFAULT_LANGUAGE);
  const locale = prefs.locale ?? localeOfCountry(countryOf(req, config.countryHeader)) ?? 'FI';
  return { language, locale };
}

export interface Pages {
  /** The page for a GET asking for HTML, or null for the plain shell. */
  page(req: FastifyRequest, reply: FastifyReply, path: string): Promise<Page>;
}

/** build.ts's preloads.json: each screen's chunks beyond the first route, each language's strings. */
interface BuiltPreloads {
  screens: Record<string, string[]>;
  strings: Partial<Record<Language, string>>;
}

/** The paths whose plans are kept (a plan depends on the path alone); past it the list starts afresh. */
const PLANS_KEPT = 1000;
const plansOf = new WeakMap<Renderer, Map<string, ReturnType<Renderer['planPage']>>>();

/** The render entry's plan for a path, matched once per path (the router's match was a kept page's largest part). */
function planOf(renderer: Renderer, path: string): ReturnType<Renderer['planPage']> {
  let plans = plansOf.get(renderer);
  if (!plans) {
    plans = new Map();
    plansOf.set(renderer, plans);
  }
  let plan = plans.get(path);
  if (plan === undefined) {
    if (plans.size >= PLANS_KEPT) plans.clear();
    plan = renderer.planPage(path);
    plans.set(path, plan);
  }
  return plan;
}

/** Loads the render entry beside the client; null when there is none (an API-only server, a build without it). */
async function loadRenderer(
  staticDir: string | null,
  log: Deps['log'],
): Promise<{ renderer: Renderer; shell: string; preloads: BuiltPreloads; loader: string | null } | null> {
  if (!staticDir) return null;
  const entry = join(staticDir, RENDER_ENTRY);
  const index = join(staticDir, 'index.html');
  if (!existsSync(entry) || !existsSync(index)) return null;
  try {
    const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
    // Each screen's chunks and each language's strings, as build.ts lists them; without the list a page names none.
    const list = join(staticDir, RENDER_DIR, 'preloads.json');
    const preloads = existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as BuiltPreloads) : { screens: {}, strings: {} };
    return { renderer, shell: readFileSync(index, 'utf8'), preloads, loader: pageLoader(staticDir) };
  } catch (err) {
    log.error({ err }, 'pages: the render entry did not load; public screens get the plain shell');
    return null;
  }
}

/** `reads`: the kept shop reads a page is made from; `kept`: the pages themselves (dropped by the same announcements). */
export function pages(deps: Deps, reads: AnswerCache, kept: AnswerCache): Pages {
  const { config } = deps;
  const loaded = config.renderPages ? loadRenderer(config.staticDir, deps.log) : Promise.resolve(null);
  const clientConfig = wireConfig(config);
  const listSerializer = serializerOf(pobListSchema.response[200]);
  const shopSerializer = serializerOf(pobSchema.response[200]);

  return {
    async page(req, reply, path) {
      const render = await loaded;
      // ?dev= pages depend on the device's stored switch: the client renders those itself.
      if (!render || (req.query as Record<string, unknown> | undefined)?.dev !== undefined) return null;
      const plan = planOf(render.renderer, path);
      if (!plan) return null;
      // Nothing of the app's on this phone (no prefs cookie: the app writes it at every start): a first visit, which
      // the screen would send on at once (the gate at / to the welcome). The query goes along, as the app's redirects
      // keep it.
      const prefs = parsePrefs(req.headers.cookie);
      if (plan.firstVisit && prefs.language === null && prefs.locale === null) {
        const query = req.url.indexOf('?');
        return { status: 302, location: plan.firstVisit + (query < 0 ? '' : req.url.slice(query)) };
      }
      const { language, locale } = pageChoice(req, config);
      // ?lang= chose the language: the choice holds for the next page too, even one opened before the app takes
      // this one over (a tap on a server-rendered link), as the cookie the app writes would make it.
      const asked = (req.query as Record<string, unknown> | undefined)?.lang;
      if (
        typeof asked === 'string' &&
        parsePrefs(req.headers.cookie).language !== language &&
        appLanguage(asked.trim().split(/[-_]/)[0]) === language
      )
        reply.header(
          'set-cookie',
          `${PREFS_COOKIE}=${prefsValue(language, locale)}; Path=/; Max-Age=${PREFS_COOKIE_MAX_AGE_S}; SameSite=Lax`,
        );
      const on: Depends = plan.needs && 'shopId' in plan.needs ? { shopId: plan.needs.shopId } : { country: locale };
      // The welcome's install help follows the phone's platform: those pages are kept per platform.
      const platform = plan.byPlatform ? installPlatformOf(req.headers['user-agent']) : undefined;
      const key = `page:${path}:${locale}:${language}:${config.development}${platform ? `:${platform}` : ''}`;
      try {
        const answer = await kept.get(key, on, async () => {
          const now = deps.now();
          const scope = { country: locale, includeTest: config.development, now, lang: language };
          const data: PageData = { path, language, locale, now, config: clientConfig, ...(platform && { platform }) };
          let version = -1;
          if (plan.needs && 'list' in plan.needs)
            data.list = JSON.parse((await cachedPobs(deps, reads, scope, listSerializer(reply))).json) as WirePob[];
          if (plan.needs && 'shopId' in plan.needs) {
            const shop = await cachedPob(deps, reads, plan.needs.shopId, scope, shopSerializer(reply));
            // No such shop here: the page itself sends the customer home.
            if (!shop) return null;
            data.shop = JSON.parse(shop.json) as WirePobDetail;
            version = shop.version;
          }
          // Barbers as GET /employees/ answers them, read once per kept page (dropped by the locale's changes and the minute).
          const people = { country: locale, includeHidden: config.development, now, lang: language };
          if (plan.needs && 'barbers' in plan.needs) data.barbers = await listEmployees(deps.db, people);
          if (plan.needs && 'barberId' in plan.needs) {
            const barber = await getEmployee(deps.db, plan.needs.barberId, people);
            // Unknown here: his page itself says so.
            if (!barber) return null;
            data.barber = barber;
          }
          const markup = render.renderer.renderPage(path, data, language, locale, now);
          const chunks = [...new Set((plan.code ?? []).flatMap((screen) => render.preloads.screens[screen] ?? []))];
          const preloads = { chunks, strings: render.preloads.strings[language] };
          return makeAnswer(fillShell(render.shell, markup, data, preloads, render.loader), version);
        });
        return answer ? { status: plan.status, answer } : null;
      } catch (err) {
        req.log.error({ err, path }, 'pages: a render failed; answered the plain shell');
        return null;
      }
    },
  };
}

/** The handler routes/static.ts calls for a GET asking for HTML: true when it answered with a page. */
export function pageHandler(p: Pages): (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean> {
  return async (req, reply, path) => {
    const page = await p.page(req, reply, path);
    if (!page) return false;
    await sendPage(req, reply, page);
    return true;
  };
}

/** Sends a page: 304 when the client has it, else its precompressed bytes; it varies by the prefs cookie. */
export async function sendPage(req: FastifyRequest, reply: FastifyReply, page: NonNullable<Page>): Promise<unknown> {
  if ('location' in page)
    return reply.code(302).header('location', page.location).header('cache-control', 'no-cache').header('vary', 'cookie').send();
  const { answer } = page;
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', answer.etag);
  if (page.status === 200 && notModified(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.code(page.status);
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  reply.header('content-encoding', encoding);
  return reply.send(await answer.encoded(encoding));
}

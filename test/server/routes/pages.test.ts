/**
 * The public screens rendered by the server: markup and the data it came from in index.html, the language and
 * locale a first visit gets, the 404, guarded screens as the plain shell, kept pages that run no query, a queue
 * change that shows in the next page, and a failing render that answers the shell. The render entry is bundled
 * here from the client's source, as build.ts does.
 */
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { bundleRender } from '../../../scripts/render-bundle.ts';
import { buildApp } from '../../../src/server/app.ts';
import { countingDb, type CountingDb } from '../../../src/server/db/counting.ts';
import { openDb } from '../../../src/server/db/open.ts';
import { makeLogger } from '../../../src/server/ops/log.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { buildDeps } from '../../../src/server/build-deps.ts';
import type { WireEmployee, WirePob, WirePobDetail } from '../../../src/shared/wire.ts';
import { harness, usePostgres, type Harness } from '../harness.ts';
import { call, customer, item, menu } from '../queue-helpers.ts';

const root = join(import.meta.dirname, '../../..');
const dist = mkdtempSync(join(tmpdir(), 'walkin-pages-'));
/**
 * A shell as build.ts writes it: the first route's preloads, one inline script (the newcomer preload), the boot
 * loader in #app, the entry naming the loader a rendered page takes instead (data-after-paint).
 */
const SHELL = `<!doctype html>
<html lang="fi">
  <head>
    <link rel="stylesheet" href="/assets/app-AAAAAAAA.css">
    <link rel="modulepreload" href="/assets/c/chunk-AAAAAAAA.js">
    <link rel="preload" href="/assets/l/fi-AAAAAAAA.json" as="fetch" crossorigin>
    <link rel="preload" href="/config.json" as="fetch" crossorigin>
    <script>location.pathname==='/'&&[].forEach(function(h){})</script>
  </head>
  <body>
    <div id="app"><div class="boot-loader" role="status" aria-label="Loading"><span class="spinner"></span></div></div>
    <noscript>This app needs JavaScript.</noscript>
    <script type="module" src="/assets/main-AAAAAAAA.js" data-after-paint="/assets/after-paint-BBBBBBBB.js"></script>
  </body>
</html>
`;
writeFileSync(join(dist, 'index.html'), SHELL);
await bundleRender(root, join(dist, 'server/render.mjs'));
/** Each screen's chunks beyond the first route and each language's strings, as build.ts lists them beside the render entry. */
const PRELOADS = {
  screens: { Shop: ['/assets/c/Shop-CCCCCCCC.js', '/assets/c/chunk-DDDDDDDD.js'], Welcome: ['/assets/c/Welcome-EEEEEEEE.js'] },
  strings: { fi: '/assets/l/fi-AAAAAAAA.json', en: '/assets/l/en-FFFFFFFF.json' },
};
writeFileSync(join(dist, 'server/preloads.json'), JSON.stringify(PRELOADS));
/** The loader build.ts writes (afterPaint), which a rendered page carries inline. */
const LOADER = "{let e=document.currentScript.dataset;import('/assets/main-AAAAAAAA.js')}";
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'assets/after-paint-BBBBBBBB.js'), LOADER);

interface Data {
  path: string;
  platform?: string;
  language: string;
  locale: string;
  list?: WirePob[];
  shop?: WirePobDetail;
  barbers?: WireEmployee[];
  barber?: WireEmployee;
  now: number;
  formats?: Record<string, string>;
}

const html = { accept: 'text/html,application/xhtml+xml' };

/** The page's carried data, or null for the plain shell. */
function dataOf(body: string): Data | null {
  const m = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(body);
  return m ? (JSON.parse(m[1]) as Data) : null;
}

/** The inline scripts a browser would run (not JSON data, not src=). */
const runnable = (body: string) =>
  [...body.matchAll(/<script(\s[^>]*)?>/g)].filter((m) => !/\b(src|type="application\/json")/.test(m[1] ?? '')).length;

/** The minutes a shop's card shows in the list's markup ('' when it shows no number). */
function cardWait(body: string, id: number): string {
  const at = body.indexOf(`href="/barbershop/${id}"`);
  if (at < 0) return '';
  const card = body.slice(at, body.indexOf('</li>', at));
  return /class="timer-value">(\d+)</.exec(card)?.[1] ?? /shop-card-badge[^>]*>([^<]+)</.exec(card)?.[1] ?? '';
}

/** A log destination that keeps what is written in `logged`. */
const sink = () =>
  new Writable({
    write(chunk, _encoding, done) {
      logged += chunk;
      done();
    },
  });

const pages = suite('pages rendered by the server');
let h: Harness;
let db: CountingDb;
let app: FastifyInstance;
let logged = '';

pages.before(async () => {
  h = await harness({ seed: seedDemo, config: { staticDir: dist } });
  db = countingDb(h.db);
  const log = makeLogger({ logLevel: 'error' }, sink());
  app = await buildApp({ ...h.deps, db, log });
});
pages.after(async () => {
  await app.close();
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

pages('/home: the shops, their waits and hours in the markup, the list as data, no new inline script', async () => {
  const res = await app.inject({ url: '/home', headers: html });
  assert.is(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /text\/html/);
  const data = dataOf(res.body)!;
  assert.ok(data, 'carries its data');
  assert.is(data.path, '/home');
  assert.is(data.language, 'fi');
  assert.is(data.locale, 'FI');
  assert.ok(data.list && data.list.length >= 11);
  for (const shop of data.list!) assert.ok(res.body.includes(`<h3 class="shop-card-name">${shop.name}</h3>`), `${shop.name} rendered`);
  assert.match(res.body, /class="shop-card-hours">/);
  assert.match(res.body, /class="timer-value">\d+</);
  assert.not.match(res.body, /boot-loader/);
  assert.not.match(res.body, / style="/, 'no style attribute (the policy forbids them)');
  assert.is(runnable(res.body), 1, "one inline script, the loader: the newcomer preload is the shell's alone");
  assert.not.match(res.body, /href="\/config.json"/, 'the page carries the configuration: no preload of it');
  // The markup is the first screen: nothing competes with it for the network before it has painted.
  assert.not.match(res.body, /rel="(modulepreload|preload)"/, 'no preload before the first paint');
  assert.match(res.body, /<link rel="stylesheet" href="\/assets\/app-AAAAAAAA.css">/);
  assert.ok(
    res.body.includes(`<script data-strings="/assets/l/fi-AAAAAAAA.json">${LOADER}</script>`),
    "the loader, inline (nothing fetched before the first paint), not the entry, naming the page language's strings",
  );
  assert.not.match(res.body, /after-paint-BBBBBBBB/);
  // The policy runs it by its hash, and no other inline script.
  const hash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
  assert.ok(scriptSrc.split(' ').includes(hash), scriptSrc);
  assert.not.ok(scriptSrc.includes("'unsafe-inline'"));
  assert.not.match(res.body, /<script[^>]*main-AAAAAAAA/, 'no tag names the entry: the loader imports it after the first paint');
  assert.match(res.body, /^<!doctype html>\n<html lang="fi">/);
});

pages('a shop page: its detail as data, its description and wait in the markup; 304 for its ETag', async () => {
  const res = await app.inject({ url: '/barbershop/2', headers: html });
  assert.is(res.statusCode, 200);
  const data = dataOf(res.body)!;
  assert.is(data.shop?.id, 2);
  assert.ok(res.body.includes(data.shop!.name));
  assert.match(res.body, /class="shop-hero"/);
  // The loader fetches the shop page's own chunks with the first route's, not after it.
  assert.ok(
    res.body.includes(
      `<script data-chunks="/assets/c/Shop-CCCCCCCC.js /assets/c/chunk-DDDDDDDD.js" data-strings="/assets/l/fi-AAAAAAAA.json">${LOADER}</script>`,
    ),
  );
  const again = await app.inject({ url: '/barbershop/2', headers: { ...html, 'if-none-match': String(res.headers.etag) } });
  assert.is(again.statusCode, 304);
  // A busy shop's likely window is in the markup beside its number, in the page's language.
  const busy = await app.inject({ url: '/barbershop/1?lang=en', headers: html });
  const kamppi = dataOf(busy.body)!.shop!;
  const anyone = kamppi.service_time_estimates[0];
  assert.ok(anyone.wait_high! - anyone.wait_low! > 5, `Kamppi's window ${anyone.wait_low}–${anyone.wait_high}`);
  assert.match(busy.body, /usually \d+–\d+ min/);
  // The floor in the page's language: Kamppi's data says '2nd floor'.
  const floorOf = (body: string) => /class="shop-floor">, (?:<!-- -->)?([^<]*)</.exec(body)?.[1];
  assert.is(floorOf(busy.body), '2nd floor');
  for (const [lang, floor] of [
    ['fi', '2. kerros'],
    ['ee', '2. korrus'],
  ]) {
    const page = await app.inject({ url: `/barbershop/1?lang=${lang}`, headers: html });
    assert.is(floorOf(page.body), floor, lang);
  }
  // No such shop: the plain shell (the page itself sends the customer home).
  const none = await app.inject({ url: '/barbershop/9999', headers: html });
  assert.is(none.statusCode, 200);
  assert.is(none.body, SHELL);
});

pages('a shop page carries the strings it formatted, each in its markup, and the weekday with its span', async () => {
  const res = await app.inject({ url: '/barbershop/2?lang=en', headers: html });
  const data = dataOf(res.body)!;
  const formats = data.formats ?? {};
  const prices = Object.keys(formats).filter((k) => k.startsWith('pFI '));
  assert.ok(prices.length >= 10, `${prices.length} prices carried`);
  for (const key of prices) assert.ok(res.body.includes(formats[key]), `${formats[key]} is in the markup`);
  assert.is(formats.Wen1, 'Monday', "the hours' weekday names, in the page's language");
  assert.ok(res.body.includes('Sunday'));
  // The weekday in the locale's zone, and the local day it holds for, around the server's clock.
  const [day, from, to] = formats['wEurope/Helsinki'].split(' ').map(Number);
  const helsinki = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Europe/Helsinki' });
  assert.is(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(helsinki.format(data.now)) + 1, day);
  assert.ok(from <= data.now && data.now < to, 'the span holds the server clock');
  assert.is(helsinki.format(from), helsinki.format(to - 1));
  assert.is.not(helsinki.format(from - 1), helsinki.format(from));
});

pages('the barbers: the list and a barber as data, their names in the markup; an unknown barber is the plain shell', async () => {
  const list = await app.inject({ url: '/barbers', headers: html });
  assert.is(list.statusCode, 200);
  const barbers = dataOf(list.body)?.barbers ?? [];
  assert.ok(barbers.length >= 10, `${barbers.length} barbers carried`);
  assert.is(list.body.match(/class="barber-card card"/g)?.length, barbers.length, 'a card for every barber carried');
  assert.not.match(list.body, /aria-busy="true"/, 'no loading placeholders');
  const one = barbers[0];
  const page = await app.inject({ url: `/barbers/${one.id}?lang=en`, headers: html });
  assert.is(page.statusCode, 200);
  assert.is(dataOf(page.body)?.barber?.id, one.id);
  assert.match(page.body, /class="barber-hero"/);
  assert.ok(page.body.includes(`<h1>${one.firstname}`), 'his name in the markup');
  const none = await app.inject({ url: '/barbers/99999', headers: html });
  assert.is(none.body, SHELL);
});

pages('the public screens render; an unknown path answers 404 with its page', async () => {
  // A phone with the app's cookie: the gate at / is rendered for it (without, a first visit is sent to the welcome).
  const returning = { ...html, cookie: 'prefs=fi.FI' };
  for (const path of ['/', '/welcome', '/login', '/register', '/recovery', '/profile/language', '/barbers', '/barbers/3']) {
    const res = await app.inject({ url: path, headers: returning });
    assert.is(res.statusCode, 200, path);
    assert.is(dataOf(res.body)?.path, path, path);
    // At / a first visit goes on to the welcome: its chunk comes with the first route's, as on /welcome itself.
    if (path === '/' || path === '/welcome') assert.match(res.body, /data-chunks="\/assets\/c\/Welcome-EEEEEEEE.js"/, path);
    else assert.not.match(res.body, /data-chunks/, path);
  }
  const missing = await app.inject({ url: '/no/such/page', headers: html });
  assert.is(missing.statusCode, 404);
  assert.match(missing.body, /class="not-found"/);
  assert.match(missing.body, /<h1>[^<]+<\/h1>/);
  // Files and API paths are not pages.
  assert.is((await app.inject({ url: '/server/render.mjs', headers: html })).statusCode, 404);
  assert.is((await app.inject({ url: '/server/preloads.json' })).statusCode, 404);
  assert.is((await app.inject({ url: '/home' })).statusCode, 404, 'no HTML asked for, no page');
});

pages('at / a visit without the prefs cookie (a first visit) is sent to the welcome, its query kept; not with ?dev=', async () => {
  const first = await app.inject({ url: '/', headers: html });
  assert.is(first.statusCode, 302);
  assert.is(first.headers.location, '/welcome');
  assert.is(first.headers['cache-control'], 'no-cache');
  assert.match(String(first.headers.vary), /cookie/);
  const en = await app.inject({ url: '/?lang=en', headers: html });
  assert.is(en.headers.location, '/welcome?lang=en');
  const welcome = await app.inject({ url: '/welcome?lang=en', headers: html });
  assert.is(welcome.statusCode, 200);
  assert.is(dataOf(welcome.body)?.language, 'en');
  assert.match(welcome.body, /data-strings="\/assets\/l\/en-FFFFFFFF.json"/, "the loader fetches the page language's strings");
  // Only the gate sends a first visit on: /home and the rest are rendered without the cookie.
  assert.is((await app.inject({ url: '/home', headers: html })).statusCode, 200);
  // With ?dev= the app decides on the device's stored switch: the plain shell, as before.
  const dev = await app.inject({ url: '/?dev=1', headers: html });
  assert.is(dev.statusCode, 200);
  assert.is(dev.body, SHELL);
});

pages("the welcome's install help follows the request's platform, each kept apart", async () => {
  const steps = (body: string) => [...body.matchAll(/class="welcome-install"><h3>([^<]+)</g)].map((m) => m[1]);
  const as = async (ua: string) => (await app.inject({ url: '/welcome?lang=en', headers: { ...html, 'user-agent': ua } })).body;
  const iphone = await as('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15');
  const android = await as('Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Mobile Safari/537.36');
  const other = await as('Mozilla/5.0 (X11; Linux x86_64)');
  assert.is(steps(iphone).length, 1, steps(iphone).join());
  assert.is(steps(android).length, 1, steps(android).join());
  assert.is(steps(other).length, 2, 'both when unknown');
  assert.is.not(steps(iphone)[0], steps(android)[0]);
  assert.equal(steps(other), [steps(iphone)[0], steps(android)[0]]);
  assert.is(dataOf(android)?.platform, 'android');
  // Kept apart: the iPhone's page again is the iPhone's.
  assert.equal(steps(await as('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')), steps(iphone));
});

pages("a guarded screen is the plain shell, with nothing of the customer's", async () => {
  const c = await customer(h);
  // The shop's console behind the catch-all route is the shop's screen, not a 404: the shell, which loads it.
  for (const path of ['/profile', '/tracking', '/profile/history', '/operator', '/operator/display']) {
    const res = await app.inject({ url: path, headers: { ...html, authorization: `Bearer ${c.token}`, cookie: 'prefs=en.FI' } });
    assert.is(res.statusCode, 200, path);
    assert.is(res.body, SHELL, path);
    assert.not.ok(res.body.includes('Test') || res.body.includes('Customer'), path);
  }
});

pages('the language: ?lang= when allowed, else the prefs cookie, else Finnish; the locale: cookie, then detection, then FI', async () => {
  const en = await app.inject({ url: '/home?lang=en', headers: html });
  assert.is(dataOf(en.body)!.language, 'en');
  assert.match(en.body, /<html lang="en">/);
  assert.match(en.body, /All barbershops|All shops|Search/);
  const xx = await app.inject({ url: '/home?lang=xx', headers: html });
  assert.is(dataOf(xx.body)!.language, 'fi');
  const cookie = await app.inject({ url: '/home', headers: { ...html, cookie: 'other=1; prefs=en.EE' } });
  const cd = dataOf(cookie.body)!;
  assert.is(cd.language, 'en');
  assert.is(cd.locale, 'EE');
  assert.ok(cd.list!.length > 0 && cd.list!.every((s) => s.country === 'EE'), 'Estonian shops');
  const detected = await app.inject({ url: '/home', headers: { ...html, 'accept-language': 'et-EE,et;q=0.9' } });
  assert.is(dataOf(detected.body)!.locale, 'EE');
  const bad = await app.inject({ url: '/home', headers: { ...html, cookie: 'prefs=zz.QQ' } });
  assert.equal([dataOf(bad.body)!.language, dataOf(bad.body)!.locale], ['fi', 'FI']);
  // ?lang= wins over the cookie.
  const chosen = await app.inject({ url: '/home?lang=fi', headers: { ...html, cookie: 'prefs=en.FI' } });
  assert.is(dataOf(chosen.body)!.language, 'fi');
  // ?lang= is a choice: the next page (a tap on a link before the app took over) renders in it too.
  assert.match(String(chosen.headers['set-cookie']), /^prefs=fi\.FI; Path=\/; Max-Age=31536000; SameSite=Lax$/);
  assert.match(String(en.headers['set-cookie']), /^prefs=en\.FI;/);
  assert.is(xx.headers['set-cookie'], undefined, 'a language not allowed chose nothing');
  assert.is(cookie.headers['set-cookie'], undefined, 'no ?lang=: nothing to write');
  const same = await app.inject({ url: '/home?lang=en', headers: { ...html, cookie: 'prefs=en.FI' } });
  assert.is(same.headers['set-cookie'], undefined, 'the cookie says so already');
});

pages("two requests rendered interleaved: neither carries or shows the other's shops or language", async () => {
  const [fi, ee] = await Promise.all([
    app.inject({ url: '/home', headers: { ...html, cookie: 'prefs=fi.FI' } }),
    app.inject({ url: '/home?lang=en', headers: { ...html, cookie: 'prefs=en.EE' } }),
  ]);
  const fiNames = dataOf(fi.body)!.list!.map((s) => s.name);
  const eeNames = dataOf(ee.body)!.list!.map((s) => s.name);
  assert.ok(fiNames.length && eeNames.length);
  for (const n of eeNames) assert.not.ok(fi.body.includes(`>${n}<`), `${n} in the Finnish page`);
  for (const n of fiNames) assert.not.ok(ee.body.includes(`>${n}<`), `${n} in the Estonian page`);
  assert.match(fi.body, /<html lang="fi">/);
  assert.match(ee.body, /<html lang="en">/);
  // And renders in a row: the one before leaves nothing behind (a shop page, then the list of another country).
  const shop = await app.inject({ url: '/barbershop/2?lang=en', headers: html });
  const list = await app.inject({ url: '/home', headers: { ...html, cookie: 'prefs=fi.EE' } });
  assert.not.ok(list.body.includes(dataOf(shop.body)!.shop!.name), 'the shop page left nothing in the next render');
});

pages('a kept page runs no query, and its brotli and gzip forms are the page', async () => {
  await app.inject({ url: '/home', headers: html });
  await app.inject({ url: '/barbershop/1', headers: html });
  db.reset();
  const plain = await app.inject({ url: '/home', headers: html });
  const br = await app.inject({ url: '/home', headers: { ...html, 'accept-encoding': 'br' } });
  const gz = await app.inject({ url: '/home', headers: { ...html, 'accept-encoding': 'gzip' } });
  const shop = await app.inject({ url: '/barbershop/1', headers: html });
  assert.equal(db.statements, [], 'kept pages ask nothing');
  assert.is(shop.statusCode, 200);
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.rawPayload).toString(), plain.body);
  assert.is(gunzipSync(gz.rawPayload).toString(), plain.body);
  assert.match(String(plain.headers.vary), /cookie/);
  // The next minute makes it again.
  h.clock.advance(1);
  await app.inject({ url: '/home', headers: html });
  assert.ok(db.statements.length > 0, 'read again at the next minute');
});

pages('a queue change changes the rendered wait (through another app on the same database with PostgreSQL)', async () => {
  const before = await app.inject({ url: '/home', headers: html });
  const wait0 = cardWait(before.body, 1);
  assert.ok(wait0, 'shop 1 shows a wait');
  // On PostgreSQL the change goes through another app with its own connection and listener, as another process would.
  const other = usePostgres ? await otherApp() : null;
  const via = other ? { ...h, app: other.app } : h;
  const m = await menu(h, 1);
  const haircut = m.services.find((x) => x.title === 'Haircut')!;
  for (let i = 0; i < 3; i++) {
    const c = await customer(h);
    const res = await call(via, 'POST', `/api/fi/customers/${c.id}/orders/`, {
      token: c.token,
      body: { pob_id: 1, items: [item(haircut)] },
    });
    assert.is(res.status, 201, JSON.stringify(res.body));
  }
  let wait1 = wait0;
  for (let i = 0; i < 100 && wait1 === wait0; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    wait1 = cardWait((await app.inject({ url: '/home', headers: html })).body, 1);
  }
  await other?.close();
  assert.is.not(wait1, wait0, `the wait moved from ${wait0}`);
});

/** A second app on the harness's PostgreSQL database: its own pool, listener and kept reads. */
async function otherApp() {
  const otherDb = await openDb({ databaseUrl: h.config.databaseUrl, dataDir: null });
  const deps = await buildDeps({ config: h.config, db: otherDb, now: h.clock.now });
  const other = await buildApp(deps);
  return {
    app: other,
    close: async () => {
      await other.close();
      await deps.changes.close();
      await otherDb.close();
    },
  };
}

pages('a render that fails answers the plain shell and is logged', async () => {
  const broken = mkdtempSync(join(tmpdir(), 'walkin-pages-broken-'));
  mkdirSync(join(broken, 'server'));
  writeFileSync(join(broken, 'index.html'), SHELL);
  writeFileSync(
    join(broken, 'server/render.mjs'),
    'export const planPage = () => ({ status: 200, needs: null });\nexport function renderPage() { throw new Error("render broke"); }\n',
  );
  logged = '';
  const log = makeLogger({ logLevel: 'error' }, sink());
  const b = await buildApp({ ...h.deps, config: { ...h.config, staticDir: broken }, log });
  const res = await b.inject({ url: '/home', headers: html });
  await b.close();
  rmSync(broken, { recursive: true, force: true });
  assert.is(res.statusCode, 200);
  assert.is(res.body, SHELL);
  assert.match(logged, /render broke/);
});

pages('RENDER_PAGES=0: the plain shell everywhere', async () => {
  const b = await buildApp({ ...h.deps, config: { ...h.config, renderPages: false } });
  const res = await b.inject({ url: '/home', headers: html });
  await b.close();
  assert.is(res.body, SHELL);
});

pages.run();

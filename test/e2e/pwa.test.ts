/**
 * Installable and offline (the service worker): the real server serving a copy of the
 * built client, Chromium with a real profile (an incognito context is never installable). Installability,
 * reopening offline (shop list, shop page, tracking), a repeat visit without script downloads, the private
 * cache gone after logout, and the update flow: a new worker is activated and the page reloads onto it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, watchCsp, startServer, cspViolations, type Server } from './browser.ts';
import { ROUTES } from '../../src/client/router/routes.ts';

const KALLIO = 2; // the demo's round-the-clock shop: it takes orders at any hour
const root = join(import.meta.dirname, '../..');
const pwa = suite('installable and offline at 390×844');
const work = mkdtempSync(join(tmpdir(), 'walkin-pwa-'));
const dist = join(work, 'dist');
let port = 0;
let server: Server;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });
}

/** The same origin every time (a worker belongs to its origin), serving the copy of dist/ this suite edits. */
const serve = () => startServer({ PORT: String(port), STATIC_DIR: dist, SIMULATOR: '0', DEVELOPMENT: '0' });
const url = (path: string) => server.url + path;

/** Cache name → paths, read in the page. */
function cacheContents(): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const key of await caches.keys()) out[key] = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });
}

async function waitForCached(path: string) {
  for (let i = 0; i < 50; i++) {
    if (Object.values(await cacheContents()).some((paths) => paths.includes(path))) return;
    await page.waitForTimeout(100);
  }
  assert.unreachable(`${path} never reached the worker's cache`);
}

pwa.before(async () => {
  cpSync(join(root, 'dist'), dist, { recursive: true });
  port = await freePort();
  server = await serve();
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  await watchCsp(context);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (err) => errors.push(String(err)));
});

pwa.after(async () => {
  await context?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

pwa('the build: every lazy screen is its own chunk; the first route holds no firebase and no maps loader', () => {
  const chunks = readdirSync(join(dist, 'assets/c'));
  // Gate and Home are the first route: they ship inside the kernel chunk on purpose (app/screens.ts).
  for (const name of new Set(ROUTES.map((r) => r.screen).filter((n) => n !== 'Gate' && n !== 'Home'))) {
    assert.ok(
      chunks.some((f) => f.startsWith(`${name}-`) && f.endsWith('.js')),
      `${name} chunk`,
    );
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const first = [...html.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] ?? m[2],
  );
  assert.ok(first.length >= 2, 'entry and kernel');
  for (const file of first) {
    const code = readFileSync(join(dist, file.slice(1)), 'utf8');
    for (const banned of ['FirebaseError', '@firebase/', 'maps.googleapis.com/maps/api/js'])
      assert.not.ok(code.includes(banned), `${banned} in ${file}`);
  }
  // They exist, just elsewhere: firebase and the maps loader are lazy chunks of their own.
  const all = chunks.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, 'assets/c', f), 'utf8'));
  assert.ok(
    all.some((c) => c.includes('FirebaseError')),
    'firebase chunk',
  );
  assert.ok(
    all.some((c) => c.includes('maps.googleapis.com/maps/api/js')),
    'maps loader chunk',
  );
});

pwa('Chromium reports the app installable: manifest, icons, a worker with a fetch handler in control', async () => {
  await page.goto(url('/home?lang=en'));
  await page.locator('.shop-card-name').first().waitFor();
  // The worker is registered at the first interaction once the app has taken the page over (app/start.ts).
  await page.waitForFunction(() => (window as { __live?: 1 }).__live === 1);
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 15_000 });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  assert.equal(installabilityErrors, []);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
  assert.equal(manifest.errors, []);
  const m = JSON.parse(manifest.data ?? '{}') as { id?: string; display?: string; icons?: { sizes: string; purpose?: string }[] };
  assert.is(m.display, 'standalone');
  assert.ok(m.id, 'manifest id');
  for (const want of ['192x192', '512x512'])
    assert.ok(
      m.icons?.some((i) => i.sizes === want),
      want,
    );
  assert.ok(
    m.icons?.some((i) => i.purpose === 'maskable'),
    'maskable icon',
  );
  await cdp.detach();
});

pwa('the shop list and a shop page reopen offline, with the offline banner', async () => {
  await waitForCached('/api/fi/pobs/');
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.waitForURL(new RegExp(`/barbershop/${KALLIO}$`));
  await page.locator('.service').first().waitFor();
  await waitForCached(`/api/fi/pobs/${KALLIO}/`);
  assert.is(await page.locator('.offline-banner').count(), 0, 'no banner online');

  await context.setOffline(true);
  await page.reload();
  await page.locator('.service').first().waitFor();
  assert.ok((await page.locator('h1').first().textContent())!.includes('Kallio'));
  const banner = page.locator('[role="status"] .offline-banner');
  await banner.waitFor();
  assert.is(await banner.textContent(), 'Offline: showing the last saved information.');

  await page.goto(url('/home'));
  await page.locator('.shop-card-name').first().waitFor();
  assert.ok((await page.locator('.shop-card-name').count()) >= 10, 'the last known list');
  assert.ok(await banner.isVisible());
});

pwa('back online the banner goes', async () => {
  await context.setOffline(false);
  await page.locator('.offline-banner').waitFor({ state: 'detached' });
});

pwa('with the server gone but the browser online, the cached answers show with the banner', async () => {
  await server.stop();
  try {
    await page.goto(url(`/barbershop/${KALLIO}`));
    await page.locator('.service').first().waitFor();
    await page.locator('.offline-banner').waitFor();
    assert.ok(await page.evaluate(() => navigator.onLine), 'the browser thinks it is online');
  } finally {
    server = await serve();
  }
});

pwa('a repeat visit loads no JavaScript from the network', async () => {
  const fromNetwork: string[] = [];
  let scripts = 0;
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() !== 'script') return;
    scripts++;
    if (!res.fromServiceWorker()) fromNetwork.push(res.url());
  };
  page.on('response', onResponse);
  await page.goto(url('/home'));
  await page.locator('.shop-card-name').first().waitFor();
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.locator('.service').first().waitFor();
  page.off('response', onResponse);
  assert.ok(scripts >= 3, `scripts loaded: ${scripts}`);
  assert.equal(fromNetwork, []);
});

pwa('a shop page opened directly does not shift while its data and header image arrive', async () => {
  await page.goto(url(`/barbershop/${KALLIO}`));
  await page.locator('.service').first().waitFor();
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await page.waitForTimeout(300);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );
  assert.ok(shift <= 0.02, `cumulative layout shift ${shift.toFixed(3)}`);
  const hero = page.locator('img.shop-hero-img');
  assert.ok(Number(await hero.getAttribute('width')) > 0 && Number(await hero.getAttribute('height')) > 0, 'header image sized');
});

pwa('the tracking screen reopens offline; logging out drops the customer’s cached reads', async () => {
  await page.goto(url('/login'));
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.locator('button.service-toggle').first().click();
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-live .timer').waitFor();
  const keys = Object.keys(await cacheContents());
  const mine = keys.find((k) => k.startsWith('private-'));
  assert.ok(mine, `a private cache: ${keys.join(', ')}`);

  // Checked in online: the PATCH's answer replaces the cached order, so offline shows the check-in too.
  await page.locator('.tracking-check-in').click();
  await page.locator('.tracking-checked-in').waitFor();

  await context.setOffline(true);
  try {
    await page.reload();
    await page.locator('.tracking-live .timer').waitFor();
    assert.is(await page.locator('.tracking-shop-button').filter({ hasText: 'Kallio' }).count(), 1);
    await page.locator('.tracking-checked-in').waitFor();
    await page.locator('.offline-banner').waitFor();
  } finally {
    await context.setOffline(false);
  }

  await page.goto(url('/profile'));
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/home$/);
  await page.waitForFunction(async () => !(await caches.keys()).some((k) => k.startsWith('private-')));
});

pwa('an update: the waiting worker is activated and the page reloads onto it', async () => {
  await page.goto(url('/home'));
  await page.locator('.shop-card-name').first().waitFor();
  const before = Object.keys(await cacheContents()).find((k) => k.startsWith('shell-'))!;
  const version = before.slice('shell-'.length);
  // A new deployment: the same files, a worker of another version (the server keeps files in memory).
  await server.stop();
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  assert.ok(sw.includes(version), 'the version is in sw.js');
  writeFileSync(join(dist, 'sw.js'), sw.replace(version, `${version}b`));
  rmSync(join(dist, 'sw.js.br'), { force: true });
  rmSync(join(dist, 'sw.js.gz'), { force: true });
  server = await serve();

  await page.evaluate(() => {
    (window as unknown as { stale: boolean }).stale = true;
  });
  // The page's worker bridge loads at the first interaction once the app has taken the page over (app/start.ts).
  await page.waitForFunction(() => (window as { __live?: 1 }).__live === 1);
  await page.keyboard.press('Tab');
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  await reloaded;
  await page.locator('.shop-card-name').first().waitFor();
  assert.is(await page.evaluate(() => (window as unknown as { stale?: boolean }).stale), undefined, 'a new page');
  const shells = Object.keys(await cacheContents()).filter((k) => k.startsWith('shell-'));
  assert.equal(shells, [`shell-${version}b`], 'the old shell is gone');
});

pwa('no script errors on the way', () => {
  assert.equal(errors, []);
});

pwa('no content-security-policy violations on the way', () => {
  assert.equal(cspViolations, []);
});

pwa.run();

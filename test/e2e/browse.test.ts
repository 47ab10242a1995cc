/**
 * A guest browses on a phone: the real server, database, seed and engine, the built app, headless Chromium.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launch, phone, startServer, cspViolations, watchCsp, type Server } from './browser.ts';

const browse = suite('guest browsing at 390×844');
let server: Server;
let browser: Browser;
let page: Page;
const errors: string[] = [];

browse.before(async () => {
  server = await startServer({ DEVELOPMENT: '0' });
  browser = await launch();
  ({ page } = await phone(browser));
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource|tile\.openstreetmap/.test(msg.text()) && errors.push(msg.text()),
  );
});

browse.after(async () => {
  await browser?.close();
  await server?.stop();
});

const names = (p: Page) => p.locator('.shop-card-name').allTextContents();

browse('the shop list shows the Finnish shops of the demo chain', async () => {
  await page.goto(`${server.url}/home?lang=en`);
  await page.locator('.shop-card-name').first().waitFor();
  const list = await names(page);
  assert.ok(list.length >= 10, `shops listed: ${list.length}`);
  assert.ok(list.includes('Kamppi') && list.includes('Kallio'));
  assert.not.ok(
    list.some((n) => n.startsWith('TEST')),
    'test shops only in development mode',
  );
  assert.is(await page.locator('h1').first().textContent(), 'Walk-in Barbers');
});

browse('search narrows the list by city after typing stops', async () => {
  await page.locator('input[type="search"]').fill('tampere');
  await page.waitForFunction(() => document.querySelectorAll('.shop-card-name').length === 1, null, { timeout: 5000 });
  assert.equal(await names(page), ['Hämeenkatu']);
  await page.locator('input[type="search"]').fill('');
  await page.waitForFunction(() => document.querySelectorAll('.shop-card-name').length > 5, null, { timeout: 5000 });
});

browse('a taking-orders shop opens on a tap and shows its services', async () => {
  // The round-the-clock demo shop takes orders at any hour; tap its name, inside the card's link.
  const card = page.locator('a.shop-card-body', { hasText: 'Kallio' });
  await card.locator('.shop-card-name').click();
  await page.waitForURL(/\/barbershop\/\d+$/);
  await page.locator('.service').first().waitFor();
  assert.ok((await page.locator('.service').count()) >= 3, 'services listed');
  assert.ok((await page.locator('body').textContent())!.includes('Kallio'));
  const price = await page.locator('.service-price').first().textContent();
  assert.match(price!, /\d+[,.]\d{2}\s*€/);
  assert.ok((await page.locator('.service-chips button, .service-chips a').count()) >= 2, 'group chips');
});

browse('the browser back button returns to the list', async () => {
  await page.goBack();
  await page.waitForURL(/\/home/);
  await page.locator('.shop-card-name').first().waitFor();
});

browse('a screen whose code is still on its way: the list stays, marked busy, and no spinner comes between', async () => {
  const { context, page: fresh } = await phone(browser, { serviceWorkers: 'block' });
  // Every full-screen spinner put on the page after it first loaded.
  await context.addInitScript({
    content:
      "window.__spinners = 0; addEventListener('load', () => new MutationObserver((all) => { for (const m of all) for (const n of m.addedNodes) if (n.nodeType === 1 && (n.matches('.loader-full') || n.querySelector('.loader-full'))) window.__spinners++; }).observe(document, { childList: true, subtree: true }));",
  });
  // The shop page's code held back 700 ms, as on a slow network.
  await context.route(/\/assets\/c\/Shop-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await fresh.goto(`${server.url}/home?lang=en`, { waitUntil: 'networkidle' });
  await fresh.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await fresh.waitForURL(/\/barbershop\/\d+$/);
  // The list is still there meanwhile, its <main> busy for assistive technology.
  await fresh.locator('main[aria-busy="true"] .shop-card-name').first().waitFor();
  await fresh.locator('.service').first().waitFor();
  assert.is(await fresh.locator('main[aria-busy]').count(), 0);
  assert.is(await fresh.evaluate(() => (window as unknown as { __spinners: number }).__spinners), 0, 'no spinner');
  await context.close();
});

browse('barbers list and a barber page', async () => {
  await page.locator('nav.nav a[href="/barbers"]').click();
  await page.waitForURL(/\/barbers$/);
  const first = page.locator('a[href^="/barbers/"]').first();
  await first.waitFor();
  assert.ok((await page.locator('a[href^="/barbers/"]').count()) >= 10);
  await first.click();
  await page.waitForURL(/\/barbers\/\d+$/);
  // The list stays until the barber's page has its code: his page's own heading.
  const name = page.locator('.barber-hero h1');
  await name.waitFor();
  assert.match((await name.textContent())!, /^\S+ \S\.$/);
});

browse('an unknown path shows the 404 page with a link home', async () => {
  await page.goto(`${server.url}/no/such/page`);
  await page.getByText('Oh dear, a 404.').waitFor();
  await page.locator('a[href="/home"]').first().click();
  await page.waitForURL(/\/home$/);
});

browse('no script errors on the way', () => {
  assert.equal(errors, []);
});

browse('the page runs under the CSP: an inline handler in rendered HTML (as in a message) is blocked and reported', async () => {
  // Its own context and list: this violation is on purpose and must not count against the journey.
  const seen: string[] = [];
  const context = await browser.newContext();
  await watchCsp(context, seen);
  const p = await context.newPage();
  const res = await p.goto(`${server.url}/home?lang=en`);
  assert.match(res?.headers()['content-security-policy'] ?? '', /script-src 'self' 'sha256-/);
  await p.locator('.shop-card-name').first().waitFor();
  const directive = await p.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
        const div = document.createElement('div');
        div.innerHTML = '<img src="data:," onerror="window.__ran = true">';
        document.body.append(div);
      }),
  );
  assert.is(directive, 'script-src-attr');
  assert.is(await p.evaluate(() => (window as unknown as { __ran?: boolean }).__ran), undefined, 'the handler never ran');
  for (let i = 0; i < 50 && seen.length === 0; i++) await p.waitForTimeout(20);
  assert.match(seen.join('\n'), /script-src-attr blocked inline/, `reported: ${JSON.stringify(seen)}`);
  await context.close();
});

browse('no content-security-policy violations on the way', () => {
  assert.equal(cspViolations, []);
});

browse.run();

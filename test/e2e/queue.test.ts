/**
 * A customer joins a queue on a phone: the real server (demo seed, simulator off so the queue holds still),
 * the built app, headless Chromium. Join, track, check in, leave; then, on a shop made to close in 40
 * minutes (test/e2e/shop-hours.ts, written while the server is stopped), the timeslot refusal.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, phone, startServer, cspViolations, type Server } from './browser.ts';
import { closeSoon } from './shop-hours.ts';
import { auditor } from './axe.ts';
import { migratedDataDir } from '../server/db-templates.ts';

const KALLIO = 2; // the demo's round-the-clock shop: it takes orders at any hour
const ENV = { SIMULATOR: '0', DEVELOPMENT: '0' };

const queue = suite('joining a queue at 390×844');
const dataDir = mkdtempSync(join(tmpdir(), 'walkin-queue-e2e-'));
// Starts from the run's migrated database instead of PostgreSQL's initdb (db-templates.ts).
await migratedDataDir(dataDir);
let server: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

function watch(p: Page) {
  p.on('pageerror', (err) => errors.push(String(err)));
  // The timeslot refusal is a 409 the app handles; the browser still logs the failed request.
  p.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource|tile\.openstreetmap/.test(msg.text()) && errors.push(msg.text()),
  );
}

async function newPage() {
  ({ context, page } = await phone(browser));
  watch(page);
}

/** Through the welcome carousel's login link (which marks it seen, so / later shows home) to a login. */
async function logIn() {
  await page.goto(`${server.url}/welcome?lang=en`);
  await page.locator('a.button[href="/login"]').click();
  await page.waitForURL(/\/login$/);
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
}

async function openKallio() {
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.waitForURL(new RegExp(`/barbershop/${KALLIO}$`));
  await page.locator('button.service-toggle').first().waitFor();
}

const serviceRow = (title: string) =>
  page.locator('li.service', { has: page.locator('.service-title', { hasText: new RegExp(`^${title.replace(/[&]/g, '\\$&')}$`) }) });

/** Next, the under-5-minutes confirm when the wait is that short, then the review's send. */
async function nextAndJoin() {
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  await review.waitFor();
  await review.locator('button.order-send').click();
}

queue.before(async () => {
  server = await startServer({ ...ENV, DATA_DIR: dataDir });
  browser = await launch();
  await newPage();
});

queue.after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

queue('log in as the demo customer', async () => {
  await logIn();
  assert.is(await page.locator('.tracking-fab').count(), 0, 'no active order yet');
});

queue('pick Kallio, a service and an extra: the bar shows the total', async () => {
  await openKallio();
  const cut = serviceRow('Haircut');
  await cut.locator('button.service-toggle').click();
  assert.is(await cut.locator('button.service-toggle').getAttribute('aria-pressed'), 'true');
  await cut.locator('button.extra-toggle', { hasText: 'Hair wash' }).click();
  const bar = (await page.locator('.order-bar').textContent()) ?? '';
  assert.ok(bar.includes('1 service') && bar.includes('35 min') && bar.includes('40,00'), bar);
});

queue('Next, accept the review: the app goes to /tracking and shows the wait', async () => {
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  const text = (await review.textContent()) ?? '';
  for (const want of ['Kallio', 'Haircut', 'Hair wash', '40,00']) assert.ok(text.includes(want), want);
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-live .timer').waitFor();
  const wait = (await page.locator('.tracking-live').textContent()) ?? '';
  assert.match(wait, /Now|\d+\s*min/);
  assert.is(await page.locator('.tracking-shop-button').filter({ hasText: 'Kallio' }).count(), 1);
});

queue('the entry gate sends a customer with an active order to /tracking; the floating button leads back', async () => {
  await page.goto(`${server.url}/`);
  await page.waitForURL(/\/tracking$/);
  await page.locator('nav.nav a[href="/home"]').click();
  await page.waitForURL(/\/home$/);
  await page.locator('a.tracking-fab').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-check-in').waitFor();
});

queue('another shop while in the queue: it says so and leads to tracking, nothing can be built (no second order)', async () => {
  await page.goto(`${server.url}/barbershop/1`);
  const box = page.locator('.shop-active-order');
  await box.waitFor();
  assert.ok(((await box.textContent()) ?? '').includes('You already have an active order'));
  assert.is(await page.locator('button.service-toggle').count(), 0, 'services are listed, not choosable');
  assert.ok((await page.locator('.service-title').count()) > 0, 'the menu is shown');
  // The page leads to tracking itself: the floating button does not also float over its wait card.
  await page.locator('.shop-wait').waitFor();
  const [fab, wait] = await Promise.all([page.locator('.tracking-fab').boundingBox(), page.locator('.shop-wait').boundingBox()]);
  const overlaps = fab && wait && fab.y < wait.y + wait.height && wait.y < fab.y + fab.height && fab.x < wait.x + wait.width;
  assert.not.ok(overlaps, `the floating button ${JSON.stringify(fab)} covers the wait card ${JSON.stringify(wait)}`);
  const axe = auditor(page);
  await axe.audit('shop page with an active order');
  assert.equal(axe.findings, [], JSON.stringify(axe.findings));
  await box.getByRole('link', { name: 'Open tracking' }).click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-check-in').waitFor();
});

queue('check in: the shop-link message replaces the button', async () => {
  await page.locator('.tracking-check-in').click();
  await page.locator('.tracking-checked-in').waitFor();
  assert.is(await page.locator('.tracking-checked-in a').getAttribute('href'), `/barbershop/${KALLIO}`);
  assert.is(await page.locator('.tracking-check-in').count(), 0);
});

queue('leave with the confirm: back home, no active order', async () => {
  await page.locator('button.tracking-leave').click();
  const dialog = page.getByRole('dialog', { name: 'Leave the queue?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  await page.locator('.shop-card-name').first().waitFor();
  assert.is(await page.locator('.tracking-fab').count(), 0);
});

queue('a shop about to close refuses a long order with the timeslot notice; a short one still fits', async () => {
  await context.close();
  await server.stop();
  await closeSoon(dataDir, KALLIO, 40);
  server = await startServer({ ...ENV, DATA_DIR: dataDir });
  await newPage();
  await logIn();
  await openKallio();
  const combo = serviceRow('Haircut & beard');
  await combo.locator('button.service-toggle').click();
  await combo.locator('button.extra-toggle', { hasText: 'Nose & ear wax' }).click();
  await nextAndJoin();
  const notice = page.locator('.notice', { hasText: 'The duration of selected services is too long' });
  await notice.waitFor();
  assert.ok(((await notice.textContent()) ?? '').includes('cannot be served before the barbershop closes'));
  assert.match(page.url(), new RegExp(`/barbershop/${KALLIO}$`));
  assert.is(await page.locator('.review-dialog').count(), 0, 'back to editing');
  assert.is(await combo.locator('button.service-toggle').getAttribute('aria-pressed'), 'true', 'the selection is kept');
  // Edit the order: a 15-minute buzz cut fits before closing.
  await combo.locator('button.service-toggle').click();
  await serviceRow('Buzz cut').locator('button.service-toggle').click();
  await nextAndJoin();
  await page.waitForURL(/\/tracking$/);
});

queue('no script errors on the way', () => {
  assert.equal(errors, []);
});

queue('no content-security-policy violations on the way', () => {
  assert.equal(cspViolations, []);
});

queue.run();

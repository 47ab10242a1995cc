/**
 * The console's journey on two pages at once, polling off: each change reaches the other
 * screen by the live streams within 5 s, with no queue or order GET in between.
 * 1. The console adds a walk-in: the customer's shop page shows a longer wait.
 * 2. The customer joins from the phone: the order appears on the console.
 * 3. The console starts and finishes it: the customer's tracking ends, and the receipt is in history.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, phone, startServer, watchCsp, type Server } from './browser.ts';

const KALLIO = 2;
const WITHIN = 5_000;
let server: Server;
let browser: Browser;

test.before(async () => {
  server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0' });
  browser = await launch();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

type Req = { at: number; method: string; path: string };
function record(page: Page): Req[] {
  const list: Req[] = [];
  page.on('request', (r) => list.push({ at: Date.now(), method: r.method(), path: new URL(r.url()).pathname }));
  return list;
}
const getsBetween = (list: Req[], from: number, to: number, re: RegExp) =>
  list.filter((r) => r.at >= from && r.at <= to && r.method === 'GET' && re.test(r.path));
const QUEUE_GET = /\/operator\/pobs\/\d+\/queue\/?$/;
const SHOP_GET = /\/pobs\/\d+\/?$/;
const ORDER_GET = /\/customers\/\d+\/orders\/\d+\/?$/;

/** The minutes the shop page's wait timer shows: 'Now' is 0, a dash (unknown) is null. */
const readWait = () => {
  const timer = document.querySelector('.shop-wait .timer');
  if (!timer || timer.classList.contains('timer-unknown')) return null;
  return Number(timer.querySelector('.timer-value')?.textContent ?? 0);
};
const shopWait = (page: Page): Promise<number | null> => page.evaluate(readWait);

test('console and phone: walk-in → longer wait, join → on the console, start and finish → tracking ends, receipt in history', async () => {
  const errors: string[] = [];
  // The console: a tablet, paired with the demo's code.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  await watchCsp(desk);
  const op = await desk.newPage();
  op.setDefaultTimeout(10_000);
  op.on('pageerror', (err) => errors.push(`console: ${err}`));
  const opRequests = record(op);
  const code = (JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { pairing_code: string }>)[
    KALLIO
  ].pairing_code;
  await op.goto(`${server.url}/operator?lang=en`);
  await op.getByLabel('Pairing code').fill(code);
  await op.getByLabel('Device name').fill('Front desk');
  await op.getByRole('button', { name: 'Pair', exact: true }).click();
  await op.getByRole('heading', { name: 'Barbers' }).waitFor();
  // The operator stream delivers: the console says so (it polls only while no stream does).
  await op.getByText('Live', { exact: true }).waitFor();

  // The customer: a phone on Kallio's page.
  const { page: cust } = await phone(browser, { serviceWorkers: 'block' });
  cust.setDefaultTimeout(10_000);
  cust.on('pageerror', (err) => errors.push(`customer: ${err}`));
  const custRequests = record(cust);
  await cust.goto(`${server.url}/welcome?lang=en`);
  await cust.locator('a.button[href="/login"]').click();
  await cust.locator('#login-phone').fill('0401000004');
  await cust.locator('#login-password').fill('Demo1234');
  await cust.locator('form button[type="submit"]').click();
  await cust.waitForURL(/\/home$/);
  await cust.goto(`${server.url}/profile/history`);
  await cust.locator('.receipt-list, .list-state').first().waitFor();
  const receiptsBefore = await cust.locator('.receipt-list > *').count();
  await cust.goto(`${server.url}/barbershop/${KALLIO}`);
  await cust.locator('.shop-wait .timer').waitFor();
  // The shop page follows its public stream (it may have opened before the timer showed).
  for (let i = 0; i < 100 && !custRequests.some((r) => r.path.includes(`/pobs/${KALLIO}/events/`)); i++) await cust.waitForTimeout(100);
  assert.ok(
    custRequests.some((r) => r.path.includes(`/pobs/${KALLIO}/events/`)),
    'the shop page follows its stream',
  );
  const waitBefore = await shopWait(cust);
  assert.ok(waitBefore !== null, 'the shop page shows a wait');

  // 1. A walk-in at the desk: the phone's wait grows.
  await op.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = op.getByRole('dialog', { name: 'Add a walk-in' });
  await dialog.getByLabel('Name').fill('Walter Walkin');
  await dialog.locator('input[type="checkbox"]').first().check();
  let at = Date.now();
  await dialog.getByRole('button', { name: 'Add to the queue' }).click();
  await cust.waitForFunction(
    (before) => {
      const timer = document.querySelector('.shop-wait .timer');
      return Number(timer?.querySelector('.timer-value')?.textContent ?? 0) > before;
    },
    waitBefore as number,
    { timeout: WITHIN },
  );
  assert.ok(Date.now() - at <= WITHIN, `${Date.now() - at} ms`);
  assert.equal(getsBetween(custRequests, at, Date.now(), SHOP_GET), [], 'no shop GET: the stream carried it');

  // 2. The customer joins from the phone: the console shows them.
  await cust
    .locator('li.service', { has: cust.locator('.service-title', { hasText: /^Haircut$/ }) })
    .locator('button.service-toggle')
    .click();
  await cust.locator('button.order-next').click();
  const confirm = cust.locator('.low-wait-dialog');
  const review = cust.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  at = Date.now();
  await review.locator('button.order-send').click();
  await cust.waitForURL(/\/tracking$/);
  const row = op.locator('[data-order]', { hasText: 'From the app' });
  await row.waitFor({ timeout: WITHIN });
  assert.ok(Date.now() - at <= WITHIN + 1_000, `${Date.now() - at} ms`);
  assert.equal(getsBetween(opRequests, at, Date.now(), QUEUE_GET), [], 'no queue GET on the console: the stream carried it');
  await cust.locator('.tracking-live .timer').waitFor();

  // 3. The console starts it (the barber preselected) and finishes it: the tracking ends, the receipt is kept.
  await row.getByRole('button', { name: 'Start' }).click();
  const start = op.getByRole('dialog', { name: /^Start / });
  assert.ok(await start.locator('input[type="radio"]:checked').count(), 'a barber is preselected');
  const before = (await cust.locator('.tracking-live').textContent()) ?? '';
  at = Date.now();
  await start.getByRole('button', { name: 'Start' }).click();
  await cust.waitForFunction((old) => (document.querySelector('.tracking-live')?.textContent ?? '') !== old, before, { timeout: WITHIN });
  const card = op.locator('[data-barber]', { hasText: 'Serving' });
  await card.getByRole('button', { name: 'Finish' }).click();
  await op
    .getByRole('dialog', { name: /done\?$/ })
    .getByRole('button', { name: 'Finish' })
    .click();
  at = Date.now();
  await cust.locator('.tracking-ended').waitFor({ timeout: WITHIN });
  assert.ok(Date.now() - at <= WITHIN, `${Date.now() - at} ms`);
  assert.equal(getsBetween(custRequests, at, Date.now(), ORDER_GET), [], 'no order GET: the order stream carried it');
  await cust.goto(`${server.url}/profile/history`);
  await cust.locator('.receipt-list > *').nth(receiptsBefore).waitFor();

  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

test.run();

/**
 * Layout a new user meets, in Chromium: a long unbroken search stays inside the phone's width, the shop page's
 * order bar hides what scrolls under it, and the console's walk-in dialog keeps its buttons on a 1280×800 screen
 * however long the menu. axe-core finds nothing on these screens.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, phone, startServer, type Server } from './browser.ts';
import { auditor } from './axe.ts';

const KALLIO = 2;
const layout = suite('layout: long input, the order bar, the walk-in dialog');
let server: Server;
let browser: Browser;

layout.before(async () => {
  server = await startServer({ SIMULATOR: '0' });
  browser = await launch();
});

layout.after(async () => {
  await browser?.close();
  await server?.stop();
});

layout('600 characters without a space in the shop search: the page stays 390 px wide, the echo wraps', async () => {
  for (const lang of ['en', 'fi']) {
    const { context, page } = await phone(browser, { serviceWorkers: 'block' });
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/home?lang=${lang}`);
    await page.locator('.shop-card').first().waitFor();
    await page.locator('.home-search-input').fill('x'.repeat(600));
    const empty = page.locator('p.empty');
    await empty.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${lang}: the page is ${width} px wide`);
    const box = (await empty.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${lang}: the message spans ${box.x}–${box.x + box.width}`);
    const axe = auditor(page);
    await axe.audit(`search with no match (${lang})`);
    assert.equal(axe.findings, [], JSON.stringify(axe.findings, null, 1));
    await context.close();
  }
});

layout("the shop page's order bar is opaque: the services scrolled under it do not show through", async () => {
  const { context, page } = await phone(browser, { serviceWorkers: 'block' });
  page.setDefaultTimeout(10_000);
  await page.goto(`${server.url}/barbershop/${KALLIO}?lang=fi`);
  await page.locator('.service-toggle').first().click();
  const bar = page.locator('.order-bar');
  await bar.waitFor();
  const background = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(background)?.[1];
  assert.ok(alpha === undefined || Number(alpha) === 1, `the bar's background is ${background}`);
  const axe = auditor(page);
  await axe.audit('shop page with the order bar');
  assert.equal(axe.findings, [], JSON.stringify(axe.findings, null, 1));
  await context.close();
});

layout("the console's walk-in dialog at 1280×800: Cancel and Add to the queue stay on the screen with every service open", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${server.url}/operator?lang=en`);
  const keys = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { pairing_code: string }>;
  await page.getByLabel('Pairing code').fill(keys[KALLIO].pairing_code);
  await page.getByLabel('Device name').fill('Front desk');
  await page.getByRole('button', { name: 'Pair', exact: true }).click();
  await page.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a walk-in' });
  const boxes = dialog.locator('.op-services > div > label input[type="checkbox"]');
  await boxes.first().waitFor();
  // Every service chosen opens its extras: the longest the form gets.
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
  for (const name of ['Cancel', 'Add to the queue']) {
    const box = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
    assert.ok(box.y >= 0 && box.y + box.height <= 800, `${name} is at ${box.y}–${box.y + box.height} of 800`);
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    assert.is(onTop, name, `${name} is not covered`);
  }
  const axe = auditor(page);
  await axe.audit('walk-in dialog, every service open');
  assert.equal(axe.findings, [], JSON.stringify(axe.findings, null, 1));
  await context.close();
});

layout.run();

/**
 * The shop's console and display in Chromium on the demo's console shop (Kallio, no simulator): pairing
 * with the start's code, the floor, a walk-in added from the dialog by keyboard, start and finish; a display paired
 * with a code the console made; axe-core finds nothing on any of them at 1280×800 and 800×1280. A customer's start
 * never loads the console's chunk. SHOTS=dir keeps screenshots.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launch, watchCsp, type Server } from './browser.ts';
import { staffedServer } from './staffed.ts';
import { auditor } from './axe.ts';

const KALLIO = 2;
const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 800, height: 1280 };
const shots = process.env.SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const console_ = suite('console: pairing, floor, actions, devices, figures, display');
let server: Server;
let browser: Browser;
let page: Page;
let axe: ReturnType<typeof auditor>;
const errors: string[] = [];

async function tablet(viewport = LANDSCAPE): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport, locale: 'en-US', serviceWorkers: 'block' });
  await watchCsp(ctx);
  const p = await ctx.newPage();
  p.setDefaultTimeout(10_000);
  p.on('pageerror', (err) => errors.push(String(err)));
  return { context: ctx, page: p };
}

async function shot(p: Page, name: string) {
  if (!shots) return;
  await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await p.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

async function pairWith(p: Page, code: string, name: string) {
  await p.goto(`${server.url}/operator?lang=en`);
  await p.getByLabel('Pairing code').fill(code);
  await p.getByLabel('Device name').fill(name);
  await p.getByRole('button', { name: 'Pair', exact: true }).click();
}

console_.before(async () => {
  // Kallio open and fully staffed whatever the hour: late in the evening its one barber's shift ends at midnight.
  server = await staffedServer({ SIMULATOR: '0', DEVELOPMENT: '0' }, [KALLIO]);
  browser = await launch();
  ({ page } = await tablet());
  axe = auditor(page);
});

console_.after(async () => {
  await browser?.close();
  await server?.stop();
});

console_("a customer's start never loads the console's chunk", async () => {
  const { context: c, page: p } = await tablet({ width: 390, height: 844 });
  const loaded: string[] = [];
  p.on('request', (r) => loaded.push(r.url()));
  await p.goto(`${server.url}/home?lang=en`);
  await p.locator('.shop-card, .list-state').first().waitFor();
  await p.goto(`${server.url}/barbershop/${KALLIO}?lang=en`);
  await p.locator('h1').first().waitFor();
  assert.ok(loaded.length > 3, 'the customer app loaded');
  assert.not.ok(
    loaded.some((u) => /\/Operator-[A-Z0-9]+\.js$/.test(u)),
    loaded.filter((u) => u.endsWith('.js')).join('\n'),
  );
  // Nor does the entry or any chunk it loads carry the console's code.
  for (const u of loaded.filter((x) => x.endsWith('.js'))) {
    const body = await (await fetch(u)).text();
    assert.not.ok(body.includes('operator.walkIn.title'), `${u} holds console code`);
  }
  // Nor the console's strings: the customer's dictionary leaves them to files of their own.
  const dictionaries = loaded.filter((u) => /\/assets\/l\/[a-z]{2}-[A-Z0-9]+\.json$/.test(u));
  assert.ok(dictionaries.length > 0, 'a dictionary was fetched');
  for (const u of dictionaries) assert.not.ok('operator' in (await (await fetch(u)).json()), `${u} holds the console's strings`);
  assert.not.ok(
    loaded.some((u) => u.includes('/assets/l/operator-')),
    "the console's strings were fetched",
  );
  await c.close();
});

console_('pairing: a wrong code is refused in words, the demo code pairs, the floor shows', async () => {
  await pairWith(page, 'ZZZZ9999', 'Front desk');
  await page.getByText('The code is wrong, used or expired.').waitFor();
  await axe.audit('pairing with an error');
  await shot(page, 'pairing-1280x800');
  const keys = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { pairing_code: string }>;
  await page.getByLabel('Pairing code').fill(keys[KALLIO].pairing_code);
  await page.getByRole('button', { name: 'Pair', exact: true }).click();
  await page.getByRole('heading', { name: 'Barbers' }).waitFor();
  await page.getByRole('heading', { name: /^Queue \(\d+\)$/ }).waitFor();
  await page.locator('[data-barber]').first().waitFor();
  await axe.audit('floor');
  await shot(page, 'floor-1280x800');
  // The key survives a reload (IndexedDB): no pairing again.
  await page.reload();
  await page.getByRole('heading', { name: 'Barbers' }).waitFor();
});

console_('a walk-in by keyboard: the dialog takes focus, Escape gives it back, the order joins the queue', async () => {
  const add = page.getByRole('button', { name: 'Add walk-in' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a walk-in' });
  await dialog.waitFor();
  assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus is in the dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await add.evaluate((b) => b === document.activeElement), 'focus is back on the button');

  await add.click();
  await dialog.locator('input[type="checkbox"]').first().waitFor();
  await dialog.getByRole('button', { name: 'Add to the queue' }).click();
  await dialog.getByText('Choose at least one service.').waitFor();
  await dialog.locator('input[type="checkbox"]').first().check();
  await dialog.getByLabel('Name').fill('Walter Walkin');
  await axe.audit('walk-in dialog filled');
  await shot(page, 'walk-in-1280x800');
  await dialog.getByRole('button', { name: 'Add to the queue' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Walter Walkin is in the queue.').waitFor();
  await page.locator('[data-order]', { hasText: 'Walter W.' }).waitFor();
  // Two more through the API with the shop's own key (it keeps working beside the devices): a busy floor.
  const shop = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8'))[KALLIO].key as string;
  const menu = (await (await fetch(`${server.url}/api/fi/pobs/${KALLIO}/?lang=en`)).json()) as { services: { id: number }[] };
  for (const [name, service] of [
    ['Aino Laine', menu.services[1].id],
    ['Pekka Puu', menu.services[4].id],
  ] as const) {
    const res = await fetch(`${server.url}/api/fi/operator/pobs/${KALLIO}/walk-ins/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, services: [service], barber_id: null }),
    });
    assert.is(res.status, 201, await res.text());
  }
  await page.locator('[data-order]', { hasText: 'Pekka P.' }).waitFor();
  await axe.audit('floor with a queue');
  await shot(page, 'floor-busy-1280x800');

  // Offline: the banner shows, and an action is refused with a message, never sent later.
  const sent: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && sent.push(r.url()));
  await page.context().setOffline(true);
  await page.locator('.offline-banner').waitFor();
  await page.getByRole('button', { name: 'Mark the queue full' }).click();
  await page.getByText('No connection: nothing was done.').waitFor();
  await axe.audit('offline, an action refused');
  await shot(page, 'offline-1280x800');
  await page.context().setOffline(false);
  await page.locator('.offline-banner').waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
  assert.equal(sent, [], 'nothing was queued and sent once back online');
  await page.getByRole('button', { name: 'Mark the queue full' }).waitFor();
});

console_('start with the suggested barber, then finish with a confirmation', async () => {
  const row = page.locator('[data-order]', { hasText: 'Walter W.' });
  await row.getByRole('button', { name: 'Start' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Walter W.' });
  await dialog.waitFor();
  assert.ok(await dialog.locator('input[type="radio"]:checked').count(), 'a barber is preselected');
  await axe.audit('start dialog');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.getByText('Walter W. is being served.').waitFor();
  const card = page.locator('[data-barber]', { hasText: 'Serving Walter W.' });
  await card.waitFor();
  await card.getByRole('button', { name: 'Finish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Is Walter W. done?' });
  await axe.audit('finish confirmation');
  await confirm.getByRole('button', { name: 'Finish' }).click();
  await page.getByText('Walter W. is done; the receipt is written.').waitFor();
  assert.is(await page.locator('[data-barber]', { hasText: 'Serving Walter W.' }).count(), 0);
});

console_('figures and devices; a display paired with a code from the console', async () => {
  await page.getByRole('link', { name: 'Figures' }).click();
  await page.getByRole('heading', { name: 'Today' }).waitFor();
  assert.match((await page.locator('[data-stat="served"]').first().textContent()) ?? '', /^[1-9]\d*$/);
  await axe.audit('figures');
  await shot(page, 'figures-1280x800');
  await page.getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('heading', { name: 'Paired devices' }).waitFor();
  await page.locator('[data-device]', { hasText: 'Front desk' }).waitFor();
  await page.getByRole('button', { name: 'Code for a display' }).click();
  const code = ((await page.locator('.op-code').textContent()) ?? '').trim();
  assert.match(code, /^[A-Z0-9]{8}$/);
  await axe.audit('devices with a code');
  await shot(page, 'devices-1280x800');

  for (const [label, viewport] of [
    ['1280x800', LANDSCAPE],
    ['800x1280', PORTRAIT],
  ] as const) {
    const { context: c, page: p } = await tablet(viewport);
    if (label === '1280x800') await pairWith(p, code, 'Wall screen');
    else {
      await page.getByRole('button', { name: 'Code for a display' }).click();
      await page.locator('.op-code', { hasNotText: code }).waitFor();
      await pairWith(p, ((await page.locator('.op-code').textContent()) ?? '').trim(), 'Portrait screen');
    }
    await p.getByRole('heading', { name: 'Wait for a walk-in now' }).waitFor();
    await p.getByRole('heading', { name: 'In the queue' }).waitFor();
    assert.is(await p.getByRole('button').count(), 0, 'the display has no actions');
    const display = auditor(p);
    await display.audit(`display ${label}`);
    axe.findings.push(...display.findings);
    await shot(p, `display-${label}`);
    await c.close();
  }
  // The devices list shows the display; revoking it is confirmed.
  await page.reload();
  await page.locator('[data-device]', { hasText: 'Wall screen' }).waitFor();
});

console_('portrait 800×1280 and a phone: the floor and the walk-in dialog', async () => {
  await page.setViewportSize(PORTRAIT);
  await page.getByRole('link', { name: 'Floor' }).click();
  await page.getByRole('heading', { name: 'Barbers' }).waitFor();
  await axe.audit('floor portrait');
  await shot(page, 'floor-800x1280');
  await page.getByRole('button', { name: 'Add walk-in' }).click();
  await page.getByRole('dialog', { name: 'Add a walk-in' }).locator('input[type="checkbox"]').first().waitFor();
  await axe.audit('walk-in dialog portrait');
  await shot(page, 'walk-in-800x1280');
  await page.keyboard.press('Escape');
  // Usable on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add walk-in' }).waitFor();
  await axe.audit('floor on a phone');
  await shot(page, 'floor-390x844');
});

console_('nothing found, no errors, no CSP violation', () => {
  for (const f of axe.findings) console.log(`  ${f.state}: ${f.rule} (${f.impact})\n    ${f.nodes.slice(0, 3).join('\n    ')}`);
  assert.equal(
    axe.findings.map((f) => `${f.state}: ${f.rule}`),
    [],
  );
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

console_.run();

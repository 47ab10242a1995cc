/**
 * A shorter queue nearby in Chromium at 390×844 against the real server (docs/decisions.md, "A shorter queue
 * nearby"): Kallio's one barber on the floor gets a long queue of walk-ins through the console's API, Punavuori
 * (2 km away, opened round the clock for the test) stands empty; the shop page offers Punavuori once a haircut is
 * picked and "Go there" carries the haircut and its hair wash; after joining Kallio, tracking offers it again and
 * "Move my place" moves the order with its services. axe-core on the offer and after the move.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { auditor } from './axe.ts';
import { cspViolations, launch, phone, type Server } from './browser.ts';
import { staffedServer } from './staffed.ts';

const KALLIO = 2;
const PUNAVUORI = 5;
// The hold is the client tests' (30 s on an injected clock); here a short one keeps the journey quick.
const ENV = { SIMULATOR: '0', DEVELOPMENT: '0', NEARBY_HOLD_SECONDS: '2' };
const SHOTS = process.env.NEARBY_SHOTS ?? '/tmp';

const nearby = suite('a shorter queue nearby at 390×844');
let server: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const moves: { path: string; body: unknown; status?: number }[] = [];
let axe: ReturnType<typeof auditor>;

type Estimate = { priority: number; wait_time: number | null; wait_low?: number | null; wait_high?: number | null };
async function shopOf(id: number) {
  const list = (await (await fetch(`${server.url}/api/fi/pobs/?lang=en`)).json()) as {
    id: number;
    queue_state: string;
    service_time_estimates: Estimate[];
  }[];
  return list.find((s) => s.id === id)!;
}

/** Walk-ins at the desk, through the console's API with the demo's key, until Kallio's window starts 40 minutes out. */
async function longQueueAtKallio() {
  const keys = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { key: string }>;
  const menu = (await (await fetch(`${server.url}/api/fi/pobs/${KALLIO}/?lang=en`)).json()) as { services: { id: number }[] };
  for (let i = 0; i < 14; i++) {
    // The demo customer has no membership: priority 0's window is his.
    const mine = (await shopOf(KALLIO)).service_time_estimates.find((e) => e.priority === 0);
    const low = mine?.wait_low ?? mine?.wait_time ?? 0;
    if (low >= 40) return;
    const res = await fetch(`${server.url}/api/fi/operator/pobs/${KALLIO}/walk-ins/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[KALLIO].key}` },
      body: JSON.stringify({ name: `Walk-in ${i + 1}`, services: [menu.services[0].id], customer_at_pob: true }),
    });
    assert.is(res.status, 201, await res.text());
  }
}

nearby.before(async () => {
  // Punavuori round the clock, and Kallio's whole staff on the floor too, so its long queue stays open to remote
  // joins at any hour.
  server = await staffedServer(ENV, [PUNAVUORI, KALLIO]);
  await longQueueAtKallio();
  assert.is((await shopOf(KALLIO)).queue_state, 'open', 'Kallio still takes remote joins');
  assert.is((await shopOf(PUNAVUORI)).queue_state, 'open');
  const low = (await shopOf(KALLIO)).service_time_estimates.find((e) => e.priority === 0)?.wait_low ?? 0;
  assert.ok(low >= 40, `Kallio's window starts ${low} minutes out`);
  browser = await launch();
  ({ context, page } = await phone(browser));
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource|tile\.openstreetmap/.test(msg.text()) && errors.push(msg.text()),
  );
  page.on('requestfinished', async (req) => {
    const path = new URL(req.url()).pathname;
    if (path.endsWith('/move/')) moves.push({ path, body: req.postDataJSON(), status: (await req.response())?.status() });
  });
  axe = auditor(page);
});

nearby.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const offer = () => page.locator('.nearby-offer');
const pressed = (selector: string, title: string) => page.locator(`${selector}[aria-pressed="true"]`, { hasText: title }).first();

nearby('the shop page: a haircut picked at Kallio, the offer of Punavuori; "Go there" carries the haircut and its wash', async () => {
  await page.goto(`${server.url}/welcome?lang=en`);
  await page.locator('a.button[href="/login"]').click();
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.waitForURL(new RegExp(`/barbershop/${KALLIO}$`));
  await page
    .locator('button.service-toggle', { hasText: /^Haircut/ })
    .first()
    .click();
  await page.locator('button.extra-toggle', { hasText: 'Hair wash' }).first().click();
  await offer().waitFor();
  const line = (await offer().locator('.nearby-offer-line').textContent()) ?? '';
  assert.match(line, /^Punavuori: (usually \d+–\d+ min|up to \d+ min|\d+ min|Now), 2[,.]0 km from Kallio$/);
  assert.ok(await offer().getByRole('button', { name: 'Go there' }).isVisible());
  await axe.audit('shop page: the offer');
  await page.screenshot({ path: join(SHOTS, 'nearby-shop.png') });
  // Keyboard: the action is a real button in the tab order.
  await offer().getByRole('button', { name: 'Go there' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/barbershop/${PUNAVUORI}$`));
  await pressed('button.service-toggle', 'Haircut').waitFor();
  await pressed('button.extra-toggle', 'Hair wash').waitFor();
  assert.match((await page.locator('.order-bar-count').textContent()) ?? '', /^1 service/);
  assert.is(await offer().count(), 0, 'no offer back to the longer queue');
});

nearby('tracking: joined at Kallio, the offer again; "Move my place" moves the order with its services', async () => {
  await page.goto(`${server.url}/barbershop/${KALLIO}`);
  await page
    .locator('button.service-toggle', { hasText: /^Haircut/ })
    .first()
    .click();
  await page.locator('button.extra-toggle', { hasText: 'Hair wash' }).first().click();
  await page.locator('button.order-next').click();
  const review = page.locator('.review-dialog');
  await review.waitFor();
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-shop', { hasText: 'Kallio' }).waitFor();
  await offer().waitFor();
  assert.match((await offer().locator('.nearby-offer-line').textContent()) ?? '', /^Punavuori: .*2[,.]0 km from Kallio$/);
  await axe.audit('tracking: the offer');
  await page.screenshot({ path: join(SHOTS, 'nearby-tracking.png') });

  await offer().getByRole('button', { name: 'Move my place' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move your place to Punavuori?' });
  await confirm.waitFor();
  await axe.audit('tracking: the move confirm');
  await confirm.getByRole('button', { name: 'Move', exact: true }).click();
  await page.locator('.tracking-shop', { hasText: 'Punavuori' }).waitFor();
  await page.locator('.notice-title', { hasText: 'You are now in the queue at Punavuori.' }).waitFor();
  assert.is(moves.length, 1);
  assert.is(moves[0].status, 201);
  assert.is((moves[0].body as { pob_id: number }).pob_id, PUNAVUORI);
  assert.is(await offer().count(), 0);
  // The same services at the new shop: the receipt lists the haircut and its wash.
  await page.locator('button.receipt-toggle').click();
  const names = await page.locator('.receipt-name').allTextContents();
  assert.ok(names.includes('Haircut') && names.includes('+ Hair wash'), names.join(' | '));
  await axe.audit('tracking: after the move');
  await page.screenshot({ path: join(SHOTS, 'nearby-moved.png') });
  // The server agrees: Kallio's queue no longer has him, Punavuori's has.
  await page.reload();
  await page.locator('.tracking-shop', { hasText: 'Punavuori' }).waitFor();

  await page.locator('button.tracking-leave').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  assert.equal(axe.findings, []);
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

nearby.run();

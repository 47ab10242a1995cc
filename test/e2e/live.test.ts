/**
 * Live updates on a phone: the real server (demo seed, simulator off), the built app, headless
 * Chromium. A customer joins and watches the tracking screen; the shop serves them through the operator API;
 * the screen shows the end of the order within 5 s of the finish, with no reload and no order GET in between:
 * the order's event stream carried it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { cspViolations, launch, phone, startServer, type Server } from './browser.ts';

const KALLIO = 2;
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

test('the tracking screen follows an operator finish within 5 s, without a reload or an order GET', async () => {
  const { page } = await phone(browser);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  const requests: { at: number; method: string; url: string }[] = [];
  page.on('request', (r) => requests.push({ at: Date.now(), method: r.method(), url: r.url() }));
  const responses: { url: string; status: number; type: string }[] = [];
  page.on('response', (r) => responses.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] ?? '' }));
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto(`${server.url}/welcome?lang=en`);
  await page.locator('a.button[href="/login"]').click();
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.locator('a.shop-card-body', { hasText: 'Kallio' }).locator('.shop-card-name').click();
  await page.waitForURL(new RegExp(`/barbershop/${KALLIO}$`));
  // The shop page follows its public stream.
  await page.waitForRequest((r) => r.url().includes(`/pobs/${KALLIO}/events/`));
  await page
    .locator('li.service', { has: page.locator('.service-title', { hasText: /^Haircut$/ }) })
    .locator('button.service-toggle')
    .click();
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-live .timer').waitFor();
  // The order's stream is open with a ticket.
  const isOrderStream = (url: string) => /\/customers\/\d+\/orders\/\d+\/events\/\?ticket=/.test(url);
  for (let i = 0; i < 100 && !responses.some((r) => isOrderStream(r.url)); i++) await page.waitForTimeout(100);
  const streamed = responses.find((r) => isOrderStream(r.url));
  assert.ok(streamed, requests.map((r) => `${r.method} ${r.url}`).join('\n'));
  assert.is(streamed.status, 200);
  assert.match(streamed.type, /text\/event-stream/);
  assert.ok(
    requests.some((r) => r.method === 'POST' && r.url.endsWith('/events/ticket/')),
    'a ticket was fetched',
  );

  const key = (JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { key: string }>)[
    String(KALLIO)
  ].key;
  const op = (path: string, body?: unknown) =>
    fetch(`${server.url}/api/fi/operator/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const queue = (await (await op(`pobs/${KALLIO}/queue/`)).json()) as {
    orders: { id: number; customer: boolean; barber_id: number | null }[];
    barbers: { id: number; on_shift: boolean; serving: number | null }[];
  };
  const mine = queue.orders.find((o) => o.customer)!;
  // The barber it was planned for, when on shift now (near a change of shifts it may be one who starts later),
  // else a free one on shift, else any on shift.
  const onShift = queue.barbers.filter((b) => b.on_shift);
  const barber = (onShift.find((b) => b.id === mine.barber_id) ?? onShift.find((b) => b.serving === null) ?? onShift[0]).id;
  // Whoever the barber serves now is done first, so ours can start.
  const busy = queue.barbers.find((b) => b.id === barber)?.serving;
  if (busy) assert.is((await op(`orders/${busy}/finish/`, {})).status, 200);
  // From here on nothing loads a page again (a tap on the welcome page before the app took it over may have been one).
  const loadsBefore = loads;
  const before = (await page.locator('.tracking-live').textContent()) ?? '';
  const started = await op(`orders/${mine.id}/start/`, { barber_id: barber });
  assert.is(started.status, 200, await started.text());
  await page.waitForFunction((old) => (document.querySelector('.tracking-live')?.textContent ?? '') !== old, before, { timeout: 5_000 });
  await page.screenshot({ path: join(server.dataDir, '..', 'walkin-live-in-service.png') });

  const finishedAt = Date.now();
  const finished = await op(`orders/${mine.id}/finish/`, {});
  assert.is(finished.status, 200, await finished.text());
  await page.locator('.tracking-ended').waitFor({ timeout: 5_000 });
  const updatedAt = Date.now();
  assert.ok(updatedAt - finishedAt <= 5_000, `${updatedAt - finishedAt} ms`);
  const gets = requests.filter(
    (r) =>
      r.at >= finishedAt && r.at <= updatedAt && r.method === 'GET' && /\/customers\/\d+\/orders\/\d+\/?$/.test(new URL(r.url).pathname),
  );
  assert.equal(gets, [], 'no order GET between the finish and the update');
  assert.is(loads, loadsBefore, 'no reload while the order goes into service and ends');
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

test.run();

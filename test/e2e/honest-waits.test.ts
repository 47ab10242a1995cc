/**
 * Honest waits in Chromium at 390×844 against the real server (the client's part of docs/decisions.md, "Honest waits"): the review step
 * fills the arrival from the position when location is allowed (by car from 3 km) and sends it as eta_minutes;
 * "Running late?" PATCHes a new one; after check-in it is no longer offered and the server refuses it with 409;
 * the turn alert's lead chosen on the notifications screen is kept in the profile.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launch, phone, startServer, type Server } from './browser.ts';

const KALLIO = { id: 2, lat: 60.1806, lng: 24.9527 };
const honest = suite('honest waits at 390×844');
let server: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const bodies: { method: string; path: string; body: unknown; status?: number }[] = [];

honest.before(async () => {
  server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0' });
  browser = await launch();
  // About 3 km south of Kallio, location already allowed: by car, 3/25 h + 5 min of parking = 13 min.
  ({ context, page } = await phone(browser, {
    geolocation: { latitude: KALLIO.lat - 0.027, longitude: KALLIO.lng },
    permissions: ['geolocation'],
  }));
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource|tile\.openstreetmap/.test(msg.text()) && errors.push(msg.text()),
  );
  page.on('requestfinished', async (req) => {
    const path = new URL(req.url()).pathname;
    if (!/\/customers\/\d+\/(orders\/(\d+\/)?)?$/.test(path) || req.method() === 'GET') return;
    bodies.push({ method: req.method(), path, body: req.postDataJSON(), status: (await req.response())?.status() });
  });
});

honest.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

honest('the review fills the arrival from the position and sends it; "Running late?" sends a new one', async () => {
  await page.goto(`${server.url}/welcome?lang=en`);
  await page.locator('a.button[href="/login"]').click();
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.goto(`${server.url}/barbershop/${KALLIO.id}`);
  await page.locator('button.service-toggle').first().click();
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.locator('button.primary').click();
  const location = review.locator('.eta-location');
  await location.waitFor();
  assert.is(((await location.textContent()) ?? '').trim(), 'About 13 min by car from where you are');
  assert.ok(await location.locator('input').isChecked(), 'chosen by default');
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  const join = bodies.find((b) => b.method === 'POST');
  assert.ok(join, 'the order POST');
  assert.is((join!.body as { eta_minutes: number }).eta_minutes, 13);
  assert.is(join!.status, 201);

  await page.locator('button.tracking-late').click();
  await page.locator('.tracking-late-choices button', { hasText: '30 min or more' }).click();
  await page.locator('.notice-title', { hasText: 'Thanks! Your arrival time is updated.' }).waitFor();
  const late = bodies.find((b) => b.method === 'PATCH' && (b.body as { eta_minutes?: number }).eta_minutes !== undefined);
  assert.equal(late?.body, { eta_minutes: 30 });
  assert.is(late?.status, 200);
  const wait = (await page.locator('.tracking-live .timer').textContent()) ?? '';
  const minutes = /\d+/.test(wait) ? Number(/\d+/.exec(wait)![0]) : 0;
  if (minutes < 30) {
    // The trip is longer than the wait: the turn comes about when he arrives.
    assert.is(await page.locator('.tracking-wait').getAttribute('data-state'), 'travel');
    assert.match(
      (await page.locator('.tracking-message').textContent()) ?? '',
      /^Your turn comes about when you arrive, around \d\d:\d\d\.$/,
    );
  }
});

honest('after check-in: no "Running late?", the server refuses a new arrival with 409, the screen says checked in', async () => {
  await page.locator('.tracking-check-in').click();
  await page.locator('.tracking-checked-in').waitFor();
  assert.is(await page.locator('button.tracking-late').count(), 0);
  assert.is(await page.locator('.tracking-message').textContent(), 'You are checked in.');
  // The server's side of the same refusal, through the app's own stored session.
  // A string, not a function: tsx would wrap named functions in a helper the page does not have (browser.ts).
  const refused = (await page.evaluate(`(async () => {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open('walkin');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    const get = (key) => new Promise((ok) => {
      const r = db.transaction('keyval').objectStore('keyval').get(key);
      r.onsuccess = () => ok(r.result);
    });
    const user = await get('user');
    const order = await get('order');
    const res = await fetch('/api/fi/customers/' + user.id + '/orders/' + order.id + '/', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + user.token },
      body: JSON.stringify({ eta_minutes: 10 }),
    });
    return { status: res.status, body: await res.json() };
  })()`)) as { status: number; body: unknown };
  assert.is(refused.status, 409);
  assert.equal(refused.body, { error: 'Order is already checked in' });
  await page.locator('button.tracking-leave').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
});

honest('the turn alert lead is kept in the profile', async () => {
  await page.goto(`${server.url}/profile/notifications`);
  const option = (label: string) => page.locator('.alert-lead-option', { hasText: label }).locator('input');
  await option('Default').waitFor();
  assert.ok(await option('Default').isChecked());
  // The radio follows the profile: checked once the server has kept the choice.
  await option('20 min before my turn').click();
  await page.locator('.alert-lead-option', { hasText: '20 min before my turn' }).locator('input:checked').waitFor();
  const patch = bodies.find((b) => b.method === 'PATCH' && /\/customers\/\d+\/$/.test(b.path));
  assert.equal(patch?.body, { alert_lead_minutes: 20 });
  assert.is(patch?.status, 200);
  await page.reload();
  await option('20 min before my turn').waitFor();
  assert.ok(await option('20 min before my turn').isChecked(), 'read back from the server after a reload');
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

honest.run();

/**
 * `tsx test/e2e/shots-honest-waits.ts <folder>`: screenshots of the review step's arrival and of tracking's states at
 * 390×844 (honest waits, and tracking saying one thing), into the folder given as the first argument. Not a test: for
 * looking. The order answer is altered in the page for the states the demo's still queue does not reach by itself (in
 * service, travel).
 */
import type { Page, Route } from 'playwright-core';
import { launch, phone, startServer } from './browser.ts';

const out = process.argv[2] ?? '/tmp/shots';
const KALLIO = { lat: 60.1806, lng: 24.9527 };
const server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0' });
const browser = await launch();
try {
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${name}.png` });
  };
  for (const lang of ['en', 'fi', 'sv'] as const) {
    // Location allowed, about 3 km from Kallio: by car.
    const { context, page } = await phone(browser, {
      geolocation: { latitude: KALLIO.lat - 0.027, longitude: KALLIO.lng },
      permissions: ['geolocation'],
      serviceWorkers: 'block',
    });
    // The demo deployment offers fi, en and ee: a deployment offering Swedish too, for the Swedish screenshots.
    await context.route('**/config.json', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), allowedLanguages: ['fi', 'en', 'ee', 'sv'] } });
    });
    await page.goto(`${server.url}/welcome?lang=${lang}`);
    await page.locator('a.button[href="/login"]').click();
    await page.waitForURL(/\/login$/);
    await page.locator('#login-phone').fill(lang === 'sv' ? '0401000002' : lang === 'fi' ? '0401000001' : '0401000004');
    await page.locator('#login-password').fill('Demo1234');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/home$/);
    // The account's language wins over ?lang= after login: choose the language as a customer would.
    const NAMES = { en: 'English', fi: 'Suomi', sv: 'Svenska' };
    await page.goto(`${server.url}/profile/language`);
    await page.locator('button', { hasText: NAMES[lang] }).first().click();
    await page.waitForTimeout(500);
    await page.goto(`${server.url}/barbershop/2?lang=${lang}`, { waitUntil: 'networkidle' });
    await page.locator('button.service-toggle').first().click();
    await page.locator('button.order-next').click();
    const lowWait = page.locator('.low-wait-dialog');
    const review = page.locator('.review-dialog');
    await Promise.race([lowWait.waitFor(), review.waitFor()]);
    if (await lowWait.isVisible()) await lowWait.locator('button.primary').click();
    await page.locator('.eta-location').waitFor();
    await review.locator('.eta-choice').scrollIntoViewIfNeeded();
    await shot(page, `${lang}-review-location`);
    await review.locator('.eta-option').last().click();
    await review.locator('.eta-choice').scrollIntoViewIfNeeded();
    await shot(page, `${lang}-review-picked`);
    await review.locator('.eta-option').nth(3).click(); // about 20 min
    await page.locator('button.order-send').click();
    await page.waitForURL(/\/tracking$/, { timeout: 15_000 });
    await page.locator('.tracking-message').waitFor();
    await shot(page, `${lang}-tracking-queue`);
    await page.locator('.tracking-late').click();
    await page.locator('.tracking-late-choices').scrollIntoViewIfNeeded();
    await shot(page, `${lang}-tracking-late`);
    await page.locator('.tracking-late-cancel').click();
    // The states the still demo queue does not reach: the order answer altered in the page.
    const alter = (over: (body: Record<string, unknown>) => Record<string, unknown>) => async (route: Route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: over(await res.json()) });
    };
    await page.route(
      '**/customers/*/orders/*/',
      alter((b) => ({ ...b, queue: 15, expected_at: new Date(Date.now() + 40 * 60_000).toISOString() })),
    );
    await page.reload();
    await page.locator('.tracking-wait[data-state="travel"]').waitFor();
    await shot(page, `${lang}-tracking-travel`);
    await page.unroute('**/customers/*/orders/*/');
    await page.route(
      '**/customers/*/orders/*/',
      alter((b) => ({ ...b, customer_at_pob: true, in_service: true, queue: 0, ahead: 0 })),
    );
    await page.reload();
    await page.locator('.tracking-wait[data-state="in-service"]').waitFor();
    await shot(page, `${lang}-tracking-in-service`);
    await page.unroute('**/customers/*/orders/*/');
    await page.route(
      '**/customers/*/orders/*/',
      alter((b) => ({ ...b, customer_at_pob: true })),
    );
    await page.reload();
    await page.locator('.tracking-wait[data-state="checked-in"]').waitFor();
    await shot(page, `${lang}-tracking-checked-in`);
    await page.unroute('**/customers/*/orders/*/');
    // Leave, so the next language's customer starts clean (each language logs in as its own customer anyway).
    await page.locator('.tracking-leave').click();
    await page.locator('.leave-dialog button.button.danger, .leave-dialog button:last-child').last().click();
    await page.goto(`${server.url}/profile/notifications?lang=${lang}`);
    await page.locator('.alert-lead').waitFor();
    await shot(page, `${lang}-profile-alert-lead`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

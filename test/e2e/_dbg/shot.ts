import { launch, startServer } from '../browser.ts';
const server = await startServer({ DEVELOPMENT: '0' });
const browser = await launch();
const ctx = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  serviceWorkers: 'block',
});
const page = await ctx.newPage();
await page.goto(`${server.url}/home?lang=en`);
await page.locator('a.shop-card-body', { hasText: 'Kallio' }).click();
const t = page.locator('button.service-toggle[aria-pressed="false"]:not([disabled])');
await t.nth(0).click();
await t.nth(0).click();
await page.evaluate(() => {
  const d = JSON.parse(sessionStorage.getItem('orderDraft')!);
  d.selection.services[1].id = 999;
  sessionStorage.setItem('orderDraft', JSON.stringify(d));
});
await page.reload();
await page.locator('.notice').waitFor();
await page.waitForTimeout(400);
await page.screenshot({ path: '/tmp/h39-dropped.png' });
await browser.close();
await server.stop();

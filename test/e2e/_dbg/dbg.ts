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
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(`${server.url}/login?lang=en`);
await page.locator('#login-phone').fill('0401000004');
await page.locator('#login-password').fill('Demo1234');
await page.locator('form button[type="submit"]').click();
await page.waitForURL(/\/home$/);
await page.locator('a.shop-card-body', { hasText: 'Kallio' }).click();
await page.waitForTimeout(2000);
await page.screenshot({ path: '/tmp/h39-shop.png' });
console.log(
  await page.locator('button.extra-toggle').count(),
  await page.locator('button.service-toggle').count(),
  await page.locator('button.service-toggle:not([disabled])').count(),
);
console.log(await page.locator('.shop-wait').textContent());
await browser.close();
await server.stop();

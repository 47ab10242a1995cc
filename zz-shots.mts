import { launch, phone, startServer } from './test/e2e/browser.ts';
const server = await startServer({ DEVELOPMENT: '0' });
const browser = await launch();
const { page, context } = await phone(browser, { deviceScaleFactor: 1 });
const shots: [string, string, (() => Promise<void>)?][] = [
  ['welcome', '/?lang=en'],
  ['home', '/home'],
  ['shop', '/barbershop/2'],
  ['barbers', '/barbers'],
  ['barber', '/barbers/5'],
  ['language', '/profile/language'],
  ['notfound', '/nope'],
  ['login', '/login'],
];
for (const [name, path] of shots) {
  await page.goto(server.url + path);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}
await context.grantPermissions(['geolocation']);
await context.setGeolocation({ latitude: 60.1699, longitude: 24.9384 });
await page.goto(server.url + '/home');
await page.waitForTimeout(800);
await page.getByRole('button', { name: /closest/i }).click().catch(() => {});
await page.waitForTimeout(1500);
await page.screenshot({ path: `/tmp/shots/home-closest.png` });
await browser.close();
await server.stop();

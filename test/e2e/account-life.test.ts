/**
 * The account's own life in the browser at 390×844: change the phone number with the code from the development
 * SMS outbox (the old number is told, login works with the new number only), download my data as a file, and
 * delete the account (login then fails, the number can register again).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, phone, startServer, type Server } from './browser.ts';
import { formatPhone } from '../../src/client/lib/phone-format.ts';

const life = suite('account life at 390×844');
let server: Server;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const OLD = `40${String(Date.now()).slice(-7)}`;
const NEW = `41${String(Date.now()).slice(-7)}`;
const PASSWORD = 'Parturi#2026x';
const outbox = async (n: string) => (await (await fetch(`${server.url}/dev/sms-outbox?to=%2B358${n}`)).json()) as { text: string }[];
const register = (n: string) =>
  fetch(`${server.url}/api/fi/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      countryCode: 'FI',
      phone: n,
      password: PASSWORD,
      firstname: 'Eero',
      lastname: 'Esimerkki',
      email: 'eero@example.fi',
      terms_accepted: true,
    }),
  });

async function login(n: string): Promise<boolean> {
  await page.goto(`${server.url}/login?lang=en`);
  await page.locator('#login-phone').fill(`0${n}`);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const outcome = await Promise.race([
    page.waitForURL(/\/home$/).then(() => true),
    page
      .locator('#login-phone[aria-invalid="true"]')
      .waitFor()
      .then(() => false),
  ]);
  return outcome;
}

life.before(async () => {
  server = await startServer({ DEVELOPMENT: '1', SIMULATOR: '0' });
  browser = await launch();
  ({ page } = await phone(browser, { acceptDownloads: true }));
  page.on('pageerror', (err) => errors.push(String(err)));
  assert.is((await register(OLD)).status, 201);
  // The old number is proven (as the app asks right after registration), so it may be told of the change.
  const post = (path: string, body: object) =>
    fetch(`${server.url}/api/fi${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is((await post('/auth/phone-code/', { countryCode: 'FI', phone: OLD })).status, 200);
  const token = /\b(\d{6})\b/.exec((await outbox(OLD))[0]?.text ?? '')?.[1];
  assert.is((await post('/auth/phone-proof/', { countryCode: 'FI', phone: OLD, token })).status, 200);
});

life.after(async () => {
  await browser?.close();
  await server?.stop();
});

life('changes the phone number from the profile menu with the SMS code; the old number is told', async () => {
  assert.ok(await login(OLD));
  await page.goto(`${server.url}/profile`);
  await page.locator('a[href="/profile/phone"]').click();
  await page.locator('#phone-new').fill(`0${NEW}`);
  await page.locator('#phone-password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('#phone-code').waitFor();
  const code = /\b(\d{6})\b/.exec((await outbox(NEW))[0]?.text ?? '')?.[1];
  assert.ok(code, 'a code went to the new number');
  await page.locator('#phone-code').fill(code!);
  await page.locator('form button[type="submit"]').click();
  // The new number is shown grouped, as the profile shows it.
  await page.getByText(`Your phone number is now ${formatPhone(`+358${NEW}`)}.`).waitFor();
  assert.match((await outbox(OLD))[0].text, /changed/);
});

life('after logging out, only the new number logs in', async () => {
  await page.goto(`${server.url}/profile`);
  await page.getByRole('button', { name: /log out/i }).click();
  await page.waitForURL(/\/home$/);
  assert.is(await login(OLD), false);
  assert.is(await login(NEW), true);
});

life('"Download my data" saves one JSON file with the profile', async () => {
  await page.goto(`${server.url}/profile`);
  await page.locator('a[href="/profile/data"]').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  assert.match(download.suggestedFilename(), /^my-data-\d+-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  assert.is(data.profile.phone, `+358${NEW}`);
  assert.ok(Array.isArray(data.receipts) && Array.isArray(data.orders) && Array.isArray(data.messages));
});

life('"Delete my account": the dialog asks for the password; afterwards login fails and the number is free', async () => {
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('your place in the queue').waitFor();
  await page.locator('#delete-password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await page.waitForURL(/\/home$/);
  await page.getByText('Account deleted').waitFor();
  assert.ok(await page.locator('nav.nav a[href="/login"]').isVisible());
  assert.is(await login(NEW), false);
  assert.is((await register(NEW)).status, 201);
});

life('no script errors on the way', () => {
  assert.equal(errors, []);
});

life.run();

/**
 * A customer's account in the browser: register (confirming the phone with its code, or not now), log in, profile, change the e-mail, reload on a guarded
 * page, log out, and recover the password with the code from the development SMS outbox.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { auditor } from './axe.ts';
import { launch, phone, startServer, cspViolations, type Server } from './browser.ts';

const account = suite('account at 390×844');
let server: Server;
let browser: Browser;
let page: Page;
const errors: string[] = [];
// A fresh number each run: the server is fresh too, but the number must not be a demo customer's.
const NUMBER = `40${String(Date.now()).slice(-7)}`;
const PASSWORD = 'Parturi#2026x';
const NEW_PASSWORD = 'Uusi#Salasana9';

account.before(async () => {
  server = await startServer({ DEVELOPMENT: '1', SIMULATOR: '0' });
  browser = await launch();
  ({ page } = await phone(browser));
  page.on('pageerror', (err) => errors.push(String(err)));
});

account.after(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(password: string) {
  await page.goto(`${server.url}/login?lang=en`);
  await page.locator('#login-phone').fill(`0${NUMBER}`);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
}

async function register(number: string) {
  await page.goto(`${server.url}/register?lang=en`);
  await page.locator('#register-phone').fill(number);
  await page.locator('#register-firstname').fill('Eero');
  await page.locator('#register-lastname').fill('Esimerkki');
  await page.locator('#register-email').fill('eero@example.fi');
  await page.locator('#register-password').fill(PASSWORD);
  await page.locator('#register-terms').check();
  const submit = page.locator('form button[type="submit"]');
  await page.waitForFunction(() => !(document.querySelector('form button[type="submit"]') as HTMLButtonElement).disabled);
  await submit.click();
  // Right after registration: the code sent to the number.
  await page.locator('#phone-proof-code').waitFor();
  await page.getByRole('heading', { name: 'Confirm your phone number' }).waitFor();
}

account('registers, confirms the phone with the code from the SMS, and sees the thank-you with a link to log in', async () => {
  await register(NUMBER);
  const a = auditor(page);
  await a.audit('the code step after registration');
  const outbox = await (await fetch(`${server.url}/dev/sms-outbox?to=%2B358${NUMBER}`)).json();
  // In the customer's stored language (the locale's: registration does not send the UI language).
  assert.match(outbox[0]?.text ?? '', /\b\d{6}\b/);
  await page.locator('#phone-proof-code').fill(/\b(\d{6})\b/.exec(outbox[0].text)![1]);
  await page.locator('.phone-proof button[type="submit"]').click();
  await page.locator('a.button[href="/login"]').waitFor();
  assert.match((await page.locator('body').textContent()) ?? '', 'Your phone number is confirmed');
  await a.audit('the thank-you, phone confirmed');
  assert.equal(a.findings, []);
});

account('may skip the code: the thank-you says SMS alerts stay off; the profile offers to confirm later', async () => {
  const other = `41${NUMBER.slice(2)}`;
  await register(other);
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.locator('a.button[href="/login"]').waitFor();
  assert.match((await page.locator('body').textContent()) ?? '', 'SMS alerts stay off until you confirm your phone number');
  await page.goto(`${server.url}/login?lang=en`);
  await page.locator('#login-phone').fill(`0${other}`);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.goto(`${server.url}/profile/notifications`);
  await page.locator('.phone-proof-offer').waitFor();
  assert.ok(await page.locator('#allow-sms').isDisabled());
  const a = auditor(page);
  await a.audit('notifications, phone not confirmed');
  assert.equal(a.findings, []);
  await page.goto(`${server.url}/profile`);
  await page.getByRole('button', { name: /log out/i }).click();
  await page.waitForURL(/\/home$/);
});

account('logs in, opens the profile, and a reload keeps the guarded page', async () => {
  await login(PASSWORD);
  await page.locator('nav.nav a[href="/profile"]').click();
  await page.waitForURL(/\/profile$/);
  await page.getByText('Eero').first().waitFor();
  await page.reload();
  await page.getByText('Eero').first().waitFor();
  assert.match(page.url(), /\/profile$/);
});

account('changes the e-mail', async () => {
  await page.goto(`${server.url}/profile/email`);
  await page.getByText('eero@example.fi').first().waitFor();
  await page.locator('#email-input').fill('eero.uusi@example.fi');
  await page.locator('form button[type="submit"]').click();
  await page.getByText('eero.uusi@example.fi').first().waitFor();
  // The server has it: a reload shows the new address from the profile sync.
  await page.reload();
  await page.getByText('eero.uusi@example.fi').first().waitFor();
});

account('logs out: the profile is guarded again', async () => {
  await page.goto(`${server.url}/profile`);
  await page.getByRole('button', { name: /log out/i }).click();
  await page.waitForURL(/\/home$/);
  await page.goto(`${server.url}/profile`);
  await page.waitForURL((u) => !u.pathname.startsWith('/profile'));
  assert.ok(await page.locator('nav.nav a[href="/login"]').isVisible());
});

account('recovers the password with the SMS code from the outbox, then logs in with the new one', async () => {
  await page.goto(`${server.url}/recovery?lang=en`);
  await page.locator('#recovery-phone').fill(NUMBER);
  await page.locator('form button[type="submit"]').click();
  await page.locator('#recovery-code').waitFor();
  const outbox = await (await fetch(`${server.url}/dev/sms-outbox?to=%2B358${NUMBER}`)).json();
  const code = /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1];
  assert.ok(code, `a six-digit code in ${JSON.stringify(outbox)}`);
  await page.locator('#recovery-code').fill(code!);
  await page.locator('#recovery-password').fill(NEW_PASSWORD);
  await page.locator('#recovery-repeat').fill(NEW_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('a.button[href="/login"]').waitFor();
  await login(NEW_PASSWORD);
});

account('no script errors on the way', () => {
  assert.equal(errors, []);
});

account('no content-security-policy violations on the way', () => {
  assert.equal(cspViolations, []);
});

account.run();

/**
 * Shifts planned ahead in Chromium: a customer waits at a one-barber shop behind three walk-ins, on his tracking
 * screen (390×844); the shop's console (1280×800) adds a second barber's shift from now to close on its Shifts tab,
 * and the customer's wait drops on his screen without a reload (the order's stream). A shift that overlaps the
 * barber's other one is refused in words; moving and removing the last customer's only barber is refused with the
 * number left waiting. axe-core finds nothing at either size, in English and Finnish. SHOTS=dir keeps screenshots.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, phone, startServer, watchCsp, type Server } from './browser.ts';
import { auditor } from './axe.ts';
import { openAllDay } from './staffed.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { migratedDataDir } from '../server/db-templates.ts';
import { displayName } from '../../src/shared/display-name.ts';

// Kauppakatu: one barber of its own. Open round the clock for the test, whatever the hour it runs.
const SHOP = 11;
const shots = process.env.SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const test = suite('shifts planned ahead on the console');
let server: Server;
let browser: Browser;
let dataDir: string;
/** A barber of another shop, with no shift anywhere from an hour ago to the next eleven hours. */
let free: { id: number; name: string };

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'walkin-shifts-e2e-'));
  await migratedDataDir(dataDir);
  const env = { SIMULATOR: '0', DEVELOPMENT: '0' };
  const seeding = await startServer({ ...env, DATA_DIR: dataDir });
  await seeding.stop();
  await openAllDay(dataDir, SHOP);
  const db = await openPglite(dataDir);
  try {
    const { rows } = await db.query<{ id: number; firstname: string; lastname: string }>(
      `SELECT b.id, b.firstname, b.lastname FROM barbers b JOIN shops h ON h.id = b.home_shop_id
       WHERE b.status = 'active' AND h.country = 'FI' AND b.home_shop_id <> $1 ORDER BY b.id LIMIT 1`,
      [SHOP],
    );
    free = { id: rows[0].id, name: displayName(rows[0]) };
    await db.query('DELETE FROM shifts WHERE barber_id = $1 AND ends_at > $2 AND starts_at < $3', [
      free.id,
      new Date(Date.now() - 3_600_000).toISOString(),
      new Date(Date.now() + 11 * 3_600_000).toISOString(),
    ]);
  } finally {
    await db.close();
  }
  server = await startServer({ ...env, DATA_DIR: dataDir });
  browser = await launch();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shot(p: Page, name: string) {
  if (shots) await p.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/** "1 h 35 min", "45 min" → minutes. */
function minutesOf(text: string): number {
  const h = /(\d+)\s*h/.exec(text);
  const m = /(\d+)\s*min/.exec(text);
  assert.ok(h || m, `a wait in "${text}"`);
  return Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0);
}

test("a shift added on the console moves the waiting customer's wait on his screen without a reload; refusals in words", async () => {
  const errors: string[] = [];
  const keys = JSON.parse(readFileSync(join(dataDir, 'operator-keys.json'), 'utf8')) as Record<
    string,
    { key: string; pairing_code: string }
  >;
  const menu = (await (await fetch(`${server.url}/api/fi/pobs/${SHOP}/`)).json()) as { services: { id: number }[] };
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${server.url}/api/fi/operator/pobs/${SHOP}/walk-ins/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[SHOP].key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Walk-in ${i + 1}`,
        services: [{ service_id: menu.services[0].id, amount: 1, extra_services: [] }],
        barber_id: null,
      }),
    });
    assert.is(res.status, 201, await res.text());
  }

  // The customer joins behind them and watches his wait.
  const { page: phonePage } = await phone(browser);
  phonePage.on('pageerror', (err) => errors.push(String(err)));
  await phonePage.goto(`${server.url}/welcome?lang=en`);
  await phonePage.locator('a.button[href="/login"]').click();
  await phonePage.locator('#login-phone').fill('0401000004');
  await phonePage.locator('#login-password').fill('Demo1234');
  await phonePage.locator('form button[type="submit"]').click();
  await phonePage.waitForURL(/\/home$/);
  await phonePage.goto(`${server.url}/barbershop/${SHOP}`);
  await phonePage.locator('button.service-toggle').first().click();
  await phonePage.locator('button.order-next').click();
  const confirm = phonePage.locator('.low-wait-dialog');
  const review = phonePage.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  await review.locator('button.order-send').click();
  await phonePage.waitForURL(/\/tracking$/);
  const timer = phonePage.locator('.tracking-live .timer').first();
  await timer.waitFor();
  await phonePage.waitForResponse((r) => /\/orders\/\d+\/events\/\?ticket=/.test(r.url()), { timeout: 10_000 }).catch(() => null);
  const before = minutesOf((await timer.textContent()) ?? '');
  assert.ok(before >= 60, `three haircuts ahead with one barber: ${before} min`);
  let loads = 0;
  phonePage.on('load', () => loads++);

  // The console, paired with the shop's code, on its Shifts tab.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  await watchCsp(ctx);
  const desk = await ctx.newPage();
  desk.setDefaultTimeout(10_000);
  desk.on('pageerror', (err) => errors.push(String(err)));
  const axe = auditor(desk);
  await desk.goto(`${server.url}/operator?lang=en`);
  const code = await fetch(`${server.url}/api/fi/operator/pobs/${SHOP}/pairing-codes/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[SHOP].key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'console' }),
  });
  assert.is(code.status, 201);
  await desk.getByLabel('Pairing code').fill(((await code.json()) as { code: string }).code);
  await desk.getByLabel('Device name').fill('Front desk');
  await desk.getByRole('button', { name: 'Pair', exact: true }).click();
  await desk.getByRole('link', { name: 'Shifts' }).click();
  await desk.waitForURL('**/operator/shifts');
  await desk.getByRole('heading', { name: 'Shifts planned ahead' }).waitFor();
  await axe.audit('shifts en');
  await shot(desk, 'shifts-1280x800-en');

  // Today, from the next quarter hour (the form's default) to close: the other shop's free barber.
  await desk.getByLabel('Barber').selectOption({ label: free.name });
  await desk.getByRole('button', { name: 'Add shift' }).click();
  await desk.getByText(`Shift added: ${free.name}`).waitFor();
  // His tracking screen follows over the order's stream: no reload.
  await phonePage.waitForFunction(
    (was) => {
      const text = document.querySelector('.tracking-live .timer')?.textContent ?? '';
      const h = /(\d+)\s*h/.exec(text);
      const m = /(\d+)\s*min/.exec(text);
      return (h || m) && Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0) < was;
    },
    before,
    { timeout: 10_000 },
  );
  const after = minutesOf((await timer.textContent()) ?? '');
  assert.ok(after < before, `${before} → ${after} min`);
  assert.is(loads, 0, 'no reload');
  await shot(phonePage, 'shifts-tracking-390x844');

  // The same barber again at the same time: refused in words, in the form's alert.
  await desk.getByLabel('Barber').selectOption({ label: free.name });
  await desk.getByRole('button', { name: 'Add shift' }).click();
  await desk.getByRole('alert').filter({ hasText: 'Not changed: the barber has another shift at that time.' }).waitFor();
  await axe.audit('shifts en refused');

  // Move: the new barber's shift starts an hour later (still his, still until close).
  const today = desk.locator('.op-shift-day').first();
  const mine = today.locator('li.op-shift').filter({ hasText: free.name }).first();
  await mine.getByRole('button', { name: /^Move/ }).click();
  const move = mine.getByRole('form');
  const start = move.getByLabel('Starts');
  const [hh, mm] = (await start.inputValue()).split(':').map(Number);
  const later = `${String(Math.min(hh + 1, 22)).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
  await start.fill(later);
  await move.getByRole('button', { name: 'Save' }).click();
  await desk.getByText(`Shift moved: ${free.name}`).waitFor();
  await today
    .locator('li.op-shift')
    .filter({ hasText: `${later}–` })
    .waitFor();

  // Today's shifts removed one by one: the one whose loss would leave the four waiting with no barber before close is
  // refused, with the number, and stays.
  const refusal = desk
    .getByRole('alert')
    .filter({ hasText: /^Not changed: waiting customers would be left with no barber before closing: \d+\.$/ });
  for (let i = 0; i < 10 && !(await refusal.isVisible()); i++) {
    const count = await today.locator('li.op-shift').count();
    assert.ok(count > 0, 'a refusal before the last shift is gone');
    const row = today.locator('li.op-shift').first();
    await row.getByRole('button', { name: /^Remove/ }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await desk.getByRole('dialog').waitFor({ state: 'detached' });
    for (let k = 0; k < 100; k++) {
      if ((await refusal.isVisible()) || (await today.locator('li.op-shift').count()) < count) break;
      await desk.waitForTimeout(100);
    }
  }
  await refusal.waitFor();
  assert.ok((await today.locator('li.op-shift').count()) > 0, 'the refused shift stays');
  await axe.audit('shifts en strands');
  await shot(desk, 'shifts-1280x800-strands');

  // Finnish, and a phone-sized console.
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.goto(`${server.url}/operator/shifts?lang=fi`);
  await desk.getByRole('heading', { name: 'Suunnitellut vuorot' }).waitFor();
  await axe.audit('shifts fi phone');
  await shot(desk, 'shifts-390x844-fi');

  assert.equal(axe.findings, [], JSON.stringify(axe.findings, null, 2));
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
  await ctx.close();
});

test.run();

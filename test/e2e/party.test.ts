/**
 * Come as a party and step out, on a phone at 390×844 against the real server (Kallio, no simulator): the customer
 * adds two companions on the review step (a missing name said inline first), the party of three joins, checks in
 * with one tap, one companion is taken off after a confirm, the customer steps out for 10 minutes and comes back;
 * the shop then serves the two through the operator API and the receipt in the history lists both under their
 * names. axe-core finds nothing on any new state. Screenshots to /tmp/party-*.png.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launch, phone, type Server } from './browser.ts';
import { staffedServer } from './staffed.ts';
import { auditor } from './axe.ts';

const KALLIO = 2; // the demo's round-the-clock shop
const SHOTS = process.env.SHOTS ?? '/tmp';
let server: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let axe: ReturnType<typeof auditor>;
const errors: string[] = [];

test.before(async () => {
  // Kallio open and fully staffed at any hour: a party of three fits whenever this runs.
  server = await staffedServer({ SIMULATOR: '0', DEVELOPMENT: '0' }, [KALLIO]);
  browser = await launch();
  ({ context, page } = await phone(browser, { serviceWorkers: 'block' }));
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource|tile\.openstreetmap/.test(msg.text()) && errors.push(msg.text()),
  );
  axe = auditor(page);
});

test.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function shot(name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The shop's console API with the demo's key. */
async function op<T>(path: string, body?: unknown): Promise<T> {
  const keys = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8')) as Record<string, { key: string }>;
  const res = await fetch(`${server.url}/api/fi/operator/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${keys[KALLIO].key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const person = (i: number) => page.locator('.party-person').nth(i);

test('the review: two people added, a missing name said inline, each with his own service', async () => {
  await page.goto(`${server.url}/welcome?lang=en`);
  await page.locator('a.button[href="/login"]').click();
  await page.locator('#login-phone').fill('0401000004');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/home$/);
  await page.goto(`${server.url}/barbershop/${KALLIO}`);
  await page.locator('li.service', { hasText: 'Haircut' }).first().locator('button.service-toggle').click();
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue' }).click();
  await review.waitFor();

  await review.getByRole('button', { name: 'Add a person' }).click();
  await person(0).getByRole('heading', { name: 'Person 2', exact: true }).waitFor();
  assert.ok(
    await person(0)
      .getByLabel('Name or label')
      .evaluate((el) => el === document.activeElement),
    'the new name field has the focus',
  );
  await review.getByRole('button', { name: 'Add a person' }).click();
  await person(0).locator('.party-service-toggle').first().click();
  await person(1).locator('.party-service-toggle').first().click();
  await review.locator('button.order-send').click();
  await person(0).getByText('Give a name or a label.').waitFor();
  assert.match(page.url(), /\/barbershop\/2$/, 'not sent');
  await axe.audit('the party form with a missing name');

  // A long name (the 30 characters allowed, one word or several) leaves "Remove" on one line beside it.
  const removeLines = () =>
    person(1)
      .locator('.party-remove')
      .evaluate((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
  for (const long of ['Bartholomewmaximilianalexander', 'Maximilian Bartholomew Alexand']) {
    await person(1).getByLabel('Name or label').fill(long);
    await person(1).getByRole('heading', { name: long, exact: true }).waitFor();
    assert.is(await removeLines(), 1, `"Remove" on one line beside ${long}`);
    const [head, button] = await Promise.all([person(1).locator('h4').boundingBox(), person(1).locator('.party-remove').boundingBox()]);
    assert.ok(head && button && head.x + head.width <= button.x + 1, 'the name does not run under the button');
  }
  await person(1)
    .locator('h4')
    .evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await shot('party-long-name-en');

  await person(0).getByLabel('Name or label').fill('Son');
  await person(1).getByLabel('Name or label').fill('Junior');
  await person(0).getByRole('heading', { name: 'Son', exact: true }).waitFor();
  assert.is(await person(0).locator('.field-error').count(), 0);
  assert.match((await review.locator('.review-total').textContent()) ?? '', /Total for 3 people/);
  // Before joining, from the server's quote of exactly this party: when the first starts, when the last is done.
  const times = review.locator('.party-times');
  await times.getByText('Last of you likely done').waitFor();
  assert.match((await times.textContent()) ?? '', /^First of you starts(now|in about \d+ min)Last of you likely done/);
  await axe.audit('the party form');
  await person(0)
    .locator('h4')
    .evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await shot('party-form');
});

let orderId = 0;

test('the party of three joins, and one check-in checks in everyone', async () => {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/customers\/\d+\/orders\/\?/.test(r.url()));
  await page.locator('.review-dialog button.order-send').click();
  const posted = (await answer).request().postDataJSON() as { companions: { name: string }[] };
  assert.equal(
    posted.companions.map((c) => c.name),
    ['Son', 'Junior'],
  );
  orderId = ((await (await answer).json()) as { id: number }).id;
  await page.waitForURL(/\/tracking$/);
  const party = page.locator('.tracking-party');
  await party.getByRole('heading', { name: 'Your party (3)' }).waitFor();
  assert.equal(await party.locator('.party-member strong').allTextContents(), ['You', 'Son', 'Junior']);
  await party.locator('.party-times').getByText('Last of you likely done').waitFor();
  await page.locator('.tracking-check-in').click();
  await page.locator('.tracking-checked-in').waitFor();
  const floor = await op<{ orders: { id: number; party_of?: number | null; customer_at_pob: boolean }[] }>(`pobs/${KALLIO}/queue/`);
  const ours = floor.orders.filter((o) => o.id === orderId || o.party_of === orderId);
  assert.is(ours.length, 3);
  assert.ok(
    ours.every((o) => o.customer_at_pob),
    'all three checked in',
  );
  await axe.audit('tracking a party');
  await shot('party-tracking');
});

test('one companion taken off after a confirm; the rest keep their places', async () => {
  const party = page.locator('.tracking-party');
  await party.getByRole('button', { name: 'Take off Junior' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take Junior off the queue?' });
  await dialog.waitFor();
  await axe.audit('taking a companion off');
  await dialog.getByRole('button', { name: 'Take off', exact: true }).click();
  await party.getByRole('heading', { name: 'Your party (2)' }).waitFor();
  await party.locator('.party-member', { hasText: 'Junior' }).getByText('Taken off the queue').waitFor();
  await axe.audit('a party with one taken off');
});

test('step out for 10 minutes: "Back by", then "I\'m back"', async () => {
  await page.getByRole('button', { name: 'Step out for a while' }).click();
  const choices = page.locator('.tracking-step-out-choices');
  await choices.waitFor();
  await axe.audit('how long to step out');
  await choices.getByRole('button', { name: '10 min' }).click();
  const out = page.locator('.tracking-stepped-out');
  await out.getByText(/^Stepped out\. Back by \d\d:\d\d$/).waitFor();
  assert.is(await page.locator('.tracking-check-in').count(), 0, 'no check-in while out');
  await axe.audit('stepped out');
  await shot('party-stepped-out');
  await out.getByRole('button', { name: "I'm back" }).click();
  await page.locator('.tracking-checked-in').waitFor();
  assert.is(await page.locator('.tracking-stepped-out').count(), 0);
  assert.is(await page.getByRole('button', { name: 'Step out for a while' }).count(), 0, 'once per order');
});

test('the shop serves the two; the receipt lists each under his name', async () => {
  type Floor = {
    orders: { id: number; party_of?: number | null; barber_id: number | null; status: string }[];
    barbers: { id: number; on_shift: boolean; serving: number | null }[];
  };
  // Companions first, then the customer; each on a barber made free for him.
  for (let round = 0; round < 4; round++) {
    const floor = await op<Floor>(`pobs/${KALLIO}/queue/`);
    const ours = floor.orders.filter((o) => o.id === orderId || o.party_of === orderId).sort((a, b) => b.id - a.id);
    const next = ours[0];
    if (!next) break;
    const barber = floor.barbers.find((b) => b.on_shift && (b.id === next.barber_id || next.barber_id === null)) ?? floor.barbers[0];
    if (barber.serving && barber.serving !== next.id) await op(`orders/${barber.serving}/finish/`, {});
    if (next.status !== 'in_service') await op(`orders/${next.id}/start/`, { barber_id: barber.id });
    await op(`orders/${next.id}/finish/`, {});
  }
  await page.locator('.tracking-ended').waitFor();
  await page.goto(`${server.url}/profile/history`);
  const receipt = page.locator('article.receipt').first();
  await receipt.waitFor();
  assert.equal(await receipt.locator('.receipt-person-head').allTextContents(), ['You', 'Son']);
  await axe.audit('a party receipt');
  await shot('party-receipt');
});

test('nothing found, no errors, no CSP violation', () => {
  for (const f of axe.findings) console.log(`  ${f.state}: ${f.rule} (${f.impact})\n    ${f.nodes.slice(0, 3).join('\n    ')}`);
  assert.equal(
    axe.findings.map((f) => `${f.state}: ${f.rule}`),
    [],
  );
  assert.equal(errors, []);
  assert.equal(cspViolations, []);
});

test.run();

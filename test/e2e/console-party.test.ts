/**
 * The console's party and step-out views in Chromium at 1280×800 against the real server (Kallio, no simulator):
 * a customer joins with two companions and checks in, another checks in and steps out for 10 minutes, both through
 * the customer API. The console shows "Olli O. + 2" as one card with a row per person and the other as stepped out
 * with the no-show waiting for its time; a companion is started and finished on his own row, one taken off leaves
 * the floor, and once the companion is done the customer waits as an order of his own; the display shows the party
 * on one line and the step-out as away. axe-core finds nothing on any of them. Screenshots to /tmp/console-party*.png
 * (SHOTS=dir elsewhere).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, phone, watchCsp } from './browser.ts';
import { staffAllDay } from './staffed.ts';
import { type DemoServer, demoServer } from './demo-shop.ts';
import { auditor } from './axe.ts';

const KALLIO = 2;
const SHOTS = process.env.SHOTS ?? '/tmp';
let server: DemoServer;
let browser: Browser;
let page: Page;
let axe: ReturnType<typeof auditor>;
const errors: string[] = [];

test.before(async () => {
  // Kallio open and fully staffed at any hour: a party of three fits whenever this runs.
  server = await demoServer((db, now) => staffAllDay(db, KALLIO, now));
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  await watchCsp(ctx);
  page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => errors.push(String(err)));
  axe = auditor(page);
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(path: string, method: string, body: unknown, token?: string) => server.api<T>(path, method, body, token);

type Customer = { id: number; token: string; order: number };
async function joinAs(phone: string, body: Record<string, unknown>): Promise<Customer> {
  const c = await server.customer(phone);
  const order = await api<{ id: number }>(`/customers/${c.id}/orders/`, 'POST', { pob_id: KALLIO, ...body }, c.token);
  await api(`/customers/${c.id}/orders/${order.id}/`, 'PATCH', { customer_at_pob: true }, c.token);
  return { ...c, order: order.id };
}
const patch = (c: Customer, body: unknown) => api(`/customers/${c.id}/orders/${c.order}/`, 'PATCH', body, c.token);

async function shot(name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

let olli: Customer;
let sami: Customer;

test('a party of three and one who stepped out: one card with a row per person, the no-show waits for its time', async () => {
  const menu = await api<{ services: { id: number }[] }>(`/pobs/${KALLIO}/`, 'GET', undefined);
  const item = (i: number) => [{ amount: 1, service_id: menu.services[i].id }];
  olli = await joinAs('+358401000004', {
    items: item(0),
    companions: [
      { name: 'Son', items: item(1), barber_id: null },
      { name: 'Junior', items: item(1), barber_id: null },
    ],
  });
  sami = await joinAs('+358401000001', { items: item(0) });
  await patch(sami, { step_out_minutes: 10 });

  await server.pair(page, server.keys()[KALLIO].pairing_code);

  const party = page.locator(`[data-party="${olli.order}"]`);
  await party.getByRole('heading', { name: /^Olli O\. \+ 2/ }).waitFor();
  assert.equal(await party.locator('h4').allTextContents(), ['Olli O.', 'Son', 'Junior']);
  const away = page.locator(`[data-order="${sami.order}"]`);
  await away.getByText(/^Stepped out until \d\d:\d\d$/).waitFor();
  const noShow = away.getByRole('button', { name: 'No-show' });
  assert.ok(await noShow.isDisabled(), 'no no-show before no_show_from');
  assert.match((await away.locator('.op-reason').textContent()) ?? '', /^No-show possible from \d\d:\d\d$/);
  assert.match((await noShow.getAttribute('aria-describedby')) ?? '', /.+/);
  await axe.audit('floor with a party and a step-out');
  await shot('console-party');
  await away.scrollIntoViewIfNeeded();
  await shot('console-party-stepped-out');
  await page.evaluate(() => window.scrollTo(0, 0));
});

test('a companion is started on his own row and shown with his party on the barber; one taken off leaves the floor', async () => {
  const party = page.locator(`[data-party="${olli.order}"]`);
  const son = party.locator('[data-order]', { has: page.getByRole('heading', { name: 'Son', exact: true }) });
  await son.getByRole('button', { name: 'Start' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Son (Olli O. + 2)' });
  await dialog.waitFor();
  await axe.audit('start a companion');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.locator('[data-barber]', { hasText: 'Serving Son (Olli O. + 2)' }).waitFor();
  await son.getByText(/^In service with /).waitFor();
  await axe.audit('a companion in service');
  await shot('console-party-started');

  // The customer takes Junior off from his phone: the console's stream drops him.
  await patch(olli, { cancel: true, person: 2 });
  await party.getByRole('heading', { name: /^Olli O\. \+ 1/ }).waitFor();
  assert.equal(await party.locator('h4').allTextContents(), ['Olli O.', 'Son']);
});

test('the display: the party on one line, the step-out away', async () => {
  await page.getByRole('link', { name: 'Display' }).click();
  await page.getByRole('heading', { name: 'In the queue' }).waitFor();
  const queue = page.locator('section[aria-labelledby="op-next"]');
  await queue.getByText(/^Olli O\. \+ 1$/).waitFor();
  await queue.getByText(/^away until \d\d:\d\d$/).waitFor();
  await page.getByText(/^Son \(Olli O\. \+ 1\) with /).waitFor();
  await axe.audit('display with a party and a step-out');
  await shot('console-party-display');
});

test('the companion is finished on his own row; then the customer waits alone', async () => {
  await page.getByRole('link', { name: 'Back to the console' }).click();
  const party = page.locator(`[data-party="${olli.order}"]`);
  const son = party.locator('[data-order]', { has: page.getByRole('heading', { name: 'Son', exact: true }) });
  await son.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog', { name: 'Is Son (Olli O. + 1) done?' }).getByRole('button', { name: 'Finish' }).click();
  await page.getByText('Son (Olli O. + 1) is done; the receipt is written.').waitFor();
  // The people still open make the party: Olli alone is an order of his own again.
  await party.waitFor({ state: 'detached' });
  await page.locator(`[data-order="${olli.order}"]`, { hasText: 'Olli O.' }).waitFor();
});

test('one who stepped out is back: the desk checks him in again and he is no longer away', async () => {
  const away = page.locator(`[data-order="${sami.order}"]`);
  await away.getByRole('button', { name: 'Back in the shop' }).click();
  await page.getByText('Sami H. is back in the shop.').waitFor();
  await away.getByText('Checked in', { exact: true }).waitFor();
  assert.is(await away.getByText(/^Stepped out until/).count(), 0);
  assert.ok(await away.getByRole('button', { name: 'No-show' }).isEnabled());
  await axe.audit('back in the shop');
});

test("a party checked in at once (one tap, confirmed) shows on the customer's tracking; undone within 2 minutes", async () => {
  const menu = await api<{ services: { id: number }[] }>(`/pobs/${KALLIO}/`, 'GET', undefined);
  const login = await server.customer('+358401000002');
  const order = await api<{ id: number }>(
    `/customers/${login.id}/orders/`,
    'POST',
    {
      pob_id: KALLIO,
      items: [{ amount: 1, service_id: menu.services[0].id }],
      companions: [{ name: 'Kid', items: [{ amount: 1, service_id: menu.services[1].id }] }],
    },
    login.token,
  );
  // His tracking on his phone: not checked in yet.
  const { context, page: phonePage } = await phone(browser);
  phonePage.on('pageerror', (err) => errors.push(String(err)));
  await server.signIn(phonePage, '0401000002');
  // With an order waiting, the app opens his tracking.
  await phonePage.waitForURL(/\/tracking$/);
  const here = phonePage.locator('button.tracking-check-in');
  await here.waitFor();

  // The desk: one tap on the party's card, one confirmation.
  const party = page.locator(`[data-party="${order.id}"]`);
  await party.getByRole('button', { name: 'Check in all 2' }).click();
  const dialog = page.getByRole('dialog', { name: /^Check in all 2 of .+ \+ 1\?$/ });
  await dialog.waitFor();
  await axe.audit('check in a whole party');
  await shot('console-party-check-in-all-confirm');
  await dialog.getByRole('button', { name: 'Check in all 2' }).click();
  await page.getByText(/^.+ \+ 1: everyone is checked in\.$/).waitFor();
  assert.is(await party.getByText('Checked in', { exact: true }).count(), 2);
  const undo = page.locator('.op-undo');
  await undo.getByText(/Undo until \d\d:\d\d\.$/).waitFor();
  await axe.audit('a whole party checked in, with its undo');
  await shot('console-party-check-in-all');
  // His tracking follows without a reload.
  await phonePage.locator('.tracking-checked-in').waitFor();
  assert.is(await here.count(), 0);

  await undo.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Undone.', { exact: true }).waitFor();
  await undo.waitFor({ state: 'detached' });
  await here.waitFor();
  assert.is(await party.getByText('Checked in', { exact: true }).count(), 0);

  // The desk changes the customer's services: "Change" opens with his service ticked and his barber (anyone) chosen;
  // one tap off and one on replace it, and his row follows.
  const en = await api<{ services: { id: number; title: string }[] }>(`/pobs/${KALLIO}/?lang=en`, 'GET', undefined);
  const his = en.services.find((s) => s.id === menu.services[0].id)!.title;
  assert.is.not(his, 'Buzz cut');
  const head = party.locator(`[data-order="${order.id}"]`);
  await head.getByRole('button', { name: 'Change' }).click();
  const change = page.getByRole('dialog', { name: /^Change .+'s order$/ });
  const ticked = change.getByLabel(his, { exact: true });
  await ticked.waitFor();
  assert.ok(await ticked.isChecked(), `his ${his} is ticked`);
  assert.not.ok(await change.getByLabel('Buzz cut', { exact: true }).isChecked());
  assert.is(await change.getByLabel('Barber', { exact: true }).inputValue(), '', 'anyone, as he chose');
  await ticked.uncheck();
  await change.getByLabel('Buzz cut', { exact: true }).check();
  await axe.audit('change an order at the desk');
  await shot('console-change-order');
  await change.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/^.+'s order is changed\.$/).waitFor();
  await head.getByText('Buzz cut', { exact: true }).waitFor();
  assert.is(await head.getByText(his, { exact: true }).count(), 0, `${his} replaced`);
  await context.close();
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

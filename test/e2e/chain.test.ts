/**
 * The chain owner's screen in Chromium: a browser paired with an owner's code (made on the server's machine through
 * the loopback route, as `npm run owner-key` does) gets /operator/chain, one row per shop of the demo; at 1280×800
 * and 390×844, in Finnish and English, axe-core finds nothing. Sorting says its order; a walk-in added at a shop
 * moves its row without a reload (the chain stream); a row opens the shop's floor read-only. SHOTS=dir keeps
 * screenshots.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, startServer, watchCsp, cspViolations, type Server } from './browser.ts';
import { auditor } from './axe.ts';

const KALLIO = 2;
const SIZES = [
  { name: 'desk', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const shots = process.env.SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const test = suite("the chain owner's screen");
let server: Server;
let browser: Browser;
const errors: string[] = [];

/** An owner's pairing code, asked of the running server as the script asks it. */
async function ownerCode(): Promise<string> {
  const admin = JSON.parse(readFileSync(join(server.dataDir, 'local-admin.json'), 'utf8')) as { port: number; token: string };
  const res = await fetch(`http://127.0.0.1:${admin.port}/api/fi/operator/local/owner/pairing-codes/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  assert.is(res.status, 201);
  return ((await res.json()) as { code: string }).code;
}

async function shot(p: Page, name: string) {
  if (!shots) return;
  await p.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

test.before(async () => {
  server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0' });
  browser = await launch();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test('paired with an owner code: every shop, live, sortable, read-only floors; axe-clean at both sizes in Finnish and English', async () => {
  const shops = (await (await fetch(`${server.url}/api/fi/pobs/`)).json()) as { id: number; name: string }[];
  const shopKey = JSON.parse(readFileSync(join(server.dataDir, 'operator-keys.json'), 'utf8'))[KALLIO].key as string;
  for (const size of SIZES) {
    const ctx = await browser.newContext({ viewport: size, locale: 'en-US', serviceWorkers: 'block' });
    await watchCsp(ctx);
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (err) => errors.push(String(err)));
    const axe = auditor(page);

    await page.goto(`${server.url}/operator?lang=en`);
    await page.getByLabel('Pairing code').fill(await ownerCode());
    await page.getByLabel('Device name').fill(`Owner ${size.name}`);
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    const table = page.locator('.op-chain-table');
    await table.waitFor();
    // One row per shop of the chain, every country's: the Finnish ones among them.
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-shop'))));
    assert.is(new Set(rows).size, rows.length, 'one row per shop');
    for (const s of shops) assert.ok(rows.includes(s.id), `${s.name} has its row`);
    await page.getByText('Live', { exact: true }).waitFor();
    await axe.audit(`${size.name} en`);
    await shot(page, `chain-${size.name}-en`);

    // Sorted by the shop's name, then back: the header says the order.
    const nameHeader = page.locator('thead th').first();
    await page.getByRole('button', { name: 'Shop' }).click();
    assert.is(await nameHeader.getAttribute('aria-sort'), 'ascending');
    const names = await table.locator('tbody th a').allTextContents();
    assert.equal(
      names,
      [...names].sort((a, b) => a.localeCompare(b)),
    );
    await page.getByRole('button', { name: 'Shop' }).click();
    assert.is(await nameHeader.getAttribute('aria-sort'), 'descending');

    // A walk-in at Kallio: its row follows without a reload.
    const kallio = table.locator(`tr[data-shop="${KALLIO}"] td`).nth(2);
    const before = await kallio.textContent();
    const menu = (await (await fetch(`${server.url}/api/fi/pobs/${KALLIO}/`)).json()) as { services: { id: number }[] };
    const added = await fetch(`${server.url}/api/fi/operator/pobs/${KALLIO}/walk-ins/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Chain ${size.name}`,
        services: [{ service_id: menu.services[0].id, amount: 1, extra_services: [] }],
        barber_id: null,
      }),
    });
    assert.is(added.status, 201, await added.text());
    await page.waitForFunction(([sel, was]) => document.querySelector(sel)?.textContent !== was, [
      `tr[data-shop="${KALLIO}"] td:nth-of-type(3)`,
      before,
    ] as const);

    // Finnish: the same screen in the other language, as clean.
    await page.goto(`${server.url}/operator/chain?lang=fi`);
    await page.getByRole('columnheader', { name: 'Liike' }).waitFor();
    await page.getByText('Päivittyy suoraan').waitFor();
    await axe.audit(`${size.name} fi`);
    await shot(page, `chain-${size.name}-fi`);

    // A row opens the shop's floor, read-only: no action of the floor is offered.
    await page.locator(`tr[data-shop="${KALLIO}"] th a`).click();
    await page.waitForURL(`**/operator/chain/${KALLIO}`);
    await page.getByText('Vain luku').waitFor();
    await page.locator('.op-main').first().waitFor();
    await page.getByRole('heading', { level: 1, name: shops.find((s) => s.id === KALLIO)!.name }).waitFor();
    assert.is(await page.getByRole('button', { name: /asiakas|Lisää/i }).count(), 0, 'no floor action');
    await axe.audit(`${size.name} fi shop`);
    await shot(page, `chain-${size.name}-fi-shop`);

    assert.equal(axe.findings, [], JSON.stringify(axe.findings, null, 2));
    assert.equal(cspViolations, []);
    await ctx.close();
  }
  assert.equal(errors, []);
});

test.run();

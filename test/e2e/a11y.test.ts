/**
 * Accessibility at 390×844: axe-core's WCAG 2.0/2.1/2.2 A and AA rules over every screen in its
 * states (guest and logged in, dialogs and overlays open, form errors shown, the wait timer in each colour class,
 * selected and not) find nothing; and a keyboard-only join, Tab, Space and Enter, from the shop page to tracking.
 * One server, one browser, one page per customer.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launch, phone, startServer, type Server } from './browser.ts';
import { AXE_VERSION, auditor } from './axe.ts';

const KALLIO = 2; // the demo's round-the-clock shop
// One wait in each of the timer's colour classes (lib/timer.ts): 0, 5+, 15+, 30+, 60+.
const WAITS = [0, 7, 20, 45, 75];

const a11y = suite('accessibility: axe-core over every screen and state');
let server: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let axe: ReturnType<typeof auditor>;
const errors: string[] = [];

async function newCustomerPage() {
  await context?.close();
  // Without the service worker every API answer passes page.route (the worker's own fetches would not).
  ({ context, page } = await phone(browser, { serviceWorkers: 'block' }));
  page.setDefaultTimeout(10_000);
  // The shop's live stream would replace the waits of every class below with the real ones whenever the shop
  // changes (a shift ending, say); without it the page refreshes through the routed reads instead.
  await page.route(/\/pobs\/\d+\/events\//, (route) => route.abort());
  page.on('pageerror', (err) => errors.push(String(err)));
  axe = axe ? Object.assign(auditor(page), { audited: axe.audited, findings: axe.findings }) : auditor(page);
}
const audit = (state: string) => axe.audit(state);

/** Shop lists and Kallio's page answer with one wait of each colour class, as a busy day would. */
async function waitsOfEveryClass(route: Route) {
  const res = await route.fetch();
  const body = await res.json();
  if (Array.isArray(body)) {
    body.forEach((shop, i) => {
      for (const e of shop.service_time_estimates ?? []) e.wait_time = WAITS[i % WAITS.length];
    });
  } else if (body?.id === KALLIO && Array.isArray(body.queues) && body.queues.length > 0) {
    const template = body.queues[0];
    body.queues = [
      ...WAITS.map((wait_time, i) => ({
        ...template,
        barber: { ...template.barber, id: template.barber.id + i * 1000, name: `Barber ${i + 1}` },
        wait_time,
        queue_open: true,
      })),
      { ...template, barber: { ...template.barber, id: template.barber.id + 9000, name: 'Closed queue' }, queue_open: false },
    ];
  }
  await route.fulfill({ response: res, json: body });
}

/**
 * Opens a screen. Once the app runs on the page it goes there the way its own links do (history and popstate),
 * which keeps axe loaded and spares a start of the app per screen; a query string needs a real load.
 */
const go = async (path: string, ready: string) => {
  const running = page.url().startsWith(server.url) && (await page.evaluate(() => 'axe' in window));
  if (running && !path.includes('?')) {
    await page.evaluate(async (to) => {
      const index = ((history.state as { index?: number } | null)?.index ?? 0) + 1;
      history.pushState({ index }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: { index } }));
      // Two frames: React has committed the new route, or marked the screen still shown busy while the new one's
      // code comes (then `ready` could match the screen that was there: the bonus screen has an e-mail field too).
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, path);
    await page.waitForFunction(() => !document.querySelector('main[aria-busy="true"]'));
  } else {
    await page.goto(`${server.url}${path}`);
  }
  await page.locator(ready).first().waitFor();
};

/** Every text field of the form gets a value it refuses, then loses focus: the form shows its errors. */
async function showFormErrors() {
  const fields = page.locator('form input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])');
  for (let i = 0; i < (await fields.count()); i++) {
    await fields.nth(i).fill('1');
    await fields.nth(i).press('Tab');
  }
  await page.locator('[aria-invalid="true"]').first().waitFor();
}

async function logIn(phoneNumber: string) {
  await go('/login?lang=en', '#login-phone');
  await page.locator('#login-phone').fill(phoneNumber);
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/(home|tracking)$/);
}

a11y.before(async () => {
  // The screens are audited on waits this test injects through page.route, which only the app's own reads pass:
  // the plain shell, so no page arrives with its data (first-screen.test.ts checks the pages the server renders).
  server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0', RENDER_PAGES: '0' });
  browser = await launch();
  await newCustomerPage();
});

a11y.after(async () => {
  // A shop list poll may be passing through a route when the browser closes.
  await page?.unrouteAll({ behavior: 'ignoreErrors' });
  await browser?.close();
  await server?.stop();
});

a11y('guest: welcome, tutorial, home with every wait class, map, search without results', async () => {
  await go('/welcome?lang=en', '.welcome-dot');
  await audit('welcome, first slide');
  await page.locator('.welcome-dot').nth(1).click();
  await audit('welcome, second slide');
  await page.locator('.welcome-actions a.primary').click();
  await page.locator('.tutorial, [role="dialog"]').first().waitFor();
  await audit('welcome, tutorial overlay');
  // The shop reads only: a stream (…/events/) never ends, so it is never fetched through the route.
  await page.route(/\/api\/fi\/pobs\/(\d+\/)?(\?.*)?$/, waitsOfEveryClass);
  await go('/home?lang=en', '.shop-card-name');
  await audit('home (guest), shop cards with waits of every class');
  await page.locator('button.home-map').click();
  await page.locator('[role="dialog"]').first().waitFor();
  await audit('home, map overlay open');
  await page.keyboard.press('Escape');
  await page.locator('input[type="search"]').fill('zzzz');
  await page.waitForFunction(() => document.querySelectorAll('.shop-card-name').length === 0);
  await audit('home, search without results');
});

a11y('guest: a shop page, each barber selected, a service chosen, the login dialog with its errors', async () => {
  await go(`/barbershop/${KALLIO}?lang=en`, 'button.service-toggle');
  await audit('shop page, Anyone selected');
  for (let i = 0; i < WAITS.length; i++) {
    await page.locator('label.barber-option', { hasText: `Barber ${i + 1}` }).click();
    await audit(`shop page, barber with a ${WAITS[i]} min wait selected`);
  }
  await page.locator('button.service-toggle').first().click();
  await audit('shop page, a service selected');
  await page.locator('button.order-next').click();
  const dialog = page.locator('.login-dialog');
  await dialog.waitFor();
  await audit('shop page, login dialog open');
  await dialog.locator('input[type="tel"]').fill('0401000001');
  await dialog.locator('input[type="password"]').fill('Wrong-Pass1');
  await dialog.locator('button[type="submit"]').click();
  await dialog.locator('.form-errors').waitFor();
  await audit('shop page, login dialog, login refused');
  await page.keyboard.press('Escape');
});

a11y('guest: barbers, a barber, login, register, recovery, language, not found', async () => {
  await go('/barbers?lang=en', '.barber-card, article');
  await audit('barbers');
  await go('/barbers/7?lang=en', 'h1');
  await audit('barber');
  await go('/login?lang=en', '#login-phone');
  await audit('login');
  await page.locator('#login-phone').fill('0401000001');
  await page.locator('#login-password').fill('Wrong-Pass1');
  await page.locator('form button[type="submit"]').click();
  await page.locator('.form-errors').waitFor();
  await audit('login refused by the server');
  await page.locator('button[aria-controls="login-cookies"]').click();
  await audit('login, cookie settings open');
  await go('/register?lang=en', 'form');
  await audit('register');
  await showFormErrors();
  await audit('register with errors');
  await go('/recovery?lang=en', 'form');
  await audit('recovery');
  await page.locator('#recovery-phone').fill('12');
  await page.locator('form button[type="submit"]').click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await audit('recovery, phone number refused');
  await page.locator('#recovery-phone').fill('0401000004');
  await page.locator('form button[type="submit"]').click();
  await page.locator('#recovery-code').waitFor();
  await audit('recovery, code step');
  await showFormErrors();
  await audit('recovery, code step with errors');
  await go('/profile/language?lang=en', 'h1');
  await audit('language');
  await go('/no-such-page?lang=en', 'h1');
  await audit('not found');
});

a11y('logged in: home, profile and every profile page, forms with errors', async () => {
  await logIn('0401000002');
  await go('/home', '.shop-card-name');
  await audit('home (logged in)');
  await go('/profile', 'h1');
  await audit('profile');
  for (const [path, state] of [
    ['/profile/messages', 'messages'],
    ['/profile/email-permission', 'e-mail permission'],
    ['/profile/credits', 'credits'],
    ['/profile/notifications', 'notifications'],
    ['/profile/history', 'order history'],
    ['/bonus', 'bonus'],
  ]) {
    await go(path, 'h1');
    await page.waitForFunction(() => !document.querySelector('.skeleton, [aria-busy="true"]'));
    await audit(state);
  }
  await go('/profile/email', 'input[type="email"]');
  await audit('e-mail');
  await showFormErrors();
  await audit('e-mail with errors');
  await go('/profile/name', '#name-firstname');
  await audit('name');
  await page.locator('#name-firstname').fill(' ');
  await page.locator('#name-firstname').press('Tab');
  await page.locator('#name-firstname[aria-invalid="true"]').waitFor();
  await audit('name with errors');
  await go('/profile/password', 'form');
  await audit('password');
  await showFormErrors();
  await audit('password with errors');
});

a11y('logged in: the join dialogs, tracking, its receipt and the leave dialog', async () => {
  await go(`/barbershop/${KALLIO}`, 'button.service-toggle');
  // The service chosen as a guest (above) is still chosen once logged in: the order draft keeps it for the session.
  assert.is(await page.locator('button.service-toggle').first().getAttribute('aria-pressed'), 'true', "the guest's choice kept");
  // So is the barber picked then, one of the waits this test made up: the join goes to anyone.
  await page.locator('label.barber-option').first().click();
  await page.locator('button.order-next').click();
  const confirm = page.locator('.low-wait-dialog');
  const review = page.locator('.review-dialog');
  await confirm.or(review).first().waitFor();
  if (await confirm.isVisible()) {
    await audit('shop page, short-wait confirmation');
    await confirm.getByRole('button', { name: 'Continue' }).click();
  }
  await review.waitFor();
  await audit('shop page, order review');
  // An arrival picked (30 min or more), with "leave now" when the wait is no longer than that.
  await review.locator('.eta-option', { hasText: '30 min or more' }).click();
  await audit('shop page, order review, an arrival picked');
  await review.locator('button.order-send').click();
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-live .timer').waitFor();
  await audit('tracking');
  await page.locator('button.tracking-late').click();
  await page.locator('.tracking-late-choices').waitFor();
  await audit('tracking, "Running late?" choices open');
  await page.locator('button.tracking-late-cancel').click();
  await page.locator('.tracking-receipt button, button[aria-controls*="receipt"]').first().click();
  await audit('tracking, receipt open');
  await go('/receipt', 'h1');
  await audit('receipt');
  await go('/tracking', '.tracking-check-in');
  await page.locator('.tracking-check-in').click();
  await page.locator('.tracking-checked-in').waitFor();
  await audit('tracking, checked in');
  await page.locator('button.tracking-leave').click();
  await page.getByRole('dialog', { name: 'Leave the queue?' }).waitFor();
  await audit('tracking, leave dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
});

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
async function tabTo(selector: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
const focusIn = (selector: string) => page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
const focused = (selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

a11y('keyboard only: a join from the shop page to tracking, focus into each dialog and back when it closes', async () => {
  await go(`/barbershop/${KALLIO}`, 'button.service-toggle');
  await tabTo('button.service-toggle');
  await page.keyboard.press('Space');
  assert.is(await page.locator('button.service-toggle').first().getAttribute('aria-pressed'), 'true', 'Space chose the service');
  await tabTo('button.order-next');
  await page.keyboard.press('Enter');
  const dialog = page.locator('[role="dialog"]');
  await dialog.first().waitFor();
  assert.ok(await focusIn('[role="dialog"]'), 'focus moved into the dialog');
  await page.keyboard.press('Escape');
  await dialog.first().waitFor({ state: 'detached' });
  assert.ok(await focused('button.order-next'), 'focus back on Next when the dialog closes');
  await page.keyboard.press('Enter');
  await dialog.first().waitFor();
  if (await page.locator('.low-wait-dialog').isVisible()) {
    assert.ok(await focusIn('.low-wait-dialog'));
    await tabTo('.low-wait-dialog button.primary');
    await page.keyboard.press('Enter');
  }
  const review = page.locator('.review-dialog');
  await review.waitFor();
  assert.ok(await focusIn('.review-dialog'), 'focus moved into the review');
  await tabTo('button.order-send');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/tracking$/);
  await page.locator('.tracking-live .timer').waitFor();
  // Leaving by keyboard too: the confirm takes focus and gives it back on cancel.
  await tabTo('button.tracking-leave');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  assert.ok(await focusIn('[role="dialog"]'), 'focus moved into the leave dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.ok(await focused('button.tracking-leave'), 'focus back on Leave');
});

a11y("a screen that fails to render shows 'Woops! Something went wrong.' with a way home, and our server hears of it", async () => {
  // A shop whose name is not text cannot be rendered (an object as a React child): the screen's boundary takes over.
  await page.route(/\/api\/fi\/pobs\/3\/?(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), name: { broken: true } } });
  });
  await go('/barbershop/3', '.screen-error');
  assert.is((await page.locator('.screen-error h1').textContent())?.trim(), 'Woops! Something went wrong.');
  await audit('a screen that failed to render');
  // The page going to the background sends the batch at once (else it leaves within seconds).
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  for (let i = 0; i < 100 && !server.log().includes('"client error"'); i++) await new Promise((r) => setTimeout(r, 100));
  const line = server
    .log()
    .split('\n')
    .find((l) => l.includes('"client error"'));
  assert.ok(line, 'the server logged the report');
  const report = JSON.parse(line!).clientEvent;
  assert.is(report.name, 'render');
  assert.is(report.route, '/barbershop/3');
  // Production React names its errors by number: #31 is "Objects are not valid as a React child".
  assert.match(report.message, /React error #31\b/);
  await page.locator('.screen-error a[href="/home"]').click();
  await page.locator('.shop-card-name').first().waitFor();
});

a11y('axe finds nothing', () => {
  const rules = new Set(axe.findings.map((f) => f.rule));
  console.log(
    `axe-core ${AXE_VERSION}: ${axe.audited.length} screens and states audited, ${axe.findings.length} violations (${[...rules].join(', ') || 'none'})`,
  );
  for (const f of axe.findings) console.log(`  ${f.state}: ${f.rule} (${f.impact})\n    ${f.nodes.slice(0, 3).join('\n    ')}`);
  assert.ok(axe.audited.length >= 40, `audited ${axe.audited.length}`);
  assert.equal(
    axe.findings.map((f) => `${f.state}: ${f.rule}`),
    [],
  );
});

a11y('no script errors on the way', () => {
  assert.equal(errors, []);
});

a11y.run();

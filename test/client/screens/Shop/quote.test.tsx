/**
 * One answer per person on the shop page (docs/decisions.md, "One answer per person"): the review shows the server's
 * quote for exactly what it will send (never a shop-level figure), asks again when the queue changes, and when the
 * wait has left the window shown by the time he presses Join it says so and sends nothing until he confirms again;
 * the headline and the barber chips are the viewer's own (his priority); every time of day is the shop's, with the
 * phone on UTC and the shop in Helsinki.
 */
// The phone's clock is on UTC; the shop (FI) is in Helsinki.
process.env.TZ = 'UTC';
import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../../dom.ts';
import { goldMembership, stubFetch, wireProfile, type Call } from '../../account-fetch.ts';
import type { WireOrder, WireOrderInput } from '../../../../src/shared/wire-order.ts';
import type { WirePobDetail } from '../../../../src/shared/wire.ts';
import { pob, quoteReply } from '../../queue-fixtures.ts';
import Shop from '../../../../src/client/screens/Shop/index.tsx';
import { loc } from '../../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../../src/client/state/account.ts';
import { reset as resetGeo } from '../../../../src/client/state/geo.ts';
import { locale, setLanguage } from '../../../../src/client/state/i18n.ts';
import { reset as resetNotices } from '../../../../src/client/state/notices.ts';
import * as order from '../../../../src/client/state/order.ts';
import { profile, reset as resetSession, user } from '../../../../src/client/state/session.ts';
import { reset as resetPage } from '../../../../src/client/state/shop-page.ts';
import { reset as resetShops, showShop } from '../../../../src/client/state/shops.ts';
import * as tracking from '../../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const MIN = 60_000;
const JOIN = 'POST /customers/7/orders/';
const QUOTE = 'POST /customers/7/quote/';
const placed = (over: Partial<WireOrder> = {}): Partial<WireOrder> => ({ id: 41, status: 'active', queue: 66, ahead: 2, ...over });
const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const toggle = (el: Element, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('button.service-toggle')].find((b) => text(b).includes(title)) ?? null;
const option = (review: Element, label: string) =>
  [...review.querySelectorAll<HTMLLabelElement>('.eta-option')].find((l) => text(l).includes(label))?.querySelector('input') ?? null;
const joins = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/customers/7/orders/');
const quotes = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/customers/7/quote/');
const helsinki = (at: number) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' }).format(at);
const phone = (at: number) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(at);

/** A Gold member at Kallio where a one-time customer waits 27 and a Gold member 0 ("Now") by the shop's figures. */
const kallio = (over: Partial<WirePobDetail> = {}) =>
  pob({
    service_time_estimates: [
      { priority: 0, wait_time: 27, wait_low: 20, wait_high: 40 },
      { priority: 1, wait_time: 10, wait_low: 5, wait_high: 20 },
      { priority: 2, wait_time: 0, wait_low: 0, wait_high: 9 },
      { priority: 3, wait_time: 0, wait_low: 0, wait_high: 9 },
    ],
    shortest_queue: 27,
    queues: [
      {
        barber: { id: 7, name: 'Mikko K.', image: null },
        wait_time: 44,
        wait_low: 35,
        wait_high: 60,
        queue_open: true,
        waits: [
          { priority: 0, wait_time: 44, wait_low: 35, wait_high: 60 },
          { priority: 1, wait_time: 30, wait_low: 20, wait_high: 40 },
          { priority: 2, wait_time: 12, wait_low: 5, wait_high: 20 },
          { priority: 3, wait_time: 6, wait_low: 0, wait_high: 15 },
        ],
      },
      {
        barber: { id: 8, name: 'Jari L.', image: null },
        wait_time: 27,
        wait_low: 20,
        wait_high: 40,
        queue_open: true,
        waits: [
          { priority: 0, wait_time: 27, wait_low: 20, wait_high: 40 },
          { priority: 1, wait_time: 10, wait_low: 5, wait_high: 20 },
          { priority: 2, wait_time: 2, wait_low: 0, wait_high: 9 },
          { priority: 3, wait_time: 2, wait_low: 0, wait_high: 9 },
        ],
      },
    ],
    ...over,
  });

async function page(routes: Parameters<typeof stubFetch>[0] = {}, membership: typeof goldMembership | null = goldMembership) {
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ membership });
  history.replaceState(null, '', '/barbershop/2');
  loc.value = { path: '/barbershop/2', search: '', direction: 'none' };
  const f = stubFetch({ 'GET /pobs/2/': { body: kallio() }, [JOIN]: { status: 201, body: placed() }, ...routes });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  return { el, f };
}

async function review(routes: Parameters<typeof stubFetch>[0] = {}) {
  const { el, f } = await page(routes);
  await fire.click(toggle(el, 'Haircut'));
  await fire.click(el.querySelector('.order-next'));
  // The dialogs' code is asked for with the first service picked.
  await waitFor(() => el.querySelector('.review-dialog, .low-wait-dialog') !== null);
  await settle(5);
  // The headline's figure for a Gold member in the shop is under 5 minutes: the low-wait confirm comes first.
  const low = el.querySelector('.low-wait-dialog');
  if (low) {
    await fire.click(button(low, 'Continue'));
    await settle(5);
  }
  return { el, f, dialog: el.querySelector('.review-dialog')! };
}

const reviewWait = (dialog: Element) => text(dialog.querySelector('.review-facts div:nth-child(3) dd'));

test.after.each(async () => {
  await cleanup();
  order.reset();
  tracking.reset();
  resetShops();
  resetPage();
  resetSession();
  resetAccount();
  resetGeo();
  resetNotices();
});

test("the review shows the quote for him, never the shop's figure: a Gold member on his way is told 66 min, not 'Now… Leave now'", async () => {
  const { f, dialog } = await review({ [QUOTE]: quoteReply({ wait: 66, low: 55, high: 80 }) });
  await fire.click(option(dialog, 'About 20 min'));
  await settle(5);
  assert.ok(reviewWait(dialog).includes('66'), reviewWait(dialog));
  assert.not.ok(reviewWait(dialog).includes('Now'), reviewWait(dialog));
  assert.is(text(dialog.querySelector('.wait-window')), 'usually 55–80 min');
  const leave = text(dialog.querySelector('.eta-leave-now'));
  assert.not.ok(leave.includes('Leave now'), leave);
  // Leaving in 35 minutes with a 20-minute trip he is there at 55, the window's low end; in Helsinki's time.
  const at = Date.now() + 35 * MIN;
  assert.ok([helsinki(at - MIN), helsinki(at)].map((t) => `Leave by ${t}`).includes(leave), leave);
  assert.not.ok([phone(at - MIN), phone(at)].map((t) => `Leave by ${t}`).includes(leave), `not the phone's time: ${leave}`);
  // The quote asked for exactly what is then sent.
  await fire.click(button(dialog, 'Join the queue'));
  await settle(10);
  const sent = joins(f.calls)[0].body as WireOrderInput;
  assert.equal(quotes(f.calls).at(-1)!.body, sent);
  assert.is(sent.eta_minutes, 20);
  f.restore();
});

test('the queue moved past the window before Join: the review says so, shows the new wait and sends nothing until he confirms again', async () => {
  const { f, dialog } = await review({
    [QUOTE]: [quoteReply({ wait: 30, low: 25, high: 40 }), quoteReply({ wait: 62, low: 50, high: 75 })],
    [JOIN]: { status: 201, body: placed({ queue: 62 }) },
  });
  assert.ok(reviewWait(dialog).includes('30'), reviewWait(dialog));
  await fire.click(button(dialog, 'Join the queue'));
  await settle(10);
  assert.is(joins(f.calls).length, 0, 'nothing sent');
  assert.ok(reviewWait(dialog).includes('62'), reviewWait(dialog));
  const said = text(dialog.querySelector('.review-sent'));
  assert.ok(said.includes('The queue has changed') && said.includes('62'), said);
  assert.is(dialog.querySelector('.review-sent')!.getAttribute('role'), 'status', 'announced');
  await fire.click(button(dialog, 'Join the queue'));
  await settle(10);
  assert.is(joins(f.calls).length, 1, 'confirmed again: sent');
  assert.is(order.sending.value, 'fulfilled');
  f.restore();
});

test('a change inside the window shown is no change: Join sends at once', async () => {
  const { f, dialog } = await review({
    [QUOTE]: [quoteReply({ wait: 30, low: 25, high: 40 }), quoteReply({ wait: 33, low: 27, high: 42 })],
  });
  await fire.click(button(dialog, 'Join the queue'));
  await settle(10);
  assert.is(joins(f.calls).length, 1);
  assert.is(text(dialog.querySelector('.review-sent')), 'You are in the queue!');
  f.restore();
});

test("a frame of the shop's queue asks again while the review is open", async () => {
  const { f } = await review({ [QUOTE]: quoteReply({ wait: 30, low: 25, high: 40 }) });
  const before = quotes(f.calls).length;
  assert.ok(before >= 1);
  showShop(kallio({ queue_info: { queue_employees: 2, queue_length: 5 } }));
  await settle(5);
  assert.is(quotes(f.calls).length, before + 1);
  f.restore();
});

test('the shop page for a Gold member: the chips are his own waits, and the headline is the chip of the barber it names', async () => {
  const { el, f } = await page();
  const chip = (name: string) =>
    [...el.querySelectorAll('.barber-option')].find((o) => text(o.querySelector('.barber-option-name')) === name)!;
  const headline = () => text(el.querySelector('.shop-wait .timer'));
  const minutes = (s: string) => s.replace(/\D+/g, ' ').trim();
  // Anyone: the headline's figure is the "Anyone" chip's (his Gold estimate), not the one-time customer's 27.
  assert.is(minutes(text(chip('Anyone').querySelector('.timer'))), minutes(headline()));
  assert.not.ok(text(chip('Anyone')).includes('27'), text(chip('Anyone')));
  // Mikko: a Gold member waits 12 for him (a one-time customer 44), on the chip and in the headline.
  assert.ok(text(chip('Mikko K.')).includes('12'), text(chip('Mikko K.')));
  await fire.click(chip('Mikko K.').querySelector('input'));
  await settle();
  assert.is(minutes(headline()), '12', headline());
  f.restore();
});

test('without a membership the chips are the one-time customer’s', async () => {
  const { el, f } = await page({}, null);
  const mikko = [...el.querySelectorAll('.barber-option')].find((o) => text(o).includes('Mikko'))!;
  assert.ok(text(mikko).includes('44'), text(mikko));
  f.restore();
});

test.run();

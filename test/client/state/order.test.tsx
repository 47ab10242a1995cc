import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { cleanup, fire, render, settle, text, win } from '../dom.ts';
import { stubFetch, tokens, wireProfile, type Call } from '../account-fetch.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import { pob, quoteReply } from '../queue-fixtures.ts';
import Shop from '../../../src/client/screens/Shop/index.tsx';
import { loc, previousPath } from '../../../src/client/router/history.ts';
import { events, resetAnalytics } from '../../../src/client/services/analytics.ts';
import { memoryKeyValue, setKeyValueStore, load } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { loginForm } from '../../../src/client/state/login.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import * as order from '../../../src/client/state/order.ts';
import { sendOrder } from '../../../src/client/state/order-send.ts';
import { activeOrderId, profile, reset as resetSession, user } from '../../../src/client/state/session.ts';
import { reset as resetPage, selectedBarberId } from '../../../src/client/state/shop-page.ts';
import { reset as resetShops, showShop } from '../../../src/client/state/shops.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const placed = (over: Partial<WireOrder> = {}): Partial<WireOrder> => ({ id: 41, status: 'active', queue: 20, ahead: 1, ...over });

type Routes = Parameters<typeof stubFetch>[0];

async function open(opts: { pob?: WirePobDetail; routes?: Routes; search?: string; loggedIn?: boolean; activeOrder?: number } = {}) {
  locale.value = 'FI';
  if (opts.loggedIn !== false) {
    user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
    profile.value = wireProfile({ active_order_id: opts.activeOrder ?? null });
  }
  history.replaceState(null, '', `/barbershop/2${opts.search ?? ''}`);
  loc.value = { path: '/barbershop/2', search: opts.search ?? '', direction: 'none' };
  const f = stubFetch({ 'GET /pobs/2/': { body: opts.pob ?? pob() }, 'POST /customers/7/quote/': quoteReply(), ...opts.routes });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  return { el, f };
}

const serviceButton = (el: Element, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('button.service-toggle')].find((b) => text(b).includes(title)) ?? null;
const extraButton = (el: Element, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('button.extra-toggle')].find((b) => text(b).includes(title)) ?? null;
const dialogs = (el: Element) => [...el.querySelectorAll('[role="dialog"]')];
const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const bar = (el: Element) => text(el.querySelector('.order-bar'));
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/customers/7/orders/');

async function key(el: Element, name: string) {
  await act(async () => {
    el.dispatchEvent(new win.KeyboardEvent('keydown', { key: name, bubbles: true }) as unknown as Event);
  });
}

async function choose(el: Element) {
  await fire.click(serviceButton(el, 'Haircut'));
  await fire.click(extraButton(el, 'Hair wash'));
}

test.after.each(async () => {
  await cleanup();
  order.reset();
  resetShops();
  resetPage();
  resetSession();
  resetAccount();
  resetNotices();
  resetAnalytics();
  loginForm.reset();
  previousPath.value = null;
});

test('services and extras are toggle buttons; the bar shows count, duration and total; the last removal empties it', async () => {
  const { el, f } = await open();
  const cut = serviceButton(el, 'Haircut')!;
  assert.is(cut.getAttribute('aria-pressed'), 'false');
  assert.is(el.querySelector('.order-bar'), null, 'no bar while idle');
  await fire.click(cut);
  assert.is(cut.getAttribute('aria-pressed'), 'true');
  assert.is(order.status.value, 'pending');
  assert.ok(bar(el).includes('1 service') && bar(el).includes('30 min') && bar(el).includes('35,00 €'), bar(el));
  await fire.click(extraButton(el, 'Hair wash'));
  await fire.click(serviceButton(el, 'Beard trim'));
  assert.ok(bar(el).includes('2 services') && bar(el).includes('55 min') && bar(el).includes('65,00 €'), bar(el));
  await fire.click(cut);
  assert.equal(order.selection.value, { serviceIds: [20], extraServiceIds: {} }, 'its extras went with it');
  assert.is(extraButton(el, 'Hair wash')!.getAttribute('aria-pressed'), 'false');
  await fire.click(serviceButton(el, 'Beard trim'));
  assert.is(order.status.value, 'idle');
  assert.is(el.querySelector('.order-bar'), null);
  f.restore();
});

test('multi-option rule: several extras for a multiple service, one at a time otherwise, sorted by order', async () => {
  const { el, f } = await open();
  await fire.click(extraButton(el, 'Styling wax'));
  await fire.click(extraButton(el, 'Hair wash'));
  assert.equal(order.selection.value, { serviceIds: [10], extraServiceIds: { 10: [100, 101] } }, 'an extra chooses its service; sorted');
  assert.ok(text(el).includes('Choose any extras'));
  await fire.click(extraButton(el, 'Hot towel'));
  await fire.click(extraButton(el, 'Beard oil'));
  assert.equal(order.selection.value.extraServiceIds[20], [201], 'the second replaced the first');
  assert.is(extraButton(el, 'Hot towel')!.getAttribute('aria-pressed'), 'false');
  assert.ok(text(el).includes('Choose one extra'));
  f.restore();
});

test('a shop not taking orders shows its services without choosing', async () => {
  const { el, f } = await open({ pob: pob({ queue_state: 'full' }) });
  assert.is(el.querySelectorAll('button.service-toggle').length, 0);
  assert.is(el.querySelectorAll('button.extra-toggle').length, 0);
  assert.ok(text(el.querySelector('.service')).includes('Haircut'));
  f.restore();
});

test('Next when logged in opens the review: shop, map button, barber, wait, lines, total; going back keeps the selection', async () => {
  const { el, f } = await open();
  await choose(el);
  await fire.click(button(el, 'Next'));
  assert.is(order.status.value, 'accepted');
  const review = dialogs(el)[0];
  assert.ok(review, 'a dialog');
  assert.is(review.getAttribute('aria-modal'), 'true');
  assert.is(document.getElementById(review.getAttribute('aria-labelledby')!)?.textContent, 'Review your order');
  const body = text(review);
  for (const want of ['Kallio', 'Hämeentie 13', 'Anyone', '20min', 'Haircut', '+ Hair wash', '5,00 €', '35 min', '40,00 €'])
    assert.ok(body.includes(want), want);
  assert.ok(review.querySelector('button[aria-label="Open Kallio on the map"]'), 'the map opens from the image');
  assert.is(document.activeElement, button(review, 'Join the queue'), 'focus moved into the dialog');
  await key(review, 'Escape');
  assert.is(order.status.value, 'pending', 'Escape goes back to editing');
  assert.is(dialogs(el).length, 0);
  assert.equal(order.selection.value.serviceIds, [10]);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Edit order'));
  assert.is(order.status.value, 'pending');
  f.restore();
});

test('focus stays inside the review: Tab from the last button wraps to the first', async () => {
  const { el, f } = await open();
  await choose(el);
  await fire.click(button(el, 'Next'));
  const review = dialogs(el)[0] as HTMLElement;
  const focusable = [...review.querySelectorAll<HTMLElement>('button:not([disabled])')];
  focusable[focusable.length - 1].focus();
  await key(review, 'Tab');
  assert.is(document.activeElement, focusable[0]);
  f.restore();
});

test('a chosen barber with a wait under 5 minutes asks first: cancel stays, continue opens the review', async () => {
  const { el, f } = await open();
  await fire.click(el.querySelectorAll<HTMLInputElement>('.barber-row input[type=radio]')[2]);
  await choose(el);
  await fire.click(button(el, 'Next'));
  let confirm = dialogs(el)[0];
  assert.ok(text(confirm).includes('A barber is free now'));
  assert.is(document.activeElement, button(confirm, 'Cancel'), 'the safe choice has focus');
  await fire.click(button(confirm, 'Cancel'));
  assert.is(order.status.value, 'pending');
  assert.is(dialogs(el).length, 0);
  await fire.click(button(el, 'Next'));
  confirm = dialogs(el)[0];
  await fire.click(button(confirm, 'Continue'));
  assert.is(order.status.value, 'accepted');
  assert.ok(text(dialogs(el)[0]).includes('Jari L.'));
  f.restore();
});

test('Next when logged out opens the login dialog and continues after a successful login', async () => {
  const { el, f } = await open({
    loggedIn: false,
    routes: { 'POST /login/': { body: tokens }, 'GET /customers/7/': { body: wireProfile() } },
  });
  await choose(el);
  await fire.click(button(el, 'Next'));
  const login = dialogs(el)[0];
  assert.ok(login.querySelector('#login-dialog-phone'), 'the login form as a dialog');
  assert.is(order.status.value, 'pending');
  await fire.input(login.querySelector('#login-dialog-phone'), '0401234567');
  await fire.input(login.querySelector('#login-dialog-password'), 'Secret123');
  await fire.click(login.querySelector('button[type=submit]'));
  await settle(10);
  assert.is(user.value?.id, 7);
  assert.is(order.status.value, 'accepted', 'the flow went on to the review');
  assert.ok(text(dialogs(el)[0]).includes('Review your order'));
  f.restore();
});

test("the review's wait holds still while joining: the shop's wait for the next joiner (now counting him) never shows", async () => {
  const busy = pob();
  const later = pob({ service_time_estimates: [{ priority: 0, wait_time: 78 }], shortest_queue: 78 });
  const { el, f } = await open({
    pob: busy,
    routes: {
      'POST /customers/7/orders/': () => {
        // The shop's stream brings the wait a new joiner would get, with this customer already in the queue.
        showShop(later);
        return { status: 201, body: placed({ queue: 31 }) };
      },
    },
  });
  await choose(el);
  await fire.click(button(el, 'Next'));
  const review = () => text(dialogs(el)[0].querySelector('.review-facts')!);
  const before = review();
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  assert.is(order.sending.value, 'fulfilled');
  assert.not.match(review(), '78', `before: ${before}`);
  assert.match(review(), '31');
  f.restore();
});

test('sending: the POST body, the stored order, the analytics event, and /tracking after 750 ms', async () => {
  const { el, f } = await open({ routes: { 'POST /customers/7/orders/': { status: 201, body: placed() } } });
  await fire.click(el.querySelectorAll<HTMLInputElement>('.barber-row input[type=radio]')[1]);
  await choose(el);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  assert.equal(posts(f.calls)[0].body, {
    pob_id: 2,
    items: [
      {
        amount: 1,
        service_id: 10,
        service_info: { duration: 30, group_id: 1, id: 10, price: 3500, title: 'Haircut' },
        extra_services: [{ amount: 1, service_id: 100, title: 'Hair wash' }],
      },
    ],
    barber_id: 7,
  });
  assert.is(posts(f.calls)[0].bearer, 'access-1');
  assert.is(order.sending.value, 'fulfilled');
  assert.is(order.orderId.value, 41);
  assert.is(activeOrderId.value, 41);
  assert.equal(await load('order'), { id: 41, barbershop: 2 });
  assert.ok(text(dialogs(el)[0]).includes('You are in the queue!'));
  const confirmation = events().find((e) => e.name === 'queue-confirmation');
  assert.ok(confirmation, 'queue-confirmation tracked');
  assert.is(confirmation!.props.order_id, 41);
  assert.is(confirmation!.props.price, 4000);
  assert.is(loc.value.path, '/barbershop/2', 'not yet');
  await settle(800);
  assert.is(loc.value.path, '/tracking');
  f.restore();
});

test('the timeslot refusal: back to editing, selection kept, the 5 s notice, analytics timeSlot', async () => {
  const { el, f } = await open({
    routes: { 'POST /customers/7/orders/': { status: 409, body: { error: 'Could not allocate time slot for order' } } },
  });
  await choose(el);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  assert.is(order.error.value, 'timeslot');
  assert.is(order.sending.value, 'rejected');
  assert.is(order.status.value, 'pending');
  assert.is(dialogs(el).length, 0, 'the review closed');
  assert.equal(order.selection.value, { serviceIds: [10], extraServiceIds: { 10: [100] } }, 'nothing lost');
  assert.is(notice.value?.title, 'The duration of selected services is too long');
  assert.ok(notice.value?.text?.includes('cannot be served before the barbershop closes'));
  assert.ok(bar(el).includes('The duration of selected services is too long'));
  assert.equal(events().at(-1)?.props, { type: 'timeSlot' });
  assert.is(loc.value.path, '/barbershop/2');
  await settle(5100);
  assert.is(notice.value, null, 'gone after 5 s');
  f.restore();
});

test("another send error: 'unknown', the message kept and shown after 'Error code:', analytics sendOrder", async () => {
  const { el, f } = await open({ routes: { 'POST /customers/7/orders/': { status: 500, body: { error: 'Database unavailable' } } } });
  await choose(el);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  assert.is(order.error.value, 'unknown');
  assert.is(order.errorMessage.value, 'Database unavailable');
  assert.is(notice.value?.title, 'There was an error sending your order. Please try again later.');
  assert.is(notice.value?.text, 'Error code: Database unavailable');
  assert.equal(events().at(-1)?.props, { type: 'sendOrder', message: 'Database unavailable' });
  assert.is(order.status.value, 'pending');
  f.restore();
});

test('every send carries an Idempotency-Key; sending the same order again after a failure reuses it', async () => {
  const { el, f } = await open({
    routes: {
      'POST /customers/7/orders/': [
        { status: 500, body: { error: 'Database unavailable' } },
        { status: 201, body: placed() },
      ],
    },
  });
  await choose(el);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  assert.is(order.sending.value, 'rejected');
  await sendOrder();
  await settle(10);
  const sent = posts(f.calls);
  assert.is(sent.length, 2);
  assert.ok(sent[0].idempotencyKey && sent[0].idempotencyKey.length >= 16, 'a key on the first send');
  assert.is(sent[1].idempotencyKey, sent[0].idempotencyKey, 'the retry of the same send reuses it');
  assert.is(order.sending.value, 'fulfilled');
  order.clearOrder();
  f.restore();
});

test('the send button shows its loading state and cannot send twice', async () => {
  let answer: (r: Response) => void = () => {};
  const { el, f } = await open();
  const stubbed = globalThis.fetch;
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    // The join's POST hangs until answered; the review's quote answers as stubbed.
    init?.method === 'POST' && String(input).includes('/orders/')
      ? new Promise<Response>((r) => (answer = r))
      : stubbed(input, init)) as typeof fetch;
  await choose(el);
  await fire.click(button(el, 'Next'));
  const send = dialogs(el)[0].querySelector<HTMLButtonElement>('.order-send')!;
  await fire.click(send);
  assert.is(order.sending.value, 'pending');
  assert.ok(send.disabled);
  assert.is(send.getAttribute('aria-busy'), 'true');
  assert.ok(text(send).includes('Joining the queue'));
  assert.is(serviceButton(el, 'Haircut')!.disabled, true, 'no editing while sending');
  answer(new Response(JSON.stringify(placed()), { status: 201 }));
  await settle(10);
  assert.is(order.sending.value, 'fulfilled');
  f.restore();
});

test('?barber= preselects that barber even when coming from /home; leaving the page clears the order', async () => {
  previousPath.value = '/home';
  const { el, f } = await open({ search: '?barber=7' });
  assert.is(selectedBarberId.value, 7);
  assert.ok(text(el.querySelector('.shop-wait')).includes('45'));
  await choose(el);
  assert.is(order.status.value, 'pending');
  await cleanup();
  assert.is(order.status.value, 'idle');
  assert.equal(order.selection.value.serviceIds, []);
  f.restore();
});

test('at most 10 services (the server limit): the 11th cannot be ticked, the bar says why, the POST carries 10', async () => {
  const services = Array.from({ length: 12 }, (_, i) => ({
    id: 300 + i,
    group_id: 1,
    title: `Service ${i + 1}`,
    order: i + 1,
    description: '',
    long_description: '',
    price: 1000,
    duration: 10,
    multiple: false,
  }));
  const extras = Array.from({ length: 12 }, (_, i) => ({
    id: 400 + i,
    service_id: 300,
    title: `Extra ${i + 1}`,
    order: i + 1,
    description: '',
    long_description: '',
    price: 100,
    duration: 0,
  }));
  const many = pob({ services: services.map((s, i) => ({ ...s, multiple: i === 0 })), extra_services: { '300': extras } });
  const { el, f } = await open({ pob: many, routes: { 'POST /customers/7/orders/': { status: 201, body: placed() } } });
  for (let i = 0; i < 12; i++) {
    const b = [...el.querySelectorAll<HTMLButtonElement>('button.service-toggle')].find(
      (x) => text(x.querySelector('.service-title')) === `Service ${i + 1}`,
    )!;
    await fire.click(b);
  }
  const pressed = [...el.querySelectorAll('button.service-toggle[aria-pressed="true"]')].length;
  assert.is(pressed, 10);
  const eleventh = [...el.querySelectorAll<HTMLButtonElement>('button.service-toggle')].find(
    (x) => text(x.querySelector('.service-title')) === 'Service 11',
  )!;
  assert.is(eleventh.getAttribute('aria-pressed'), 'false');
  assert.ok(eleventh.disabled, 'the 11th cannot be ticked');
  assert.ok(bar(el).includes('One order can hold at most 10 services.'), bar(el));
  // Extras of a multiple-option service: at most 10 as well.
  for (let i = 0; i < 12; i++) await fire.click(extraButton(el, `Extra ${i + 1}`));
  assert.is(el.querySelectorAll('button.extra-toggle[aria-pressed="true"]').length, 10);
  assert.ok(extraButton(el, 'Extra 11')!.disabled);
  // Removing one frees a place again.
  await fire.click(serviceButton(el, 'Service 2'));
  assert.not.ok(eleventh.disabled);
  await fire.click(eleventh);
  await fire.click(button(el, 'Next'));
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(10);
  const body = posts(f.calls)[0].body as { items: { service_id: number; extra_services: unknown[] }[] };
  assert.is(body.items.length, 10);
  assert.is(body.items.find((i) => i.service_id === 300)!.extra_services.length, 10);
  f.restore();
});

test('with an active order the shop page says so and offers tracking before anything is built: no service picking', async () => {
  const { el, f } = await open({ activeOrder: 55 });
  const box = el.querySelector('.shop-active-order');
  assert.ok(box, 'the active-order notice');
  assert.ok(text(box).includes('You already have an active order'));
  assert.is(box!.querySelector('a')?.getAttribute('href'), '/tracking');
  assert.is(el.querySelectorAll('button.service-toggle, button.extra-toggle').length, 0, 'services are listed, not choosable');
  assert.ok(text(el).includes('Haircut'), 'the menu is still shown');
  order.toggleService(10);
  assert.equal(order.serviceIds.value, [], 'nothing can be built');
  assert.is(el.querySelector('.order-bar'), null);
  assert.is(posts(f.calls).length, 0);
  f.restore();
});

test('a login that brings an active order stops the flow on the notice instead of sending a second order', async () => {
  const { el, f } = await open({ loggedIn: false, routes: { 'POST /customers/7/orders/': { status: 201, body: placed() } } });
  await choose(el);
  await fire.click(button(el, 'Next'));
  assert.is(order.dialog.value, 'login');
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 55 });
  order.loginSucceeded();
  await settle(5);
  assert.is(order.status.value, 'pending', 'no review');
  assert.ok(el.querySelector('.shop-active-order'));
  assert.ok(button(el, 'Next')!.disabled);
  assert.ok(bar(el).includes('You already have an active order'));
  assert.is(posts(f.calls).length, 0);
  f.restore();
});

test("a send refused for another active order keeps the send error's notice and 'Error code:', the server text in the screen's language", async () => {
  await setLanguage('fi');
  try {
    const { el, f } = await open({
      routes: { 'POST /customers/7/orders/': { status: 409, body: { error: 'Customer already has an active order' } } },
    });
    await choose(el);
    await fire.click(button(el, 'Seuraava'));
    await fire.click(button(dialogs(el)[0], 'Liity jonoon'));
    await settle(10);
    assert.is(notice.value?.title, 'Tilauksen lähettämisessä tapahtui virhe. Yritä myöhemmin uudelleen.');
    assert.is(notice.value?.text, 'Virhekoodi: Sinulla on jo aktiivinen tilaus');
    assert.equal(events().at(-1)?.props, { type: 'sendOrder', message: 'Customer already has an active order' });
    f.restore();
  } finally {
    await setLanguage('en');
  }
});

test("a join refused because the shop's queue is full: the text is in the screen's language, never the server's English", async () => {
  await setLanguage('fi');
  try {
    const { el, f } = await open({ routes: { 'POST /customers/7/orders/': { status: 409, body: { error: 'The queue is full' } } } });
    await choose(el);
    await fire.click(button(el, 'Seuraava'));
    await fire.click(button(dialogs(el)[0], 'Liity jonoon'));
    await settle(10);
    assert.is(notice.value?.text, 'Virhekoodi: Jono on juuri nyt täynnä. Yritä hetken kuluttua uudelleen.');
    // The join asks for the order's services in the screen's language.
    assert.is(posts(f.calls)[0].query, '?lang=fi');
    f.restore();
  } finally {
    await setLanguage('en');
  }
});

test.run();

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import Tracking from '../../../src/client/screens/Tracking/index.tsx';
import Gate from '../../../src/client/screens/Gate/index.tsx';
import { TrackingButton } from '../../../src/client/components/TrackingButton.tsx';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { load, memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { welcomeSeen } from '../../../src/client/state/prefs.ts';
import { activeOrderId, profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const INCREASE = [
  'The queue got longer. Thanks for your patience!',
  'Things slowed down a little at the barbershop, so your wait grew.',
  'A few customers needed more time. Your estimate went up.',
  'The barbers are busier than expected, so the wait is longer now.',
  'Your wait grew a bit. We will keep you posted here.',
];

const ORDER = 'GET /customers/7/orders/41/';
const PATCH = 'PATCH /customers/7/orders/41/';
type Routes = Parameters<typeof stubFetch>[0];

async function open(routes: Routes, opts: { language?: 'en' | 'fi' } = {}) {
  await setLanguage(opts.language ?? 'en');
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 41 });
  sync.value = 'synced';
  navigate('/tracking', { replace: true });
  const f = stubFetch(routes);
  const el = await render(<Tracking params={{}} />);
  await settle(5);
  return { el, f };
}

const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const gets = (f: ReturnType<typeof stubFetch>) => f.calls.filter((c) => c.method === 'GET').length;

async function visibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await settle(5);
}

test.after.each(async () => {
  await cleanup();
  tracking.reset();
  resetSession();
  resetAccount();
  resetNotices();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

test('shows the wait with its colour class, customers ahead, the message, shop, barber and check in early', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder() } });
  assert.is(text(el.querySelector('h1')), 'Your queue');
  const wait = el.querySelector('.tracking-wait')!;
  assert.is(wait.getAttribute('data-wait'), 'wait-15');
  assert.ok(wait.querySelector('.timer.timer-large.wait-15'));
  const live = el.querySelector('[aria-live="polite"]')!;
  assert.ok(live.contains(wait.querySelector('.timer')), 'the wait is in a live region');
  assert.ok(text(live).includes('25min'));
  assert.ok(text(live).includes('2 customers ahead of you'));
  assert.ok(text(live).includes('We keep your place in the queue.'));
  assert.ok(text(el).includes('you may lose your place'), 'the warning while not checked in');
  const shop = el.querySelector('.tracking-shop-button')!;
  assert.ok(text(shop).includes('Kallio') && text(shop).includes('Hämeentie 13, 00530 Helsinki'));
  assert.ok(text(el).includes('Barber: Mikko K.'));
  assert.ok(button(el, "Check in early – I'm already here"));
  assert.ok(button(el, 'Leave the queue'));
  f.restore();
});

test("a wait of 0 shows 'Now' and 'Check in'; unknown shows a dash and check in early", async () => {
  const now = await open({ [ORDER]: { body: wireOrder({ queue: 0, ahead: 0 }) } });
  assert.ok(text(now.el.querySelector('.tracking-live')).includes('Now'));
  assert.ok(text(now.el).includes('You are next in line'));
  assert.ok(button(now.el, "Check in – I'm here"));
  now.f.restore();
  await cleanup();
  tracking.reset();
  const unknown = await open({ [ORDER]: { body: wireOrder({ queue: null }) } });
  assert.ok(text(unknown.el.querySelector('.tracking-live')).includes('–'));
  assert.ok(button(unknown.el, "Check in early – I'm already here"));
  unknown.f.restore();
});

test('the receipt toggle lists services with extras: name, description, price, duration', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder() } });
  const toggle = button(el, 'Show order details')!;
  assert.is(toggle.getAttribute('aria-expanded'), 'false');
  assert.ok((el.querySelector('#tracking-receipt-list') as HTMLElement).hidden);
  await fire.click(toggle);
  assert.is(toggle.getAttribute('aria-expanded'), 'true');
  const list = el.querySelector('#tracking-receipt-list') as HTMLElement;
  assert.not.ok(list.hidden);
  const body = text(list);
  for (const want of [
    'Haircut',
    'Scissors and clippers.',
    '35,00 €',
    '30 min',
    '+ Hair wash',
    'Shampoo and conditioner.',
    '5,00 €',
    '5 min',
    'Total',
    '40,00 €',
    '35 min',
  ])
    assert.ok(body.includes(want), want);
  await fire.click(button(el, 'Hide order details'));
  assert.ok(list.hidden);
  f.restore();
});

test('check in: PATCH customer_at_pob, then the checked-in message and the shop link instead of the button', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder() }, [PATCH]: { body: wireOrder({ customer_at_pob: true }) } });
  await fire.click(el.querySelector('.tracking-check-in'));
  await settle(5);
  const patch = f.calls.find((c) => c.method === 'PATCH')!;
  assert.equal(patch.body, { customer_at_pob: true });
  assert.is(tracking.order.value?.checkedIn, true);
  assert.is(el.querySelector('.tracking-check-in'), null);
  assert.ok(text(el.querySelector('.tracking-message')).startsWith('You are checked in.'));
  assert.not.ok(text(el).includes('you may lose your place'), 'no warning once at the shop');
  const done = el.querySelector('.tracking-checked-in')!;
  assert.is(done.querySelector('a')?.getAttribute('href'), '/barbershop/2');
  assert.ok(button(el, 'Leave the queue'), 'still active, so leaving is still offered');
  f.restore();
});

test('leave: the confirm dialog (title, description, cancel, confirm); cancel keeps the order', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder() } });
  await fire.click(button(el, 'Leave the queue'));
  const dialog = el.querySelector('[role="dialog"]')!;
  assert.is(dialog.getAttribute('aria-modal'), 'true');
  assert.is(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent, 'Leave the queue?');
  assert.ok(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent?.includes('You will lose your place'));
  assert.is(document.activeElement, button(dialog, 'Stay in the queue'));
  await fire.click(button(dialog, 'Stay in the queue'));
  assert.is(el.querySelector('[role="dialog"]'), null);
  assert.is(f.calls.filter((c) => c.method === 'PATCH').length, 0);
  f.restore();
});

test('leave in Finnish: PATCH cancel, the survey notice for 10 s, the active order cleared, / after 500 ms', async () => {
  const { el, f } = await open(
    { [ORDER]: { body: wireOrder() }, [PATCH]: { body: wireOrder({ status: 'cancelled', queue: null }) } },
    { language: 'fi' },
  );
  await fire.click(button(el, 'Poistu jonosta'));
  await fire.click(button(el.querySelector('[role="dialog"]')!, 'Poistu'));
  await settle(5);
  assert.equal(f.calls.find((c) => c.method === 'PATCH')!.body, { cancel: true });
  assert.is(tracking.canceled.value, true);
  assert.is(activeOrderId.value, null);
  assert.is(notice.value?.title, 'Poistuit jonosta');
  assert.ok(notice.value?.linkUrl?.startsWith('https://'));
  assert.is(loc.value.path, '/tracking');
  await settle(550);
  assert.is(loc.value.path, '/');
  await settle(9000);
  assert.ok(notice.value, 'still shown before 10 s');
  await settle(1100);
  assert.is(notice.value, null, 'gone after 10 s');
  f.restore();
});

test('leave in English shows no survey', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder() }, [PATCH]: { body: wireOrder({ status: 'cancelled', queue: null }) } });
  await fire.click(button(el, 'Leave the queue'));
  await fire.click(button(el.querySelector('[role="dialog"]')!, 'Leave'));
  await settle(5);
  assert.is(notice.value, null);
  assert.is(tracking.ended.value, true);
  f.restore();
});

test('in service: no check in, no leave; the started text', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder({ in_service: true, queue: 0, ahead: 0 }) } });
  assert.is(el.querySelector('.tracking-check-in'), null);
  assert.is(button(el, 'Leave the queue'), null);
  assert.ok(text(el).includes('Your service has started'));
  f.restore();
});

test('the message follows the change in wait: increase (one of five), kept while unchanged, then decrease', async () => {
  const { el, f } = await open({
    [ORDER]: [
      { body: wireOrder({ queue: 20 }) },
      { body: wireOrder({ queue: 35 }) },
      { body: wireOrder({ queue: 35 }) },
      { body: wireOrder({ queue: 15 }) },
    ],
  });
  const message = () => text(el.querySelector('.tracking-message'));
  await act(() => tracking.refreshOrder());
  assert.ok(INCREASE.includes(message()), message());
  await act(() => tracking.refreshOrder());
  assert.ok(INCREASE.includes(message()), 'kept');
  await act(() => tracking.refreshOrder());
  assert.is(tracking.message.value.kind, 'decrease');
  f.restore();
});

test('refresh: at once when the page is shown again, not while hidden', async () => {
  const { f } = await open({ [ORDER]: { body: wireOrder() } });
  const first = gets(f);
  await visibility('hidden');
  assert.is(gets(f), first);
  await visibility('visible');
  assert.is(gets(f), first + 1);
  f.restore();
});

test('a rejected fetch shows the error with a retry button', async () => {
  const { el, f } = await open({ [ORDER]: [{ status: 503, body: { error: 'Unavailable' } }, { body: wireOrder() }] });
  assert.is(tracking.fetchStatus.value, 'rejected');
  assert.ok(text(el.querySelector('[role="alert"]')).includes('Woops! Something went wrong.'));
  await fire.click(button(el, 'Try again'));
  await settle(5);
  assert.is(gets(f), 2);
  assert.ok(el.querySelector('.tracking-wait'));
  f.restore();
});

test('a rejected fetch is retried by itself 5 s later', async () => {
  const { el, f } = await open({ [ORDER]: [{ status: 503, body: { error: 'Unavailable' } }, { body: wireOrder() }] });
  assert.is(gets(f), 1);
  await settle(tracking.RETRY_MS - 500);
  assert.is(gets(f), 1, 'not before');
  await settle(700);
  assert.is(gets(f), 2, 'retried');
  assert.ok(el.querySelector('.tracking-wait'));
  f.restore();
});

test('an order that disappears (404) clears the active order and returns to / after 500 ms', async () => {
  const { el, f } = await open({ [ORDER]: { status: 404, body: { error: 'Order not found' } } });
  assert.is(activeOrderId.value, null);
  assert.equal(await load('order'), { id: null }, 'stored for a reload before the next profile sync');
  assert.ok(text(el).includes('Your order has ended'));
  await settle(550);
  assert.is(loc.value.path, '/');
  f.restore();
});

test('a serviced order ends the same way; a later profile without an active order too', async () => {
  const { f } = await open({ [ORDER]: [{ body: wireOrder() }, { body: wireOrder({ status: 'serviced', queue: null }) }] });
  await act(() => tracking.refreshOrder());
  assert.is(tracking.ended.value, true);
  assert.is(activeOrderId.value, null);
  await settle(550);
  assert.is(loc.value.path, '/');
  f.restore();
});

test('the floating button: with an active order, not on /login or /tracking', async () => {
  profile.value = wireProfile({ active_order_id: 41 });
  for (const [path, shown] of [
    ['/home', true],
    ['/barbershop/2', true],
    ['/tracking', false],
    ['/login', false],
  ] as const) {
    const el = await render(<TrackingButton path={path} />);
    const link = el.querySelector('a.tracking-fab');
    assert.is(Boolean(link), shown, path);
    if (link) assert.is(link.getAttribute('href'), '/tracking');
  }
  await cleanup();
  profile.value = wireProfile();
  const none = await render(<TrackingButton path="/home" />);
  assert.is(none.querySelector('a'), null, 'no active order');
});

test('the gate sends a synced profile with an active order to /tracking', async () => {
  welcomeSeen.value = true;
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 41 });
  sync.value = 'synced';
  navigate('/', { replace: true });
  await render(<Gate params={{}} />);
  await settle();
  assert.is(loc.value.path, '/tracking');
});

test.run();

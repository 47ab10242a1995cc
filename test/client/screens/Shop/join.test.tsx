/** Joining hands its answer to tracking: the order is not fetched again. */
import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../../dom.ts';
import { stubFetch, wireProfile } from '../../account-fetch.ts';
import type { WireOrder } from '../../../../src/shared/wire-order.ts';
import { pob } from '../../queue-fixtures.ts';
import Shop from '../../../../src/client/screens/Shop/index.tsx';
import Tracking from '../../../../src/client/screens/Tracking/index.tsx';
import { loc } from '../../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../../src/client/state/account.ts';
import { locale, setLanguage, t } from '../../../../src/client/state/i18n.ts';
import { notice, reset as resetNotices } from '../../../../src/client/state/notices.ts';
import * as order from '../../../../src/client/state/order.ts';
import { profile, reset as resetSession, user } from '../../../../src/client/state/session.ts';
import { reset as resetPage } from '../../../../src/client/state/shop-page.ts';
import { reset as resetShops } from '../../../../src/client/state/shops.ts';
import * as tracking from '../../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const placed = (over: Partial<WireOrder> = {}): Partial<WireOrder> => ({ id: 41, status: 'active', queue: 20, ahead: 1, ...over });
const dialogs = (el: Element) => [...el.querySelectorAll('[role="dialog"]')];
const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const toggle = (el: Element, selector: string, title: string) =>
  [...el.querySelectorAll<HTMLButtonElement>(selector)].find((b) => text(b).includes(title)) ?? null;

async function open(routes: Parameters<typeof stubFetch>[0]) {
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile();
  history.replaceState(null, '', '/barbershop/2');
  loc.value = { path: '/barbershop/2', search: '', direction: 'none' };
  const f = stubFetch({ 'GET /pobs/2/': { body: pob() }, ...routes });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  return { el, f };
}

test.after.each(async () => {
  await cleanup();
  order.reset();
  tracking.reset();
  resetShops();
  resetPage();
  resetSession();
  resetAccount();
  resetNotices();
});

async function choose(el: Element) {
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(toggle(el, 'button.extra-toggle', 'Hair wash'));
}

test('tracking starts from the answer of joining: no second fetch of the order it just sent', async () => {
  const { el, f } = await open({ 'POST /customers/7/orders/': { status: 201, body: placed({ queue: 12, ahead: 3 }) } });
  await choose(el);
  await fire.click(button(el, 'Next'));
  await waitFor(() => dialogs(el).length > 0); // the dialogs' code, asked for with the first service picked
  await fire.click(button(dialogs(el)[0], 'Join the queue'));
  await settle(800);
  assert.is(loc.value.path, '/tracking');
  await cleanup();
  const screen = await render(<Tracking params={{}} />);
  await settle(5);
  assert.is(f.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/customers/7/orders/')).length, 0, 'no GET of the order');
  assert.is(screen.querySelector('.tracking-wait')?.getAttribute('data-wait'), 'wait-5');
  assert.ok(text(screen).includes('12'), 'the wait of the POST answer');
  f.restore();
});

test(`joining offline in Finnish: the app's own offline text in Finnish, never the raw "Network error"`, async () => {
  await setLanguage('fi');
  const { el, f } = await open({});
  const stubbed = globalThis.fetch;
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    init?.method === 'POST' ? Promise.reject(new TypeError('Failed to fetch')) : stubbed(input, init)) as typeof fetch;
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(button(el, 'Seuraava'));
  await fire.click(button(dialogs(el)[0], 'Liity jonoon'));
  await settle(5);
  const shown = `${notice.value?.title ?? ''} ${notice.value?.text ?? ''}`;
  assert.ok(notice.value, 'a notice');
  assert.ok(shown.includes(t('account.networkError')), shown);
  assert.not.match(shown, /Network error|Failed to fetch|Virhekoodi/);
  f.restore();
  await setLanguage('en');
});

test.run();

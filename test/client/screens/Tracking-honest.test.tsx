/**
 * Tracking says one thing at a time and says it honestly: the travel line when the trip is longer than
 * the wait, and "Running late?" with its refusals.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import Tracking from '../../../src/client/screens/Tracking/index.tsx';
import { navigate } from '../../../src/client/router/history.ts';
import { load, memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const ORDER = 'GET /customers/7/orders/41/';
const PATCH = 'PATCH /customers/7/orders/41/';
const MIN = 60_000;
type Routes = Parameters<typeof stubFetch>[0];

async function open(routes: Routes, language: 'en' | 'fi' | 'sv' = 'en') {
  await setLanguage(language);
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
// The shop's time zone (Helsinki), whatever the phone's.
const clock = (at: number, intl: string) =>
  new Intl.DateTimeFormat(intl, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' }).format(at);
const QUEUE_TEXTS = ['come to the barbershop', 'Come to the barbershop', 'Head to the barbershop', 'We keep your place'];

test.after.each(async () => {
  await cleanup();
  tracking.reset();
  setKeyValueStore(memoryKeyValue());
  resetSession();
  resetAccount();
  resetNotices();
});

test('in service after check-in: only "your service has started", on the first load and after refreshes at 0', async () => {
  const served = wireOrder({ in_service: true, customer_at_pob: true, queue: 0, ahead: 0 });
  const { el, f } = await open({ [ORDER]: { body: served } });
  for (let i = 0; i < 3; i++) {
    const page = text(el);
    assert.ok(page.includes('Your service has started'), page);
    assert.not.ok(page.includes('keep your place'), `no "come to the shop to keep your place" (${i})`);
    assert.not.ok(/seat|barber will call/.test(page), `no "sit down, your barber will call you" (${i})`);
    assert.not.ok(page.includes('you may lose your place'), `no warning (${i})`);
    for (const q of QUEUE_TEXTS) assert.not.ok(page.includes(q), q);
    assert.is(el.querySelector('.tracking-message')?.textContent, 'Your service has started');
    assert.is(el.querySelector('.tracking-checked-in'), null);
    assert.is(el.querySelector('.tracking-late'), null, 'no "Running late?" in the chair');
    await act(() => tracking.refreshOrder());
  }
  f.restore();
});

test('checked in and waiting: sit down, once; no call to come, no warning, no "Running late?"', async () => {
  const { el, f } = await open({
    [ORDER]: [{ body: wireOrder({ customer_at_pob: true, queue: 5 }) }, { body: wireOrder({ customer_at_pob: true, queue: 0, ahead: 0 }) }],
  });
  await act(() => tracking.refreshOrder());
  await act(() => tracking.refreshOrder());
  const page = text(el);
  assert.is(text(el.querySelector('.tracking-message')), 'You are checked in.');
  assert.is(page.split('seat').length - 1, 1, 'sit down, once (the 1–15 minutes note)');
  for (const q of QUEUE_TEXTS) assert.not.ok(page.includes(q), q);
  assert.not.ok(page.includes('you may lose your place'));
  assert.is(el.querySelector('.tracking-late'), null);
  f.restore();
});

test('travel dominates (the server expects the customer after his turn): the arrival line with the time, not the queue message', async () => {
  const at = Date.now() + 40 * MIN;
  const { el, f } = await open({ [ORDER]: { body: wireOrder({ queue: 15, expected_at: new Date(at).toISOString() }) } });
  const message = text(el.querySelector('.tracking-message'));
  assert.is(message, `Your turn comes about when you arrive, around ${clock(at, 'en-GB')}.`.replace(/\s+/g, ' '));
  for (const q of QUEUE_TEXTS) assert.not.ok(message.includes(q), q);
  assert.is(el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'travel');
  f.restore();
});

test('travel from the ETA this phone gave when the server does not say; in time again, the queue message is back', async () => {
  const { el, f } = await open({ [ORDER]: [{ body: wireOrder({ queue: 15 }) }, { body: wireOrder({ queue: 45 }) }] }, 'fi');
  const at = Date.now() + 30 * MIN;
  await act(async () => tracking.noteExpected(41, at));
  assert.ok(
    text(el.querySelector('.tracking-message')).startsWith('Vuorosi tulee suunnilleen silloin, kun saavut'),
    text(el.querySelector('.tracking-message')),
  );
  assert.ok(text(el.querySelector('.tracking-message')).includes(clock(at, 'fi-FI')));
  await act(() => tracking.refreshOrder());
  assert.is(el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'queue', 'the wait is now longer than the trip');
  assert.not.ok(text(el.querySelector('.tracking-message')).includes('saavut'));
  f.restore();
});

test('the arrival given survives a reload (stored), and is forgotten when the order ends', async () => {
  const at = Date.now() + 30 * MIN;
  tracking.noteExpected(41, at);
  await settle(5);
  tracking.givenArrival.value = null; // a reload: memory gone, storage kept
  const first = await open({ [ORDER]: [{ body: wireOrder({ queue: 15 }) }, { body: wireOrder({ status: 'serviced', queue: null }) }] });
  await settle(5);
  assert.is(first.el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'travel');
  assert.ok(text(first.el.querySelector('.tracking-message')).includes(clock(at, 'en-GB')));
  assert.equal(await load('arrival'), { orderId: 41, at });
  await act(() => tracking.refreshOrder());
  assert.is(await load('arrival'), undefined, 'forgotten with the order');
  first.f.restore();
});

test('"Running late?": the choices, then PATCH {eta_minutes}; the new arrival counts at once', async () => {
  const { el, f } = await open({ [ORDER]: { body: wireOrder({ queue: 15 }) }, [PATCH]: { body: wireOrder({ queue: 15 }) } });
  await fire.click(button(el, 'Running late?'));
  const choices = el.querySelector('.tracking-late-choices')!;
  assert.ok(text(choices).includes('When will you be at the barbershop?'));
  assert.ok(button(choices, 'About 10 min') && button(choices, '30 min or more'));
  await fire.click(button(choices, 'Cancel'));
  assert.is(el.querySelector('.tracking-late-choices'), null, 'cancel closes without a call');
  assert.is(f.calls.filter((c) => c.method === 'PATCH').length, 0);
  await fire.click(button(el, 'Running late?'));
  await fire.click(button(el, 'About 20 min'));
  await settle(5);
  const patch = f.calls.find((c) => c.method === 'PATCH')!;
  assert.equal(patch.body, { eta_minutes: 20 });
  assert.is(patch.bearer, 'access-1');
  assert.is(notice.value?.title, 'Thanks! Your arrival time is updated.');
  assert.is(el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'travel', '20 min away with a 15 min wait');
  assert.ok(button(el, 'Running late?'), 'the choices closed');
  f.restore();
});

test('"Running late?" after check-in: the 409 is said in the customer language, and the screen catches up', async () => {
  const { el, f } = await open(
    {
      [ORDER]: [{ body: wireOrder({ queue: 15 }) }, { body: wireOrder({ queue: 15, customer_at_pob: true }) }],
      [PATCH]: { status: 409, body: { error: 'Order is already checked in' } },
    },
    'sv',
  );
  await fire.click(button(el, 'Blir du sen?'));
  await fire.click(button(el, 'Cirka 10 min'));
  await settle(5);
  assert.is(notice.value?.title, 'Din ankomsttid ändrades inte');
  assert.is(notice.value?.text, 'Du är redan incheckad i salongen.');
  assert.is(tracking.order.value?.checkedIn, true, 'refetched');
  assert.is(el.querySelector('.tracking-late'), null);
  f.restore();
});

test('"Running late?" that no longer fits before closing: the timeslot text, and nothing changes', async () => {
  const { el, f } = await open({
    [ORDER]: { body: wireOrder({ queue: 15 }) },
    [PATCH]: { status: 409, body: { error: WIRE_ERRORS.timeslot } },
  });
  const before = tracking.order.value;
  await fire.click(button(el, 'Running late?'));
  await fire.click(button(el, '30 min or more'));
  await settle(5);
  assert.equal(
    f.calls.filter((c) => c.method === 'PATCH').map((c) => c.body),
    [{ eta_minutes: 30 }],
  );
  assert.is(notice.value?.title, 'That arrival is too late');
  assert.is(
    notice.value?.text,
    'If you arrive then, the barbershop cannot serve you before closing. Your place in the queue is unchanged.',
  );
  assert.is(tracking.order.value, before, 'the order as it was');
  assert.is(tracking.expectedAt.value, null, 'no arrival kept');
  assert.is(el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'queue');
  assert.ok(button(el, 'Running late?'), 'may try again');
  f.restore();
});

test.run();

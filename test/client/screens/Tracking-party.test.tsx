/**
 * A party on tracking: each person with his status and his own wait or "in service", when the first starts and when
 * the last is likely done (with the window); taking one companion off after a confirm, the rest kept; the receipt
 * under each person's name. Stepping out after check-in (10, 20 or 30 minutes while step-outs are left), "Back by"
 * and "I'm back", and a refusal said with nothing lost.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import type { WireOrder, WirePartyPerson } from '../../../src/shared/wire-order.ts';
import Tracking from '../../../src/client/screens/Tracking/index.tsx';
import { navigate } from '../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { config, DEFAULT_CONFIG } from '../../../src/client/state/config.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { notice, reset as resetNotices } from '../../../src/client/state/notices.ts';
import { resetPartyTracking } from '../../../src/client/state/tracking/party-tracking.ts';
import { profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());

const ORDER = 'GET /customers/7/orders/41/';
const PATCH = 'PATCH /customers/7/orders/41/';
type Routes = Parameters<typeof stubFetch>[0];

const service = (id: number, title: string, price: number) => ({
  id,
  amount: 1,
  title,
  description: '',
  order: 1,
  price,
  duration: 20,
  group_id: 1,
  group_name: 'Haircuts',
  extra_services: [],
});

const person = (over: Partial<WirePartyPerson> & { person: number; name: string }): WirePartyPerson => ({
  status: 'active',
  in_service: false,
  queue: 25,
  queue_low: 20,
  queue_high: 35,
  barber: null,
  services: [service(10, 'Haircut', 3500)],
  price: 3500,
  duration: 30,
  ...over,
});

const party = (over: Partial<WireOrder> = {}, people?: WirePartyPerson[]) =>
  wireOrder({
    party: people ?? [
      person({ person: 0, name: 'Matti M.', queue: 10, queue_low: 5, queue_high: 20 }),
      person({ person: 1, name: 'Leo', queue: 25, services: [service(20, 'Beard trim', 2500)], price: 2500 }),
      person({
        person: 2,
        name: 'Son',
        in_service: true,
        queue: 0,
        queue_low: 0,
        queue_high: 0,
        barber: { id: 8, name: 'Jari L.', image: null },
      }),
    ],
    party_done: 55,
    party_done_low: 45,
    party_done_high: 70,
    step_outs_left: 1,
    stepped_out_until: null,
    ...over,
  });

async function open(routes: Routes, language: 'en' | 'fi' = 'en') {
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
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) ?? null;
const members = (el: Element) => [...el.querySelectorAll<HTMLElement>('.party-member')];

test.after.each(async () => {
  await cleanup();
  tracking.reset();
  resetPartyTracking();
  setKeyValueStore(memoryKeyValue());
  resetSession();
  resetAccount();
  resetNotices();
  config.value = DEFAULT_CONFIG;
});

test('each person with his status and wait or "in service"; when the first starts and the last is likely done', async () => {
  const { el, f } = await open({ [ORDER]: { body: party() } });
  const section = el.querySelector('.tracking-party') as HTMLElement;
  assert.is(text(section.querySelector('h2')), 'Your party (3)');
  const [me, leo, son] = members(el);
  assert.ok(text(me).startsWith('You'), text(me));
  assert.ok(text(me).includes('Turn in about 10 min · usually 5–20 min'), text(me));
  assert.ok(text(leo).includes('Leo') && text(leo).includes('Turn in about 25 min · usually 20–35 min'), text(leo));
  assert.ok(text(leo).includes('Beard trim'));
  assert.ok(text(son).includes('In service') && text(son).includes('Barber: Jari L.'), text(son));
  const pairs = [...section.querySelectorAll('.party-times div')].map((d) => [text(d.querySelector('dt')), text(d.querySelector('dd'))]);
  assert.equal(pairs, [
    ['First of you starts', 'now'],
    ['Last of you likely done', 'in about 55 minusually 45–70 min'],
  ]);
  assert.ok(button(leo, 'Take off Leo'), 'a waiting companion can be taken off');
  assert.is(son.querySelector('.party-take-off'), null, 'not one in the chair');
  assert.is(me.querySelector('.party-take-off'), null, 'nor the customer himself');
  f.restore();
});

test('in Finnish', async () => {
  const { el, f } = await open({ [ORDER]: { body: party() } }, 'fi');
  assert.is(text(el.querySelector('.tracking-party h2')), 'Seurueesi (3)');
  assert.ok(text(members(el)[0]).startsWith('Sinä'));
  f.restore();
});

test('alone: no party section', async () => {
  const { el, f } = await open({ [ORDER]: { body: party({}, [person({ person: 0, name: 'Matti M.' })]) } });
  assert.is(el.querySelector('.tracking-party'), null);
  f.restore();
});

test('taking one companion off: a confirm, PATCH {cancel, person}, the rest kept', async () => {
  const after = party({}, [
    person({ person: 0, name: 'Matti M.', queue: 10 }),
    person({ person: 1, name: 'Leo', status: 'cancelled', queue: null }),
    person({ person: 2, name: 'Son', in_service: true, queue: 0 }),
  ]);
  const { el, f } = await open({ [ORDER]: { body: party() }, [PATCH]: { body: after } });
  await fire.click(button(members(el)[1], 'Take off Leo'));
  const dialog = el.querySelector('.take-off-dialog') as HTMLElement;
  assert.ok(dialog, 'a confirm first');
  assert.ok(text(dialog).includes('Take Leo off the queue?'));
  await fire.click(button(dialog, 'Keep'));
  assert.is(el.querySelector('.take-off-dialog'), null, 'kept: nothing sent');
  assert.is(f.calls.filter((c) => c.method === 'PATCH').length, 0);
  await fire.click(button(members(el)[1], 'Take off Leo'));
  await fire.click(button(el.querySelector('.take-off-dialog') as HTMLElement, 'Take off'));
  await settle(5);
  assert.equal(f.calls.find((c) => c.method === 'PATCH')?.body, { cancel: true, person: 1 });
  assert.is(el.querySelector('.take-off-dialog'), null);
  assert.ok(text(members(el)[1]).includes('Taken off the queue'));
  assert.is(text(el.querySelector('.tracking-party h2')), 'Your party (2)');
  assert.is(tracking.ended.value, false, 'the order goes on');
  assert.is(notice.value?.title, 'Leo is off the queue.');
  f.restore();
});

test('a refused take-off says so and reads the order again; nothing lost', async () => {
  const { el, f } = await open({ [ORDER]: { body: party() }, [PATCH]: { status: 409, body: { error: 'Conflict' } } });
  await fire.click(button(members(el)[1], 'Take off Leo'));
  await fire.click(button(el.querySelector('.take-off-dialog') as HTMLElement, 'Take off'));
  await settle(5);
  assert.is(notice.value?.title, 'Leo was not taken off.');
  assert.ok(notice.value?.text?.includes('Nothing was lost'));
  assert.is(members(el).length, 3);
  assert.ok(f.calls.filter((c) => c.method === 'GET').length >= 2, 'read again');
  f.restore();
});

test('the receipt lists each person’s services under his name, a companion taken off left out', async () => {
  const order = party({}, [
    person({ person: 0, name: 'Matti M.' }),
    person({ person: 1, name: 'Leo', status: 'cancelled', services: [service(20, 'Beard trim', 2500)], price: 2500 }),
    person({ person: 2, name: 'Son', services: [service(30, 'Kids cut', 2000)], price: 2000 }),
  ]);
  const { el, f } = await open({ [ORDER]: { body: order } });
  await fire.click(el.querySelector('.receipt-toggle'));
  const groups = [...el.querySelectorAll('.receipt-person')].map((g) => text(g));
  assert.equal(groups.length, 2);
  assert.ok(groups[0].startsWith('You') && groups[0].includes('Haircut'), groups[0]);
  assert.ok(groups[1].startsWith('Son') && groups[1].includes('Kids cut'), groups[1]);
  assert.ok(text(el.querySelector('.order-total')).includes('55,00'), text(el.querySelector('.order-total')));
  f.restore();
});

test('a companion the shop marked a no-show leaves the count, the total and the receipt; he stays listed as absent', async () => {
  const order = party({}, [
    person({ person: 0, name: 'Matti M.' }),
    person({ person: 1, name: 'Leo', status: 'no-show', queue: null, services: [service(20, 'Beard trim', 2500)], price: 2500 }),
    person({ person: 2, name: 'Son', services: [service(30, 'Kids cut', 2000)], price: 2000 }),
  ]);
  const { el, f } = await open({ [ORDER]: { body: order } });
  assert.is(text(el.querySelector('.tracking-party h2')), 'Your party (2)');
  assert.ok(text(el.querySelector('[data-person="1"]')).includes('Leo'), 'still listed, with his status');
  await fire.click(el.querySelector('.receipt-toggle'));
  const groups = [...el.querySelectorAll('.receipt-person')].map((g) => text(g));
  assert.equal(groups.length, 2, groups.join(' | '));
  assert.not.ok(groups.some((g) => g.includes('Beard trim')));
  assert.ok(text(el.querySelector('.order-total')).includes('55,00'), text(el.querySelector('.order-total')));
  f.restore();
});

test('step out after check-in: 10, 20 or 30 minutes, PATCH {step_out_minutes}, then "Back by" and "I\'m back"', async () => {
  config.value = { ...DEFAULT_CONFIG, stepOutMinutes: [10, 20, 30] };
  const until = new Date(Date.UTC(2026, 10, 24, 12, 20));
  const out = party({ customer_at_pob: false, stepped_out_until: until.toISOString(), step_outs_left: 0 });
  const back = party({ customer_at_pob: true, stepped_out_until: null, step_outs_left: 0 });
  const { el, f } = await open({ [ORDER]: { body: party({ customer_at_pob: true }) }, [PATCH]: [{ body: out }, { body: back }] });
  await fire.click(button(el, 'Step out for a while'));
  const choices = el.querySelector('.tracking-step-out-choices') as HTMLElement;
  assert.is(text(choices.querySelector('legend')), 'How long will you be away?');
  assert.equal(
    [...choices.querySelectorAll('.tracking-step-out-options button')].map((b) => text(b)),
    ['10 min', '20 min', '30 min'],
  );
  await fire.click(button(choices, '20 min'));
  await settle(5);
  assert.equal(f.calls.find((c) => c.method === 'PATCH')?.body, { step_out_minutes: 20 });
  const card = el.querySelector('.tracking-stepped-out') as HTMLElement;
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' }).format(until);
  assert.ok(text(card).includes(`Back by ${time}`), text(card));
  assert.is(el.querySelector('.tracking-check-in'), null, 'no check-in while out');
  assert.is(button(el, 'Step out for a while'), null);
  assert.is(el.querySelector('.tracking-wait')?.getAttribute('data-state'), 'stepped-out');
  await fire.click(button(card, "I'm back"));
  await settle(5);
  assert.equal(f.calls.filter((c) => c.method === 'PATCH')[1]?.body, { customer_at_pob: true });
  assert.is(el.querySelector('.tracking-stepped-out'), null);
  assert.ok(el.querySelector('.tracking-checked-in'), 'checked in again');
  assert.is(button(el, 'Step out for a while'), null, 'no step-outs left');
  f.restore();
});

test('no step out before check-in, in service, or without step-outs left', async () => {
  let { el, f } = await open({ [ORDER]: { body: party({ customer_at_pob: false }) } });
  assert.is(button(el, 'Step out for a while'), null);
  f.restore();
  await cleanup();
  tracking.reset();
  ({ el, f } = await open({ [ORDER]: { body: party({ customer_at_pob: true, step_outs_left: 0 }) } }));
  assert.is(button(el, 'Step out for a while'), null);
  f.restore();
  await cleanup();
  tracking.reset();
  ({ el, f } = await open({ [ORDER]: { body: party({ customer_at_pob: true, in_service: true }) } }));
  assert.is(button(el, 'Step out for a while'), null);
  f.restore();
});

test('a refused step-out (409) is said clearly and nothing is lost', async () => {
  const { el, f } = await open({
    [ORDER]: { body: party({ customer_at_pob: true }) },
    [PATCH]: { status: 409, body: { error: 'Conflict' } },
  });
  await fire.click(button(el, 'Step out for a while'));
  await fire.click(button(el, '10 min'));
  await settle(5);
  assert.is(notice.value?.kind, 'error');
  assert.is(notice.value?.title, 'Stepping out did not work.');
  assert.ok(el.querySelector('.tracking-checked-in'), 'still checked in');
  assert.ok(button(el, 'Step out for a while'), 'can try again');
  f.restore();
});

test.run();

/**
 * Come as a party on the review step: "Add a person" up to partyMax − 1 (none without the setting), a name or label
 * with its rules said inline, each person's own services and extras under the per-person limits, removable, and
 * the POST's companions.
 */
import '../../dom.ts';
import { act } from 'react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../../dom.ts';
import { stubFetch, wireProfile } from '../../account-fetch.ts';
import { pob, wireOrder, quoteReply } from '../../queue-fixtures.ts';
import { MAX_ORDER_ITEMS } from '../../../../src/shared/constants.ts';
import type { WireOrderInput } from '../../../../src/shared/wire-order.ts';
import Shop from '../../../../src/client/screens/Shop/index.tsx';
import { loc } from '../../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../../src/client/state/account.ts';
import { config, DEFAULT_CONFIG } from '../../../../src/client/state/config.ts';
import { locale, setLanguage } from '../../../../src/client/state/i18n.ts';
import * as order from '../../../../src/client/state/order.ts';
import { profile, reset as resetSession, user } from '../../../../src/client/state/session.ts';
import { reset as resetPage } from '../../../../src/client/state/shop-page.ts';
import { reset as resetShops } from '../../../../src/client/state/shops.ts';
import * as tracking from '../../../../src/client/state/tracking/tracking.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const dialog = (el: Element) => el.querySelector('.review-dialog') as HTMLElement;
const button = (root: Element, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label) ?? null;
const toggle = (root: Element, selector: string, title: string) =>
  [...root.querySelectorAll<HTMLButtonElement>(selector)].find((b) => text(b).includes(title)) ?? null;
const people = (el: Element) => [...el.querySelectorAll<HTMLElement>('.party-person')];

async function open(partyMax: number | undefined, routes: Parameters<typeof stubFetch>[0] = {}, services = pob().services) {
  config.value = { ...DEFAULT_CONFIG, ...(partyMax === undefined ? {} : { partyMax }) };
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile();
  history.replaceState(null, '', '/barbershop/2');
  loc.value = { path: '/barbershop/2', search: '', direction: 'none' };
  const f = stubFetch({ 'GET /pobs/2/': { body: pob({ services }) }, 'POST /customers/7/quote/': quoteReply(), ...routes });
  const el = await render(<Shop params={{ id: '2' }} />);
  await settle();
  await settle();
  await fire.click(toggle(el, 'button.service-toggle', 'Haircut'));
  await fire.click(button(el, 'Next'));
  await waitFor(() => el.querySelector('.review-dialog')); // the dialogs' code, asked for with the first service picked
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
  config.value = DEFAULT_CONFIG;
});

test('no party without the setting, nor with partyMax 1', async () => {
  let { el, f } = await open(undefined);
  assert.ok(dialog(el), 'the review is open');
  assert.is(button(dialog(el), 'Add a person'), null);
  f.restore();
  await cleanup();
  order.reset();
  ({ el, f } = await open(1));
  assert.is(button(dialog(el), 'Add a person'), null);
  f.restore();
});

test('a person is a section with a heading, a labelled name, a barber and his own services; up to partyMax − 1', async () => {
  const { el, f } = await open(3);
  const d = dialog(el);
  await fire.click(button(d, 'Add a person'));
  const [first] = people(el);
  assert.ok(first, 'a section');
  assert.is(text(first.querySelector('h4')), 'Person 2');
  const name = first.querySelector('input') as HTMLInputElement;
  assert.is(text(el.querySelector(`label[for="${name.id}"]`)), 'Name or label');
  assert.is(name.maxLength, 30, "the server's limit of a companion's name");
  assert.ok(first.querySelector('select'), 'his barber');
  assert.equal(
    [...first.querySelectorAll('option')].map((o) => text(o)),
    ['Anyone', 'Mikko K.', 'Jari L.'],
  );
  assert.ok(toggle(first, '.party-service-toggle', 'Beard trim'), 'the same menu');
  await fire.click(button(d, 'Add a person'));
  assert.is(people(el).length, 2);
  assert.is(button(d, 'Add a person'), null, 'at the limit no more');
  assert.ok(text(d).includes('A party is at most 3 people.'));
  f.restore();
});

test('the name: required, at most 30 characters after trimming, said inline once he has left the field or tried to join', async () => {
  const { el, f } = await open(5);
  const d = dialog(el);
  await fire.click(button(d, 'Add a person'));
  const person = people(el)[0];
  await fire.click(toggle(person, '.party-service-toggle', 'Beard trim'));
  assert.is(person.querySelector('.field-error'), null, 'nothing said before he tried');
  await fire.click(button(d, 'Join the queue'));
  await settle();
  assert.is(text(person.querySelector('.field-error')), 'Give a name or a label.');
  const input = person.querySelector('input') as HTMLInputElement;
  assert.is(input.getAttribute('aria-invalid'), 'true');
  assert.ok(input.getAttribute('aria-describedby')?.includes(person.querySelector('.field-error')!.id));
  await fire.input(input, '   ');
  assert.is(text(person.querySelector('.field-error')), 'Give a name or a label.', 'spaces alone are no name');
  await fire.input(input, 'x'.repeat(31));
  assert.is(text(person.querySelector('.field-error')), 'At most 30 characters.');
  await fire.input(input, `  ${'x'.repeat(30)}  `);
  assert.is(person.querySelector('.field-error'), null, '30 after trimming is fine');
  await fire.input(input, 'Son');
  assert.is(text(person.querySelector('h4')), 'Son', 'the heading follows the name');
  assert.is(f.calls.filter((c) => c.method === 'POST' && c.path === '/customers/7/orders/').length, 0, 'no join with a bad name');
  f.restore();
});

test('a person without services cannot join; each person has his own per-person item limit', async () => {
  const many = Array.from({ length: MAX_ORDER_ITEMS + 1 }, (_, i) => ({
    ...pob().services[0],
    id: 300 + i,
    title: `Haircut ${i}`,
    order: i,
  }));
  const { el, f } = await open(3, {}, many);
  const d = dialog(el);
  await fire.click(button(d, 'Add a person'));
  const person = people(el)[0];
  await fire.input(person.querySelector('input'), 'Leo');
  await fire.click(button(d, 'Join the queue'));
  await settle();
  assert.is(text(person.querySelector('.field-error')), 'Choose at least one service.');
  const toggles = [...person.querySelectorAll<HTMLButtonElement>('.party-service-toggle')];
  for (const b of toggles.slice(0, MAX_ORDER_ITEMS)) await fire.click(b);
  assert.is(toggles[MAX_ORDER_ITEMS].disabled, true, 'past his limit nothing more is added');
  assert.is(person.querySelectorAll('[aria-pressed="true"]').length, MAX_ORDER_ITEMS);
  assert.is(person.querySelector('.field-error'), null);
  f.restore();
});

test('the POST carries each companion with his trimmed name, items as the order’s own and his barber; the review shows the party total', async () => {
  const { el, f } = await open(3, {
    'POST /customers/7/orders/': {
      status: 201,
      body: wireOrder({
        party: [
          {
            person: 0,
            name: 'Matti M.',
            status: 'active',
            in_service: false,
            queue: 20,
            barber: null,
            services: [],
            price: 3500,
            duration: 30,
          },
          { person: 1, name: 'Leo', status: 'active', in_service: false, queue: 20, barber: null, services: [], price: 3100, duration: 25 },
        ],
        party_done: 55,
        party_done_low: 45,
        party_done_high: 70,
      }),
    },
  });
  const d = dialog(el);
  await fire.click(button(d, 'Add a person'));
  const person = people(el)[0];
  await fire.input(person.querySelector('input'), '  Leo ');
  await fire.click(toggle(person, '.party-service-toggle', 'Beard trim'));
  await fire.click(toggle(person, '.extra-toggle', 'Hot towel'));
  const select = person.querySelector('select') as HTMLSelectElement;
  await act(async () => {
    select.value = '8';
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
  });
  assert.ok(text(d).includes('Your services'));
  assert.ok(text(d).includes('Total for 2 people'));
  assert.ok(text(d.querySelector('.review-total')).includes('66,00'), text(d.querySelector('.review-total')));
  // Another person added and removed again before joining is not sent.
  await fire.click(button(d, 'Add a person'));
  await fire.click(button(people(el)[1], 'Remove'));
  assert.is(people(el).length, 1);
  await fire.click(button(d, 'Join the queue'));
  await settle();
  const post = f.calls.find((c) => c.method === 'POST' && c.path === '/customers/7/orders/');
  const body = post?.body as WireOrderInput;
  assert.equal(
    body.items.map((i) => i.service_id),
    [10],
  );
  assert.equal(body.companions, [
    {
      name: 'Leo',
      items: [
        {
          amount: 1,
          service_id: 20,
          service_info: { duration: 20, group_id: 2, id: 20, price: 2500, title: 'Beard trim' },
          extra_services: [{ amount: 1, service_id: 200, title: 'Hot towel' }],
        },
      ],
      barber_id: 8,
    },
  ]);
  assert.ok(text(d).includes('Last of you likely done'), 'once joined, when the last is likely done');
  assert.ok(text(d).includes('in about 55 min'), text(d));
  assert.ok(text(d).includes('usually 45–70 min'));
  await settle(800);
  f.restore();
});

test('alone: no companions in the POST', async () => {
  const { el, f } = await open(5, { 'POST /customers/7/orders/': { status: 201, body: wireOrder() } });
  await fire.click(button(dialog(el), 'Join the queue'));
  await settle();
  const body = f.calls.find((c) => c.method === 'POST' && c.path === '/customers/7/orders/')?.body as WireOrderInput;
  assert.is('companions' in body, false);
  await settle(800);
  f.restore();
});

test.run();

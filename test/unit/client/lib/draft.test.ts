/** The order draft's pure rules: what a draft keeps, and a draft read again against a menu that changed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isDraft, makeDraft, restoreDraft } from '../../../../src/client/lib/draft.ts';
import type { Extra, Service } from '../../../../src/client/lib/types.ts';

const service = (id: number, title: string): Service =>
  ({ id, title, price: 2000, duration: 30, groupId: 1, multiple: false, order: id, description: '' }) as unknown as Service;
const extra = (id: number, serviceId: number, title: string): Extra =>
  ({ id, serviceId, title, price: 500, duration: 5, order: id, description: '' }) as unknown as Extra;
const barber = (id: number, name: string) => ({ barber: { id, name, image: null } });

const menu = {
  services: [service(1, 'Haircut'), service(2, 'Beard trim'), service(3, 'Skin fade')],
  extraServices: { 1: [extra(11, 1, 'Hair wash'), extra(12, 1, 'Styling')] },
  queues: [barber(7, 'Joonas'), barber(8, 'Aino')],
};

const draft = makeDraft(
  2,
  menu,
  { serviceIds: [1, 2], extraServiceIds: { 1: [11] } },
  7,
  [{ key: 1, name: 'Son', selection: { serviceIds: [3], extraServiceIds: {} }, barberId: 8 }],
  10,
);

test('a draft names what was chosen with its titles, and reads back as it was against the same menu', () => {
  assert.equal(draft.selection.services, [
    { id: 1, title: 'Haircut' },
    { id: 2, title: 'Beard trim' },
  ]);
  assert.equal(draft.barber, { id: 7, title: 'Joonas' });
  assert.ok(isDraft(JSON.parse(JSON.stringify(draft))));
  assert.equal(restoreDraft(draft, menu), {
    selection: { serviceIds: [1, 2], extraServiceIds: { 1: [11] } },
    barberId: 7,
    companions: [{ name: 'Son', selection: { serviceIds: [3], extraServiceIds: {} }, barberId: 8 }],
    eta: 10,
    dropped: [],
  });
});

test('against a menu that changed: what still exists is kept, what does not is named once', () => {
  const changed = {
    services: [service(1, 'Haircut')],
    extraServiceIds: {},
    extraServices: { 1: [extra(12, 1, 'Styling')] },
    queues: [barber(8, 'Aino')],
  };
  const back = restoreDraft(draft, changed)!;
  assert.equal(back.selection, { serviceIds: [1], extraServiceIds: {} });
  assert.is(back.barberId, null);
  assert.equal(back.companions[0].selection.serviceIds, []);
  assert.equal(back.dropped, ['Hair wash', 'Beard trim', 'Joonas', 'Skin fade']);
});

test('anything else stored is not a draft', () => {
  for (const bad of [
    null,
    1,
    'x',
    {},
    { ...draft, v: 2 },
    { ...draft, eta: 15 },
    { ...draft, selection: { services: [{ id: 'x' }], extras: {} } },
  ])
    assert.not.ok(isDraft(bad), JSON.stringify(bad));
  assert.is(restoreDraft({ v: 1 }, menu), null);
});

test.run();

/**
 * The same services at another shop (lib/nearby-menu.ts): picked lines matched by catalogue key, what the other
 * shop lacks named, the rest preselected with its own ids, and no offer when none of the services is there.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchMenu, pickedItems } from '../../../../src/client/lib/nearby-menu.ts';
import type { WireExtraService, WirePobDetail, WireService } from '../../../../src/shared/wire.ts';

type Menu = Pick<WirePobDetail, 'services' | 'extra_services'>;

const service = (id: number, key: string | null, title: string, multiple = true): WireService => ({
  id,
  group_id: 1,
  title,
  order: id,
  description: '',
  long_description: '',
  price: 3000,
  duration: 30,
  multiple,
  catalogue_key: key,
});
const extra = (id: number, serviceId: number, key: string | null, title: string, order = id): WireExtraService => ({
  id,
  service_id: serviceId,
  title,
  order,
  description: '',
  long_description: '',
  price: 500,
  duration: 5,
  catalogue_key: key,
});

const HERE: Menu = {
  services: [service(10, 'haircut', 'Haircut'), service(20, 'beard-trim', 'Beard trim'), service(30, null, 'House special')],
  extra_services: {
    '10': [extra(100, 10, 'hair-wash', 'Hair wash'), extra(101, 10, 'styling-wax', 'Styling wax')],
    '20': [extra(200, 20, 'hot-towel', 'Hot towel')],
  },
};
const THERE: Menu = {
  services: [service(51, 'haircut', 'Hiustenleikkaus'), service(52, 'kids-cut', 'Lasten leikkaus')],
  extra_services: { '51': [extra(511, 51, 'styling-wax', 'Muotoiluvaha', 1), extra(510, 51, 'hair-wash', 'Hiustenpesu', 2)] },
};

const picked = (serviceIds: number[], extraServiceIds: Record<number, number[]> = {}) => pickedItems(HERE, { serviceIds, extraServiceIds });

test('picked lines carry their catalogue keys and the titles seen here', () => {
  assert.equal(picked([20, 10], { 10: [100] }), [
    { key: 'beard-trim', title: 'Beard trim', extras: [] },
    { key: 'haircut', title: 'Haircut', extras: [{ key: 'hair-wash', title: 'Hair wash' }] },
  ]);
});

test('everything offered there: its own ids preselected, extras in its order, nothing missing', () => {
  assert.equal(matchMenu(picked([10], { 10: [100, 101] }), THERE), {
    selection: { serviceIds: [51], extraServiceIds: { 51: [511, 510] } },
    missing: [],
  });
});

test('what the other shop lacks is named: a service, and an extra of a service it has', () => {
  const m = matchMenu(picked([10, 20], { 10: [100], 20: [200] }), {
    ...THERE,
    extra_services: { '51': [extra(511, 51, 'styling-wax', 'Muotoiluvaha')] },
  });
  assert.equal(m?.selection, { serviceIds: [51], extraServiceIds: {} });
  assert.equal(m?.missing, ['Hair wash', 'Beard trim'], "the beard trim's own extra is not named apart");
});

test('a service without a catalogue key cannot be matched: it is named', () => {
  assert.equal(matchMenu(picked([10, 30]), THERE)?.missing, ['House special']);
});

test('none of the picked services there: no offer', () => {
  assert.is(matchMenu(picked([20]), THERE), null);
  assert.is(matchMenu(picked([30]), THERE), null);
  assert.is(matchMenu([], THERE), null);
});

test('a service there taking one extra gets the first of those picked', () => {
  const one: Menu = { ...THERE, services: [service(51, 'haircut', 'Hiustenleikkaus', false)] };
  assert.equal(matchMenu(picked([10], { 10: [100, 101] }), one)?.selection.extraServiceIds, { 51: [510] });
});

test.run();

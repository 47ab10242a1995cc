import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { menuSections, nameInitials, weekHours } from '../../../../src/client/lib/shop-detail.ts';
import type { Extra, Service, ServiceGroup } from '../../../../src/client/lib/types.ts';

const group = (id: number, order: number, parentId: number | null = null): ServiceGroup => ({
  id,
  title: `G${id}`,
  order,
  description: '',
  parentId,
});
const service = (id: number, groupId: number, order: number): Service => ({
  id,
  groupId,
  order,
  title: `S${id}`,
  description: '',
  longDescription: '',
  price: 1000,
  duration: 30,
  multiple: false,
});
const extra = (id: number, serviceId: number, order: number): Extra => ({
  id,
  serviceId,
  order,
  title: `E${id}`,
  description: '',
  longDescription: '',
  price: 100,
  duration: 0,
});

test('weekHours: Monday to Sunday in the UI language, closed days null', () => {
  const times = [
    { weekday: 1, open: '09:00', close: '20:00' },
    { weekday: 6, open: '10:00', close: '18:00' },
  ];
  const cases: Array<['fi' | 'en' | 'ee', string, string]> = [
    ['fi', 'maanantai', 'sunnuntai'],
    ['en', 'Monday', 'Sunday'],
    ['ee', 'esmaspäev', 'pühapäev'],
  ];
  for (const [lang, monday, sunday] of cases) {
    const week = weekHours(times, lang);
    assert.is(week.length, 7, lang);
    assert.is(week[0].name, monday, lang);
    assert.is(week[6].name, sunday, lang);
  }
  const week = weekHours(times, 'en');
  assert.equal(
    week.map((d) => d.hours?.open ?? null),
    ['09:00', null, null, null, null, '10:00', null],
  );
});

test('menuSections: groups and services by order, extras under their service, empty groups dropped', () => {
  const groups = [group(2, 2), group(1, 1), group(3, 3), group(4, 1, 1)];
  const services = [service(11, 1, 2), service(10, 1, 1), service(20, 2, 1), service(40, 4, 1)];
  const extras = { 10: [extra(2, 10, 2), extra(1, 10, 1)] };
  const sections = menuSections(groups, services, extras);
  assert.equal(
    sections.map((s) => s.group.id),
    [1, 2],
    'group 3 has no services',
  );
  assert.equal(
    sections[0].items.map((i) => i.service.id),
    [10, 11],
  );
  assert.equal(
    sections[0].items[0].extras.map((e) => e.id),
    [1, 2],
  );
  assert.equal(sections[0].items[1].extras, []);
  assert.equal(
    sections[0].subgroups.map((s) => s.group.id),
    [4],
  );
});

test('menuSections: a missing parent makes a group top-level; a parent cycle does not hang', () => {
  const orphan = menuSections([group(5, 1, 99)], [service(50, 5, 1)], {});
  assert.equal(
    orphan.map((s) => s.group.id),
    [5],
  );
  const cycle = menuSections([group(1, 1, 2), group(2, 2, 1)], [service(10, 1, 1)], {});
  assert.equal(cycle, [], 'both have a parent in the list, so neither is top-level');
});

test('nameInitials: up to two letters', () => {
  const cases: Array<[string, string]> = [
    ['Mikko K.', 'MK'],
    ['anna', 'A'],
    ['Jean-Luc P. Smith', 'JP'],
    ['', '?'],
    ['Öljy Ä.', 'ÖÄ'],
  ];
  for (const [name, want] of cases) assert.is(nameInitials(name), want, name);
});

test.run();

/** The texts' lookup (state/i18n.ts): what a screen shows for a key, its parameters, and what it hides. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { i18n, t } from '../../../src/client/state/i18n.ts';

i18n.set('xx', {
  home: { title: 'Parturit', count: '{{count}} liikettä, {{ name }} ensin', nested: { deep: 'Syvä' }, list: ['a', 'b'] },
  missing: 'Missing translation: home.x',
});
i18n.set('yy', { home: { title: 'Barbers' } });

test('a key by its parts, with its parameters, in the language chosen', () => {
  i18n.locale('xx');
  assert.is(t('home.title'), 'Parturit');
  assert.is(t('home.nested.deep'), 'Syvä');
  assert.is(t('home.count', { count: 3, name: 'Kallio' }), '3 liikettä, Kallio ensin');
  assert.is(t('home.count', { count: 0 }), '0 liikettä,  ensin', 'a parameter not given is left out');
  assert.is(t('home.count'), ' liikettä,  ensin');
  i18n.locale('yy');
  assert.is(t('home.title'), 'Barbers');
});

test("what is no text gives '' (a missing key, a part of one, a list, a 'Missing translation' label, no table)", () => {
  i18n.locale('xx');
  for (const key of ['home.none', 'home.title.more', 'home', 'home.list', 'missing', 'none.at.all']) assert.is(t(key), '', key);
  i18n.locale('zz');
  assert.is(t('home.title'), '');
});

test('strings set later for a language are merged at the top level', () => {
  i18n.set('xx', { operator: { title: 'Konsoli' } });
  i18n.locale('xx');
  assert.is(t('operator.title'), 'Konsoli');
  assert.is(t('home.title'), 'Parturit');
  assert.ok(i18n.table('xx')?.home);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { initials, initialsImage } from '../../../../src/client/lib/initials.ts';

test('initials: first letters of first and last name, upper-cased', () => {
  const cases: Array<[string, string, string]> = [
    ['Mikko', 'Korhonen', 'MK'],
    [' mikko ', ' korhonen', 'MK'],
    ['Jüri', 'Õun', 'JÕ'],
    ['Mikko', '', 'M'],
    ['', 'Korhonen', 'K'],
    ['', '', '?'],
  ];
  for (const [first, last, want] of cases) assert.is(initials(first, last), want, `${first}|${last}`);
});

test('initialsImage: an SVG data URL with the initials, the same colour for the same name', () => {
  const url = initialsImage('Mikko', 'Korhonen');
  assert.ok(url.startsWith('data:image/svg+xml,'));
  const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
  assert.ok(svg.includes('>MK</text>'));
  assert.is(initialsImage('Mikko', 'Korhonen'), url);
});

test('initialsImage: markup in a name is escaped', () => {
  const svg = decodeURIComponent(initialsImage('<b>', '&x'));
  assert.ok(svg.includes('>&#60;&#38;</text>'));
  assert.not.ok(svg.includes('<b'));
});

test.run();

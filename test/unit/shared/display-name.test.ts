import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { displayName } from '../../../src/shared/display-name.ts';

// Callers: barber cards and the barber page (client), a shop's barber queues (GET /pobs/{id}/), an order's barber
// (WireOrder.barber.name), the operator's barbers, and app customers in the operator's queue (repos/orders.ts).
test('displayName: first name and last initial, the same for every caller', () => {
  const cases: Array<[string, string, string, string]> = [
    ['barber of the demo seed', 'Mikko', 'Korhonen', 'Mikko K.'],
    ['spaces typed around a registered name', ' Mikko ', ' Korhonen ', 'Mikko K.'],
    ['a customer who typed the last name in lower case', 'mikko', 'korhonen', 'mikko K.'],
    ['non-ASCII initial', 'Jüri', 'Õun', 'Jüri Õ.'],
    ['initial outside the BMP stays whole', 'Ann', '𝒵eta', 'Ann 𝒵.'],
    ['no last name', 'Mikko', '', 'Mikko'],
    ['a blank last name is no last name', 'Mikko', '   ', 'Mikko'],
    ['no first name', '', 'Korhonen', 'K.'],
    ['double-barrelled last name', 'Liisa', 'Virtanen-Koski', 'Liisa V.'],
    ['an emoji for a last name is no initial to abbreviate', 'Lasse', '🧔', 'Lasse 🧔'],
    ['a mark for a last name neither', 'Ari', '!', 'Ari !'],
  ];
  for (const [why, firstname, lastname, want] of cases) assert.is(displayName({ firstname, lastname }), want, why);
});

test('displayName: never shows the surname beyond its initial', () => {
  for (const lastname of ['Korhonen', 'Mäkinen', 'Õunapuu']) assert.not.match(displayName({ firstname: 'A', lastname }), lastname.slice(1));
});

test.run();

/** Pairing codes: 8 characters of an alphabet a person cannot misread, as typed on a tablet. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPairingCode, normalizePairingCode, PAIRING_ALPHABET } from '../../../../src/server/operator/devices.ts';

test('the alphabet has no look-alikes (0/O, 1/I/L) and no lower case', () => {
  for (const ch of '01OIL') assert.not.ok(PAIRING_ALPHABET.includes(ch), ch);
  assert.is(new Set(PAIRING_ALPHABET).size, PAIRING_ALPHABET.length);
  assert.is(PAIRING_ALPHABET, PAIRING_ALPHABET.toUpperCase());
});

test('codes are 8 characters of the alphabet, and every character turns up', () => {
  const seen = new Set<string>();
  const codes = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const c = newPairingCode();
    assert.match(c, /^[2-9A-HJKMNP-Z]{8}$/);
    for (const ch of c) seen.add(ch);
    codes.add(c);
  }
  assert.is(seen.size, PAIRING_ALPHABET.length);
  assert.ok(codes.size > 1990, 'practically never the same code twice');
});

test('a typed code is read in any case, with spaces or a dash', () => {
  assert.is(normalizePairingCode('abcd-2345'), 'ABCD2345');
  assert.is(normalizePairingCode(' ab cd 23 45 '), 'ABCD2345');
});

test.run();

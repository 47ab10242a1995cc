import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPhone } from '../../../../src/client/lib/phone-format.ts';

test('formatPhone: the stored E.164 number in the groups of its country', () => {
  const cases: Array<[string | null, string]> = [
    ['+358405551234', '+358 40 555 1234'],
    ['+35850123456', '+358 50 123 456'],
    ['+37251234567', '+372 5123 4567'],
    ['+3725123456', '+372 512 3456'],
    ['+4741234567', '+47 412 34 567'],
    ['+4520123456', '+45 20 12 34 56'],
    ['+46701234567', '+46 70 123 45 67'],
    ['+14155550123', '+14155550123'], // another country: as stored
    ['+3581234567890123', '+3581234567890123'], // not E.164
    ['040 555 1234', '040 555 1234'],
    [null, ''],
  ];
  for (const [raw, want] of cases) assert.is(formatPhone(raw), want, String(raw));
});

test.run();

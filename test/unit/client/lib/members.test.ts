import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  benefitState,
  isMember,
  membershipPriority,
  receiptTotal,
  receiptVat,
  sortBenefits,
  unreadCount,
  vatColumn,
  type VatColumn,
} from '../../../../src/client/lib/members.ts';
import { rowVat } from '../../../../src/shared/receipt.ts';
import type { WireBenefit as Benefit } from '../../../../src/shared/wire-account.ts';
import type { ReceiptRow } from '../../../../src/client/lib/types.ts';

test('membershipPriority: Silver 1, Gold 2, Platinum 3, else 0', () => {
  const cases: Array<[string | null | undefined, number]> = [
    ['Silver', 1],
    ['gold', 2],
    ['PLATINUM', 3],
    ['bronze', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ];
  for (const [type, want] of cases) assert.is(membershipPriority(type), want, String(type));
});

test('isMember: membership.type is present', () => {
  const cases: Array<[Parameters<typeof isMember>[0], boolean]> = [
    [{ membership: { type: 'Gold' } }, true],
    [{ membership: { type: '' } }, false],
    [{ membership: { type: null } }, false],
    [{ membership: null }, false],
    [{}, false],
    [null, false],
  ];
  for (const [profile, want] of cases) assert.is(isMember(profile), want, JSON.stringify(profile));
});

test('unreadCount: not read and less than one month old', () => {
  const now = new Date('2024-03-15T12:00:00Z');
  const msg = (id: number, date: string, read = false) => ({ id, date, read });
  const cases: Array<[string, ReturnType<typeof msg>[], number[], Date, number]> = [
    ['fresh unread', [msg(1, '2024-03-10T00:00:00Z')], [], now, 1],
    ['server flag read', [msg(1, '2024-03-10T00:00:00Z', true)], [], now, 0],
    ['read locally', [msg(1, '2024-03-10T00:00:00Z')], [1], now, 0],
    ['just under a month', [msg(1, '2024-02-15T12:00:01Z')], [], now, 1],
    ['exactly a month', [msg(1, '2024-02-15T12:00:00Z')], [], now, 0],
    ['older than a month', [msg(1, '2024-01-20T00:00:00Z')], [], now, 0],
    [
      'month end clamps: 31 Mar looks back to 29 Feb',
      [msg(1, '2024-03-01T00:00:00Z'), msg(2, '2024-02-28T00:00:00Z')],
      [],
      new Date('2024-03-31T12:00:00Z'),
      1,
    ],
    ['January looks back into December', [msg(1, '2023-12-20T00:00:00Z')], [], new Date('2024-01-10T00:00:00Z'), 1],
    ['bad date never counts', [msg(1, 'nope')], [], now, 0],
    ['mixed', [msg(1, '2024-03-10T00:00:00Z'), msg(2, '2024-03-11T00:00:00Z'), msg(3, '2024-03-12T00:00:00Z', true)], [2], now, 1],
  ];
  for (const [name, list, readIds, at, want] of cases) assert.is(unreadCount(list, readIds, at), want, name);
});

test('sortBenefits: redeemable first, then dateIssued ascending', () => {
  const b = (id: number, isRedeemable: boolean, dateIssued: string) => ({ id, isRedeemable, dateIssued });
  const cases: Array<[string, ReturnType<typeof b>[], number[]]> = [
    ['redeemable first', [b(1, false, '2024-01-01'), b(2, true, '2024-02-01')], [2, 1]],
    [
      'oldest first within',
      [b(1, true, '2024-03-01'), b(2, true, '2024-01-01'), b(3, false, '2023-01-01'), b(4, false, '2022-01-01')],
      [2, 1, 4, 3],
    ],
    ['empty', [], []],
  ];
  for (const [name, list, want] of cases) {
    const before = list.map((x) => x.id);
    assert.equal(
      sortBenefits(list).map((x) => x.id),
      want,
      name,
    );
    assert.equal(
      list.map((x) => x.id),
      before,
      `${name}: input untouched`,
    );
  }
});

test('benefitState: redeemed, redeemable, not redeemable', () => {
  const cases: Array<[Pick<Benefit, 'isRedeemable' | 'dateRedeemed'>, string]> = [
    [{ isRedeemable: true, dateRedeemed: null }, 'redeemable'],
    [{ isRedeemable: false, dateRedeemed: null }, 'not-redeemable'],
    [{ isRedeemable: false, dateRedeemed: '2024-03-01' }, 'redeemed'],
  ];
  for (const [benefit, want] of cases) assert.is(benefitState(benefit), want);
});

const row = (price: number, vat: number, vat_amount: number, amount = 1): ReceiptRow => ({ name: 'x', amount, price, vat, vat_amount });

// Rows as the server writes them: vat_amount is the VAT of the whole row (amount × price), not per unit.
const served = (price: number, vat: number, amount = 1): ReceiptRow => row(price, vat, rowVat({ amount, price, vat }), amount);

test("vatColumn: percent when all rates equal, else each row's own vat_amount (never multiplied by amount)", () => {
  const cases: Array<[string, ReceiptRow[], VatColumn]> = [
    ['one rate', [row(2900, 25.5, 589), row(500, 25.5, 102)], { kind: 'percent', values: [25.5, 25.5] }],
    ['mixed rates, amount 1', [row(2900, 25.5, 589), row(1000, 14, 123)], { kind: 'amount', values: [589, 123] }],
    ['mixed rates, coffee × 2', [row(2500, 25.5, 508), row(350, 14, 86, 2)], { kind: 'amount', values: [508, 86] }],
    ['mixed rates, both × 2', [served(1290, 25.5, 2), served(350, 14, 2)], { kind: 'amount', values: [524, 86] }],
    ['single row', [row(2900, 24, 561)], { kind: 'percent', values: [24] }],
    ['no rows', [], { kind: 'percent', values: [] }],
  ];
  for (const [name, rows, want] of cases) assert.equal(vatColumn(rows), want, name);
});

test('receiptTotal and receiptVat: VAT-inclusive sums in cents, amounts 1 and 2, mixed rates', () => {
  const cases: Array<[string, ReceiptRow[], number, number]> = [
    ['two rows, amount 1', [row(2900, 25.5, 589), row(500, 25.5, 102)], 3400, 691],
    ['amount 2', [served(350, 14, 2)], 700, 86],
    ['shave + coffee × 2 (the demo receipt)', [served(2500, 25.5), served(350, 14, 2)], 3200, 594],
    ['mixed, both × 2', [served(1290, 25.5, 2), served(350, 14, 2)], 3280, 610],
    ['empty', [], 0, 0],
  ];
  for (const [name, rows, total, vat] of cases) {
    assert.is(receiptTotal(rows), total, `${name}: total`);
    assert.is(receiptVat(rows), vat, `${name}: vat`);
  }
});

test('rowVat rounds once per row: 2 × 3,50 € at 14 % holds 0,86 €, not 2 × 0,43 €', () => {
  assert.is(rowVat({ amount: 2, price: 350, vat: 14 }), 86);
  assert.is(rowVat({ amount: 1, price: 350, vat: 14 }), 43);
  assert.is(rowVat({ amount: 2, price: 1290, vat: 25.5 }), 524);
});

test.run();

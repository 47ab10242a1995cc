import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { effectiveWait, shopState, type ShopStateInput } from '../../../../src/client/lib/shop-state.ts';
import type { ShopCardState } from '../../../../src/client/lib/types.ts';

const shop = (over: Partial<ShopStateInput> = {}): ShopStateInput => ({
  open: true,
  closingSoon: false,
  queue: 20,
  queueState: 'open',
  ...over,
});

test('shopState: every branch of the shop card state', () => {
  const cases: Array<[string, ShopStateInput | null, boolean, ShopCardState]> = [
    ['no data', null, false, 'unknown'],
    ['no queue value', shop({ queue: null }), false, 'unknown'],
    ['no queue value even when closed', shop({ queue: null, open: false }), false, 'unknown'],
    ['not open', shop({ open: false }), false, 'closed'],
    ['closing soon', shop({ closingSoon: true }), false, 'closed'],
    ['closed beats full', shop({ open: false, queueState: 'full' }), false, 'closed'],
    ['queue state full', shop({ queueState: 'full' }), false, 'full'],
    ['open but queue closed', shop({ queueState: 'closed' }), false, 'full'],
    ['open but queue state missing', shop({ queueState: null }), false, 'full'],
    ['open with open queue', shop(), false, 'taking-orders'],
    ['wait 0 still takes orders', shop({ queue: 0 }), false, 'taking-orders'],
  ];
  for (const [name, input, , want] of cases) assert.is(shopState(input), want, name);
});

test('effectiveWait: a selected barber number overrides the shop queue', () => {
  const cases: Array<[number | null, number | null | undefined, number | null]> = [
    [20, 5, 5],
    [20, 0, 0],
    [20, null, 20],
    [20, undefined, 20],
    [null, null, null],
  ];
  for (const [shopQ, barberQ, want] of cases) assert.is(effectiveWait(shopQ, barberQ), want, `${shopQ}/${barberQ}`);
});

test.run();

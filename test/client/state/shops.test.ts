import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { effect } from '@preact/signals-react';
import { pob } from '../queue-fixtures.ts';
import { toShopDetail } from '../../../src/client/lib/detail-mapper.ts';
import { mapDetailsWith, reset, shop, showShop } from '../../../src/client/state/shops.ts';

// As the shop page's state does when it loads (state/shop-page.ts).
mapDetailsWith(toShopDetail);

test('a stream frame that repeats what is shown changes nothing on screen; a new wait does', () => {
  reset();
  let runs = 0;
  const stop = effect(() => {
    void shop.value;
    runs++;
  });
  showShop(pob());
  assert.is(runs, 2, 'the shop came');
  const first = shop.value;
  // The first frame of the shop's stream: the same answer the page carried, as a new object.
  showShop(pob());
  assert.is(runs, 2, 'nothing to render again');
  assert.is(shop.value, first, 'the same entity');
  showShop(pob({ service_time_estimates: [{ priority: 0, wait_time: 42, wait_low: 35, wait_high: 50 }] }));
  assert.is(runs, 3, 'a changed wait is shown');
  assert.is.not(shop.value, first);
  stop();
  reset();
});

test.run();

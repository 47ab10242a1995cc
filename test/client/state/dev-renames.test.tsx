/** Development renaming: the config's table renames shops in the list, page, tracking and history in development mode only. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { pob, wireOrder } from '../queue-fixtures.ts';
import History from '../../../src/client/screens/History/index.tsx';
import { config, DEFAULT_CONFIG } from '../../../src/client/state/config.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { setDevelopment } from '../../../src/client/state/prefs.ts';
import { reset as resetReceipts } from '../../../src/client/state/receipts.ts';
import { toShopDetail } from '../../../src/client/lib/detail-mapper.ts';
import { loadShop, loadShops, mapDetailsWith, reset as resetShops, shop, shops } from '../../../src/client/state/shops.ts';
import { handOver, order, reset as resetTracking } from '../../../src/client/state/tracking/tracking.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import type { Profile } from '../../../src/client/state/session.ts';

// As the shop page's state does when it loads (state/shop-page.ts).
mapDetailsWith(toShopDetail);

setKeyValueStore(memoryKeyValue());
await setLanguage('en');
const DEMO = { name: 'Demo Shop', city: 'Springfield', address: '742 Evergreen Terrace' };

function serve() {
  const receipt = {
    id: 1,
    order_id: 41,
    created: '2026-11-20T10:00:00.000Z',
    rows: [{ name: 'Haircut', amount: 1, price: 3500, vat: 25.5, vat_amount: 711 }],
    pob: { id: 2, name: 'Kallio', address: 'Hämeentie 13', city: 'Helsinki' },
    status: 'paid',
    type: 'service',
    total: 3500,
  };
  return stubFetch({
    'GET /pobs/': { body: [pob({ id: 2, name: 'Kallio' }), pob({ id: 3, name: 'Töölö' })] },
    'GET /pobs/2/': { body: pob({ id: 2, name: 'Kallio' }) },
    'GET /customers/7/receipts/': { body: [receipt] },
  });
}

async function everywhere() {
  const f = serve();
  await loadShops(true);
  await loadShop(2);
  handOver(wireOrder());
  user.value = { id: 7, token: 'a', refreshToken: 'r' };
  profile.value = wireProfile() as Profile;
  const el = await render(<History params={{}} />);
  await settle(10);
  f.restore();
  return { list: shops.value.map((s) => s.name), page: shop.value, tracking: order.value!.shop, history: text(el) };
}

test.after.each(async () => {
  await cleanup();
  resetShops();
  resetTracking();
  resetReceipts();
  resetSession();
  setDevelopment(false);
  config.value = DEFAULT_CONFIG;
});

test('in development mode shop 2 is renamed in the list, on its page, in tracking and in history', async () => {
  config.value = { ...DEFAULT_CONFIG, devRenames: { '2': DEMO } };
  setDevelopment(true);
  const seen = await everywhere();
  assert.ok(seen.list.includes('Demo Shop') && !seen.list.includes('Kallio'), seen.list.join());
  assert.ok(seen.list.includes('Töölö'), 'shops the table does not name keep theirs');
  assert.equal([seen.page?.name, seen.page?.city, seen.page?.address], [DEMO.name, DEMO.city, DEMO.address]);
  assert.equal([seen.tracking.name, seen.tracking.city, seen.tracking.address], [DEMO.name, DEMO.city, DEMO.address]);
  assert.ok(seen.history.includes('Demo Shop') && seen.history.includes('742 Evergreen Terrace'), seen.history);
});

test('outside development mode the table has no effect', async () => {
  config.value = { ...DEFAULT_CONFIG, devRenames: { '2': DEMO } };
  const seen = await everywhere();
  assert.ok(seen.list.includes('Kallio') && !seen.list.includes('Demo Shop'));
  assert.is(seen.page?.name, 'Kallio');
  assert.is(seen.tracking.name, 'Kallio');
  assert.ok(seen.history.includes('Kallio') && !seen.history.includes('Demo Shop'));
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, menu } from '../queue-helpers.ts';
import type { WirePob, WirePobDetail } from '../../../src/shared/wire.ts';

// Kamppi (1) is busy on the harness's Tuesday noon; its list entry and detail are kept until a change or the next minute.
const cached = suite('shop list and detail cache');
let h: Harness;
cached.before(async () => {
  h = await harness({ seed: seedDemo });
});
cached.after(async () => h.close());

const list = async () => (await call<WirePob[]>(h, 'GET', '/api/fi/pobs/')).body;
const kamppi = async () => (await list()).find((p) => p.id === 1)!;
const detail = async () => (await call<WirePobDetail>(h, 'GET', '/api/fi/pobs/1/')).body;

cached('a join shows in the list and the detail at once: a queue change invalidates the cache', async () => {
  const before = await kamppi();
  const beforeDetail = await detail();
  const c = await customer(h);
  const m = await menu(h, 1);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 1, items: [item(s)] } });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  assert.is((await kamppi()).queue_info.queue_length, before.queue_info.queue_length + 1);
  assert.ok((await detail()).service_time_estimates[0].wait_time! >= beforeDetail.service_time_estimates[0].wait_time!);
});

cached('a change that bypasses the queue (direct SQL) shows once the minute moves', async () => {
  const before = await kamppi();
  await h.db.query("UPDATE orders SET status = 'cancelled' WHERE shop_id = 1 AND status = 'active'");
  assert.is((await kamppi()).queue_info.queue_length, before.queue_info.queue_length, 'the kept answer within the minute');
  h.clock.advance(1); // the next minute
  assert.is((await kamppi()).queue_info.queue_length, 0);
});

cached.run();

/**
 * One rule decides whether a shop takes orders now, for the list, the shop page and the join, in development mode
 * too (docs/decisions.md, "Order of service"): a closed or full shop is closed or full in the list and on its page,
 * no barber's queue on the page is open (nothing to offer a join with), and the join is refused; an open one is open
 * everywhere and takes the join.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { WirePob, WirePobDetail } from '../../../src/shared/wire.ts';
import { call, customer, helsinki, item, menu } from '../queue-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await harness({ seed: seedDemo, config: { development: true } });
});
test.after(() => h.close());

/** What the list, the page and a join say of some demo shops at a time of day. */
async function everywhere(at: string, ids: number[]) {
  h.clock.set(helsinki(at));
  const list = (await call<WirePob[]>(h, 'GET', '/api/fi/pobs/?dev=1')).body;
  const out: { id: number; list: string; page: string; barberOpen: boolean; join: number }[] = [];
  for (const p of list.filter((x) => ids.includes(x.id))) {
    const page = (await call<WirePobDetail>(h, 'GET', `/api/fi/pobs/${p.id}/?dev=1`)).body;
    const c = await customer(h);
    const s = (await menu(h, p.id)).services[0];
    const join = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/?dev=1`, {
      token: c.token,
      body: { pob_id: p.id, items: [item(s)] },
    });
    if (join.status === 201) await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [join.body.id]);
    out.push({
      id: p.id,
      list: p.queue_state,
      page: page.queue_state,
      barberOpen: page.queues.some((q) => q.queue_open),
      join: join.status,
    });
  }
  return out;
}

test('before opening (07:30), closed everywhere in development mode: no open barber queue on the page, the join refused', async () => {
  // Shop 2 opens at 7, shops 1 and 8 later.
  const seen = await everywhere('07:30', [1, 2, 8]);
  const closed = seen.filter((s) => s.list === 'closed');
  assert.is(closed.length, 2, JSON.stringify(seen));
  for (const s of closed)
    assert.equal({ ...s, id: 0 }, { id: 0, list: 'closed', page: 'closed', barberOpen: false, join: 409 }, `shop ${s.id}`);
  // And an open one is open everywhere and takes the join.
  for (const s of seen.filter((x) => x.list === 'open')) assert.equal([s.page, s.barberOpen, s.join], ['open', true, 201], `shop ${s.id}`);
});

test('in the evening (19:45), a full shop offers no barber either, and an open one takes the join', async () => {
  // Shop 2 open, 4 full (its barbers' shifts are booked), 10 closed.
  const seen = await everywhere('19:45', [2, 4, 10]);
  for (const s of seen) {
    if (s.list === 'open') assert.equal([s.page, s.join], ['open', 201], `shop ${s.id}`);
    else assert.equal([s.page, s.barberOpen, s.join], [s.list, false, 409], `shop ${s.id}`);
  }
  assert.equal(seen.map((s) => s.list).sort(), ['closed', 'full', 'open'], JSON.stringify(seen));
});

test.run();

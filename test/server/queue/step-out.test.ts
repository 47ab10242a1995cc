/**
 * Stepping out and keeping the place (docs/decisions.md, "Parties and stepping out"): PATCH {step_out_minutes}
 * after check-in and before service, once per order by default; while out those behind him are served first; "I'm
 * back" ({customer_at_pob: true}) makes him next again among those he was ahead of; the shop may mark him a
 * no-show only from no_show_from. Demo seed on the harness day (Tuesday 2026-11-24, 12:00 Helsinki): Kallio (2) has
 * one barber on shift at noon.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';

const SHOP = 2;
const MINUTE = 60_000;

let h: Harness;
const out = suite('stepping out');
out.before(async () => {
  h = await harness({ seed: seedDemo });
  await h.db.query(
    `UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`,
    [SHOP],
  );
});
out.after(() => h.close());

const orders = (c: TestCustomer) => `/api/fi/customers/${c.id}/orders/`;
const get = (c: TestCustomer, id: number) => call<WireOrder>(h, 'GET', `${orders(c)}${id}/`, { token: c.token });
const patch = (c: TestCustomer, id: number, body: unknown) => call<WireOrder>(h, 'PATCH', `${orders(c)}${id}/`, { token: c.token, body });
const op = async (method: string, path: string, body?: unknown) =>
  call(h, method, `/api/fi/operator/${path}`, { token: await operatorKey(h, SHOP), body });
const floor = async () => (await op('GET', `pobs/${SHOP}/queue/`)).body as WireOperatorQueue;

async function joined(checkIn = true) {
  const c = await customer(h);
  const m = await menu(h, SHOP);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const res = await call<WireOrder>(h, 'POST', orders(c), { token: c.token, body: { pob_id: SHOP, items: [item(cut)], eta_minutes: 0 } });
  assert.is(res.status, 201, JSON.stringify(res.body));
  if (checkIn) assert.is((await patch(c, res.body.id, { customer_at_pob: true })).status, 200);
  return { c, o: res.body };
}

/** The waiting orders' ids in the engine's plan, in service order. */
const planned = async () =>
  (await floor()).orders
    .filter((x) => x.status === 'waiting')
    .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? '') || (a.position ?? 0) - (b.position ?? 0))
    .map((x) => x.id);

out('step_out_minutes other than 10, 20 or 30 is a 400; before check-in a 409', async () => {
  const { c, o } = await joined(false);
  for (const bad of [0, 5, 15, 31, '10', null, true])
    assert.is((await patch(c, o.id, { step_out_minutes: bad })).status, 400, `step_out_minutes ${JSON.stringify(bad)}`);
  assert.is((await patch(c, o.id, { step_out_minutes: 10, cancel: true })).status, 400, 'alone');
  const early = await patch(c, o.id, { step_out_minutes: 10 });
  assert.is(early.status, 409);
  assert.is(early.body.error, 'Check in before stepping out');
  assert.is((await get(c, o.id)).body.stepped_out_until, null);
  await patch(c, o.id, { cancel: true });
});

out("stepped out: those behind him go first; I'm back: he is ahead again; a second step-out is a 409", async () => {
  const a = await joined();
  h.clock.advance(1);
  const b = await joined();
  assert.equal((await planned()).slice(0, 2), [a.o.id, b.o.id], 'first come, first served');
  const now = h.clock.now();
  const res = await patch(a.c, a.o.id, { step_out_minutes: 20 });
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.is(res.body.stepped_out_until, new Date(now + 20 * MINUTE).toISOString());
  assert.is(res.body.step_outs_left, 0);
  assert.is(res.body.customer_at_pob, true);
  assert.equal((await planned()).slice(0, 2), [b.o.id, a.o.id], 'planned as absent: the one behind him goes first');
  const console = (await floor()).orders.find((x) => x.id === a.o.id)!;
  assert.is(console.stepped_out_until, res.body.stepped_out_until);
  assert.is(console.no_show_from, new Date(now + 30 * MINUTE).toISOString(), 'back time plus the 10-minute grace');
  const again = await patch(a.c, a.o.id, { step_out_minutes: 10 });
  assert.is(again.status, 409);
  assert.is(again.body.error, 'Already stepped out');
  const back = await patch(a.c, a.o.id, { customer_at_pob: true });
  assert.is(back.status, 200);
  assert.is(back.body.stepped_out_until, null);
  assert.equal((await planned()).slice(0, 2), [a.o.id, b.o.id], 'back: next among those he was ahead of');
  const none = await patch(a.c, a.o.id, { step_out_minutes: 10 });
  assert.is(none.status, 409);
  assert.is(none.body.error, 'No step-outs left for this order');
  for (const x of [a, b]) await patch(x.c, x.o.id, { cancel: true });
});

out('in service is a 409; the no-show of a stepped-out order only from no_show_from', async () => {
  const a = await joined();
  assert.is((await patch(a.c, a.o.id, { step_out_minutes: 10 })).status, 200);
  const early = await op('POST', `orders/${a.o.id}/no-show/`);
  assert.is(early.status, 409);
  assert.match(early.body.error, /^The customer stepped out and is due back; a no-show only from /);
  h.clock.advance(19);
  assert.is((await op('POST', `orders/${a.o.id}/no-show/`)).status, 409, 'within the grace');
  h.clock.advance(1);
  const late = await op('POST', `orders/${a.o.id}/no-show/`);
  assert.is(late.status, 200, JSON.stringify(late.body));
  assert.is(late.body.status, 'no-show');
  // Someone in the chair cannot step out.
  const b = await joined();
  const q = await floor();
  const barber = q.barbers.find((x) => x.on_shift && x.serving === null)!.id;
  assert.is((await op('POST', `orders/${b.o.id}/start/`, { barber_id: barber })).status, 200);
  const chair = await patch(b.c, b.o.id, { step_out_minutes: 10 });
  assert.is(chair.status, 409);
  assert.is(chair.body.error, 'Order is already in service');
  await op('POST', `orders/${b.o.id}/finish/`);
});

out.run();

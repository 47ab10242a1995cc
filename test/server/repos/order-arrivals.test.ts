/**
 * Where an order came from and when its customer arrived (migration 013; the shops learn from them and the
 * console's figures count them): a join from the app is 'app' and not checked in until the customer says so,
 * a walk-in is 'desk' and checked in at once, and the start of service stands for the arrival of one never checked in.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey } from '../queue-helpers.ts';

const arrivals = suite('order source and arrival');
let h: Harness;
arrivals.before(async () => {
  h = await harness({ seed: seedDemo, start: helsinki('12:00') });
});
arrivals.after(() => h.close());

/** The order's source and arrival (epoch ms: the adapter reads timestamps as numbers on both engines). */
const row = async (id: number) => {
  const r = (
    await h.db.query<{ source: string; checked_in_at: number | string | Date | null }>(
      'SELECT source, checked_in_at FROM orders WHERE id = $1',
      [id],
    )
  ).rows[0];
  return { source: r.source, checked_in_at: r.checked_in_at === null ? null : new Date(r.checked_in_at).getTime() };
};

arrivals('an app join is app and not checked in; checking in records the time once', async () => {
  const c = await customer(h);
  const m = await menu(h, 1);
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 1, items: [item(m.services[0])] },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  const id = joined.body.id as number;
  assert.equal(await row(id), { source: 'app', checked_in_at: null });
  h.clock.advance(7);
  const checked = await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${id}/`, { token: c.token, body: { customer_at_pob: true } });
  assert.is(checked.status, 200, JSON.stringify(checked.body));
  assert.is((await row(id)).checked_in_at, h.clock.now());
  const first = h.clock.now();
  h.clock.advance(3);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${id}/`, { token: c.token, body: { customer_at_pob: true } });
  assert.is((await row(id)).checked_in_at, first, 'a second check-in keeps the first arrival');
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${id}/`, { token: c.token, body: { cancel: true } });
});

arrivals('a walk-in is desk and checked in at once; a start stands for the arrival of one never checked in', async () => {
  const key = await operatorKey(h, 1);
  const m = await menu(h, 1);
  const walkIn = await call(h, 'POST', '/api/fi/operator/pobs/1/walk-ins/', {
    token: key,
    body: { name: 'Walk In', services: [m.services[0].id] },
  });
  assert.is(walkIn.status, 201, JSON.stringify(walkIn.body));
  assert.equal(await row(walkIn.body.id), { source: 'desk', checked_in_at: h.clock.now() });

  const c = await customer(h);
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 1, items: [item(m.services[0])] },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  const queue = (await call(h, 'GET', '/api/fi/operator/pobs/1/queue/', { token: key })).body as {
    barbers: { id: number; on_shift: boolean; serving: number | null }[];
  };
  // The demo's barbers are all busy at noon: one finishes first.
  const barber = queue.barbers.find((b) => b.on_shift)!;
  if (barber.serving !== null)
    assert.is((await call(h, 'POST', `/api/fi/operator/orders/${barber.serving}/finish/`, { token: key })).status, 200);
  h.clock.advance(5);
  const started = await call(h, 'POST', `/api/fi/operator/orders/${joined.body.id}/start/`, { token: key, body: { barber_id: barber.id } });
  assert.is(started.status, 200, JSON.stringify(started.body));
  assert.equal(await row(joined.body.id), { source: 'app', checked_in_at: h.clock.now() });
});

arrivals.run();

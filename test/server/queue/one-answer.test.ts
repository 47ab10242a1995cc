/**
 * One answer per person (docs/decisions.md): over random demo states (the simulator plays the chain for a random
 * while between rounds) and random proposals (services and extras, barber or anyone, arrival, membership, companions),
 * the review's quote, the join's answer and the first tracking frame agree on the wait (± 1 min), its window and the
 * leave-by; a quote refused is a join refused alike. And the shop page's headline equals the viewer's chip of the
 * barber it names, at every priority, as the app maps the detail (client lib/mappers.ts, lib/shop-state.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { rng } from '../../../src/server/demo/random.ts';
import { simulator } from '../../../src/server/demo/simulator-run.ts';
import type { WireOrder, WireQuote } from '../../../src/shared/wire-order.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import type { MembershipType } from '../../../src/shared/wire-account.ts';
import { toShopDetail } from '../../../src/client/lib/detail-mapper.ts';
import { effectiveWait } from '../../../src/client/lib/shop-state.ts';
import { harness, type Harness } from '../harness.ts';
import { call, customer, helsinki } from '../queue-helpers.ts';

const MIN = 60_000;
const ROUNDS = 4;
const PROPOSALS = 4;
const SHOPS = [1, 2, 4, 8, 11];
const LEVELS: (MembershipType | undefined)[] = [undefined, undefined, 'silver', 'gold', 'platinum'];

let h: Harness;
test.before(async () => {
  h = await harness({ seed: seedDemo });
  h.clock.set(helsinki('10:30'));
});
test.after(() => h.close());

const near = (a: number | null | undefined, b: number | null | undefined) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1);
const nearMs = (a: number | null, b: number | null) => a === b || (a !== null && b !== null && Math.abs(a - b) <= MIN);
/** The leave-by an order's answer gives (tracking shows it as it is). */
const tracked = (o: WireOrder) => (o.leave_by ? Date.parse(o.leave_by) : null);

type Detail = WirePobDetail & {
  queues: (WirePobDetail['queues'][number] & { waits?: { priority: number; wait_time: number | null }[] })[];
};

test('the quote, the join and the first tracking frame agree; the headline is the viewer’s chip of the barber it names', async () => {
  const t0 = performance.now();
  const r = rng(3838);
  const sim = simulator(h.deps, { rng: rng(38) });
  let compared = 0;
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // The chain plays on for 10–40 minutes: services start and end, walk-ins and remote joiners come.
    const minutes = 10 + Math.floor(r.next() * 30);
    for (let m = 0; m < minutes; m += 5) {
      h.clock.advance(5);
      await sim.tick();
    }
    for (const shopId of SHOPS) {
      const detail = (await call<Detail>(h, 'GET', `/api/fi/pobs/${shopId}/?lang=en`)).body;
      // The headline and the chip of the barber it names, at every priority, as the app shows them.
      for (const priority of [0, 1, 2, 3]) {
        const shop = toShopDetail(detail, priority, 2);
        assert.is(effectiveWait(shop.queue, undefined), shop.queue, 'anyone: the headline is the "Anyone" chip');
        for (const q of shop.queues) {
          const wire = detail.queues.find((x) => x.barber.id === q.barber.id)!;
          assert.is(effectiveWait(shop.queue, q.waitTime), q.waitTime, `shop ${shopId} barber ${q.barber.id} p${priority}`);
          const own = wire.waits!.find((w) => w.priority === priority)!;
          assert.is(q.waitTime, own.wait_time, `the chip is his priority's: shop ${shopId} barber ${q.barber.id} p${priority}`);
        }
        // A member never waits longer than a one-time customer for the same barber.
        for (const w of detail.queues)
          if (w.waits![priority].wait_time !== null && w.wait_time !== null) assert.ok(w.waits![priority].wait_time! <= w.wait_time);
      }
    }
    for (let k = 0; k < PROPOSALS; k++) {
      const shopId = r.pick(SHOPS);
      const detail = (await call<Detail>(h, 'GET', `/api/fi/pobs/${shopId}/?lang=en`)).body;
      const services = detail.services;
      const chooseItems = () => {
        const s = r.pick(services);
        const extras = detail.extra_services[String(s.id)] ?? [];
        return [
          {
            amount: 1,
            service_id: s.id,
            extra_services: extras.length && r.chance(0.4) ? [{ amount: 1, service_id: r.pick(extras).id }] : [],
          },
        ];
      };
      const open = detail.queues.filter((q) => q.queue_open);
      const barber = open.length && r.chance(0.4) ? r.pick(open).barber.id : null;
      const eta = r.chance(0.3) ? null : r.pick([0, 5, 10, 20, 30, 45, 60]);
      const companions = r.chance(0.25) ? [{ name: 'Friend', items: chooseItems() }] : [];
      const body = {
        pob_id: shopId,
        items: chooseItems(),
        ...(barber !== null && { barber_id: barber }),
        ...(eta !== null && { eta_minutes: eta }),
        ...(companions.length && { companions }),
      };
      const c = await customer(h, { membership: r.pick(LEVELS) });
      const what = `round ${round} ${JSON.stringify(body)}`;
      const q = await call<WireQuote>(h, 'POST', `/api/fi/customers/${c.id}/quote/`, { token: c.token, body });
      const j = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body });
      if (q.status !== 200) {
        // Refused alike: the same status and text, and nothing placed.
        assert.is(
          j.status,
          q.status,
          `${what}: quote ${q.status} ${q.body.error}, join ${j.status} ${JSON.stringify(j.body).slice(0, 200)}`,
        );
        assert.is(j.body.error, q.body.error, what);
        refused++;
        continue;
      }
      assert.is(j.status, 201, `${what}: ${JSON.stringify(j.body).slice(0, 300)}`);
      const o = j.body;
      const frame = (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${o.id}/`, { token: c.token })).body;
      for (const [name, x] of [
        ['join', o],
        ['first frame', frame],
      ] as const) {
        assert.ok(near(x.queue, q.body.queue), `${what}: ${name} ${x.queue} vs quote ${q.body.queue}`);
        assert.ok(near(x.queue_low, q.body.queue_low), `${what}: ${name} low ${x.queue_low} vs ${q.body.queue_low}`);
        assert.ok(near(x.queue_high, q.body.queue_high), `${what}: ${name} high ${x.queue_high} vs ${q.body.queue_high}`);
        assert.is(x.expected_at ?? null, q.body.expected_at, `${what}: ${name} expected_at`);
        const quoted = q.body.leave_by === null ? null : Date.parse(q.body.leave_by);
        assert.ok(nearMs(tracked(x), quoted), `${what}: ${name} leave-by ${tracked(x)} vs ${quoted}`);
        for (const [i, p] of (x.party ?? []).entries()) assert.ok(near(p.queue, q.body.party[i]?.queue), `${what}: ${name} person ${i}`);
      }
      compared++;
      // He leaves again: the next proposal meets the chain as the simulator left it.
      await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${o.id}/`, { token: c.token, body: { cancel: true } });
    }
  }
  await sim.stop();
  console.log(`  ${compared} joins compared with their quotes, ${refused} refused alike (${Math.round(performance.now() - t0)} ms)`);
  assert.ok(compared >= ROUNDS * PROPOSALS * 0.6, `${compared} compared`);
});

test.run();

/**
 * One plan on every screen (docs/decisions.md, "Leave by" and "The console's queue and the display"), as a property
 * over random demo states (6 rounds, about 80 comparisons): customers of every level join Kamppi and Kallio with or
 * without a barber, an arrival and companions, the desk starts, checks in and marks companions absent, and the clock
 * moves. At every state:
 *  - the join's answer (tracking's first frame) and each later order read agree with the console's row on the wait
 *    (±1 min), the window and the leave-by; the console expects him when that leave-by gets him there;
 *  - the console lists the waiting by place, and no place waits longer than the place after it; "ahead" is the place;
 *  - the display's walk-in wait is the shop detail's quote for a customer without membership, and the queue's state;
 *  - a companion marked absent reads as a no-show in the customer's order and leaves the party's plan.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { rng, type Rng } from '../../../src/server/demo/random.ts';
import { call, customer, helsinki, item, menu, operatorKey, relogin, type TestCustomer } from '../queue-helpers.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';
import type { WireOperatorOrder, WireOperatorQueue } from '../../../src/shared/wire-operator.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import type { MembershipType } from '../../../src/shared/wire-account.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { checkTurns } from '../../../src/server/queue/turns.ts';
import { loadConfig } from '../../../src/server/config.ts';

const MIN = 60_000;
const SHOPS = [1, 2];
let h: Harness;
const keys: Record<number, string> = {};
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };

const plan = suite('one plan on every screen, over random demo states');
plan.before(async () => {
  const limits = { ...loadConfig({}).limits, turnSmsMinAgeMs: 0 };
  h = await harness({ seed: seedDemo, config: { limits }, deps: { sms } });
  for (const id of SHOPS) keys[id] = await operatorKey(h, id);
});
plan.after(() => h.close());

const floorOf = async (shopId: number) =>
  (await call<WireOperatorQueue>(h, 'GET', `/api/fi/operator/pobs/${shopId}/queue/`, { token: keys[shopId] })).body;
const op = (shopId: number, path: string, body?: unknown) => call(h, 'POST', `/api/fi/operator/${path}`, { token: keys[shopId], body });

interface Joined {
  c: TestCustomer;
  shopId: number;
  orderId: number;
}

/** A random join at a random shop: level, services, barber (anyone or one taking customers), arrival, companions. */
async function randomJoin(r: Rng): Promise<{ joined: Joined; answer: WireOrder } | null> {
  const level = r.pick<MembershipType | undefined>([undefined, undefined, 'silver', 'gold', 'platinum']);
  const c = await customer(h, level ? { membership: level } : {});
  const shopId = r.pick(SHOPS);
  const m = await menu(h, shopId);
  const services = m.services.filter((s) => s.duration <= 60);
  const open = m.queues.filter((q) => q.wait_time !== null).map((q) => q.barber.id);
  const body: Record<string, unknown> = { pob_id: shopId, items: [item(r.pick(services))] };
  if (open.length && r.chance(0.3)) body.barber_id = r.pick(open);
  if (r.chance(0.5)) body.eta_minutes = r.pick([0, 5, 10, 20, 30, 45, 60, 90]);
  if (r.chance(0.25))
    body.companions = Array.from({ length: r.int(1, 2) }, (_, i) => ({ name: `Guest ${i + 1}`, items: [item(r.pick(services))] }));
  const res = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body });
  // A join that no longer fits is refused as the console's state would show; that is not this test's question.
  if (res.status !== 201) return null;
  return { joined: { c, shopId, orderId: res.body.id }, answer: res.body };
}

/** A random action of the desk: start someone on a free barber, check someone in, mark a waiting companion absent. */
async function randomDesk(r: Rng, shopId: number) {
  const f = await floorOf(shopId);
  const waiting = f.orders.filter((o) => o.status === 'waiting');
  if (!waiting.length) return;
  const roll = r.next();
  if (roll < 0.35) {
    const free = f.barbers.find((b) => b.on_shift && b.serving === null && !b.on_break_until);
    const o = r.pick(waiting);
    if (free) await op(shopId, `orders/${o.id}/start/`, { barber_id: free.id });
  } else if (roll < 0.6) {
    const away = waiting.filter((o) => !o.customer_at_pob);
    if (away.length) await op(shopId, `orders/${r.pick(away).id}/check-in/`);
  } else if (roll < 0.8) {
    const companions = waiting.filter((o) => o.party_of != null);
    if (companions.length) await op(shopId, `orders/${r.pick(companions).id}/no-show/`);
  }
}

/** Within a minute of each other, or both unknown (an order that cannot be served today). */
const near = (a: number | null | undefined, b: number | null | undefined, what: string) => {
  assert.ok((a == null && b == null) || (a != null && b != null && Math.abs(a - b) <= 1), `${what}: ${a} vs ${b}`);
};

/** The console's row agrees with what the customer's phone reads: wait ±1, window, leave-by and the arrival it gives. */
function agrees(row: WireOperatorOrder | undefined, o: WireOrder, what: string, now: number) {
  assert.ok(row, `${what}: on the console`);
  near(row!.wait, o.queue, `${what} wait`);
  assert.equal([row!.wait_low, row!.wait_high], [o.queue_low, o.queue_high], `${what} window`);
  assert.is(row!.leave_by ?? null, o.leave_by ?? null, `${what} leave-by`);
  assert.is(row!.position, o.ahead, `${what} place`);
  if (o.leave_by) {
    const leave = Date.parse(o.leave_by);
    assert.ok(leave >= now - MIN, `${what}: leave-by never before now`);
    // He is expected once leaving then gets him there: never before he leaves, never before his window opens less a minute.
    const expected = Date.parse(row!.expected_at!);
    assert.ok(expected >= leave, `${what}: expected ${row!.expected_at} before leaving at ${o.leave_by}`);
    assert.ok(expected >= now + ((o.queue_low ?? o.queue!) - 1) * MIN, `${what}: expected before his window opens`);
  }
}

plan('random joins, desk actions and minutes: console, display and phones read one plan', async () => {
  const r = rng(3838);
  h.clock.set(helsinki('11:20'));
  const people: Joined[] = [];
  const done = new Set<number>();
  let compared = 0;
  let withLeave = 0;
  for (let round = 0; round < 6; round++) {
    for (let k = r.int(1, 3); k > 0; k--) {
      const got = await randomJoin(r);
      if (!got) continue;
      people.push(got.joined);
      // The join's answer is tracking's first frame: the console says the same of him at once.
      const row = (await floorOf(got.joined.shopId)).orders.find((o) => o.id === got.joined.orderId);
      agrees(row, got.answer, `join ${got.joined.orderId}`, h.clock.now());
      compared++;
    }
    if (r.chance(0.7)) await randomDesk(r, r.pick(SHOPS));
    h.clock.advance(r.int(1, 9));
    for (const shopId of SHOPS) {
      const f = await floorOf(shopId);
      const waiting = f.orders.filter((o) => o.status === 'waiting');
      // The console's list by place, and no place waits longer than the place after it.
      waiting.forEach((o, i) => {
        assert.is(o.position, i, 'listed by place');
        if (i > 0 && o.wait !== null && waiting[i - 1].wait !== null)
          assert.ok(waiting[i - 1].wait! <= o.wait, `place ${i} waits ${waiting[i - 1].wait}, place ${i + 1} ${o.wait}`);
      });
      // The display's walk-in wait is the app's quote for a customer without membership, in the same state.
      const detail = (await call<WirePobDetail>(h, 'GET', `/api/fi/pobs/${shopId}/`)).body;
      const quote = detail.service_time_estimates.find((e) => e.priority === 0);
      assert.is(f.pob.queue_state, detail.queue_state, 'one state');
      if (f.pob.queue_state === 'open') near(f.pob.wait_time, quote?.wait_time, `shop ${shopId} walk-in wait`);
      else assert.is(f.pob.wait_time, null);
      for (const p of people.filter((x) => x.shopId === shopId && !done.has(x.orderId))) {
        await relogin(h, p.c);
        const read = await call<WireOrder>(h, 'GET', `/api/fi/customers/${p.c.id}/orders/${p.orderId}/`, { token: p.c.token });
        assert.is(read.status, 200, JSON.stringify(read.body));
        const o = read.body;
        // In service or ended: nothing more to compare (a party's companions waiting still are, on the console).
        if (o.status !== 'active' || o.in_service) {
          if (o.status !== 'active') done.add(p.orderId);
          continue;
        }
        agrees(
          f.orders.find((x) => x.id === p.orderId),
          o,
          `order ${p.orderId} at ${new Date(h.clock.now()).toISOString()}`,
          h.clock.now(),
        );
        compared++;
        if (o.leave_by) withLeave++;
        // A companion marked absent is no longer of the party's plan: no wait of his, and he is not on the floor.
        for (const person of o.party ?? []) {
          if (person.status !== 'no-show') continue;
          assert.is(person.queue, null);
          assert.not.ok(
            f.orders.some((x) => x.party_of === p.orderId && x.person === person.person),
            'not on the floor',
          );
        }
      }
    }
  }
  assert.ok(compared > 30, `compared ${compared}`);
  assert.ok(withLeave > 5, `with a leave-by ${withLeave}`);
});

/**
 * Kallio just before its change of shifts: nobody waiting, one barber on shift for 20 more minutes (a haircut no longer
 * fits: his queue is closed), the next two from three hours on.
 */
async function shiftChange(now: number) {
  const shop = 2;
  await h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = $2 WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    shop,
    new Date(now).toISOString(),
  ]);
  await h.db.query('DELETE FROM barber_breaks WHERE shop_id = $1', [shop]);
  await h.db.query('DELETE FROM shifts WHERE shop_id = $1 AND ends_at > $2', [shop, new Date(now - 86_400_000).toISOString()]);
  const { rows } = await h.db.query<{ id: number }>(
    `SELECT id FROM barbers WHERE home_shop_id = $1 AND status = 'active' ORDER BY id LIMIT 3`,
    [shop],
  );
  const shift = (id: number, from: number, to: number) =>
    h.db.query('INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [
      id,
      shop,
      new Date(now + from * MIN).toISOString(),
      new Date(now + to * MIN).toISOString(),
    ]);
  await shift(rows[0].id, -120, 20);
  for (const b of rows.slice(1)) await shift(b.id, 180, 780);
  await h.deps.changes.announceEverything();
  return rows[0].id;
}

plan('before a change of shifts: the display quotes what the join gets, and the closed queue takes nobody new', async () => {
  h.clock.set(helsinki('16:00'));
  const closing = await shiftChange(h.clock.now());
  const detail = (await call<WirePobDetail>(h, 'GET', '/api/fi/pobs/2/')).body;
  const quote = detail.service_time_estimates.find((e) => e.priority === 0)!.wait_time!;
  assert.is(detail.queue_state, 'open', 'a haircut fits today: the shop takes joins');
  assert.ok(quote >= 180, `served by the next shift: ${quote}`);
  const f = await floorOf(2);
  const barber = f.barbers.find((b) => b.id === closing)!;
  assert.equal([barber.on_shift, barber.queue_open], [true, false], 'on shift, his queue closed: not free for anyone new');
  assert.equal([f.pob.queue_state, f.pob.wait_time], ['open', quote], "the display's walk-in wait is the app's quote");
  const c = await customer(h);
  const m = await menu(h, 2);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const joined = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item(cut)], eta_minutes: 0 },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  near(joined.body.queue, quote, 'the join answers the quote');
});

plan('"time to leave" goes out when the leave-by the phone shows comes, with the trip he gave or the learned one', async () => {
  h.clock.set(helsinki('17:00'));
  await shiftChange(h.clock.now());
  const m = await menu(h, 2);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  for (const eta of [20, undefined]) {
    const c = await customer(h, { allowSms: true, language: 'en' });
    const phone = (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [c.id])).rows[0].phone;
    const res = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
      token: c.token,
      body: { pob_id: 2, items: [item(cut)], ...(eta !== undefined && { eta_minutes: eta }) },
    });
    assert.is(res.status, 201, JSON.stringify(res.body));
    // A new token at each read: the clock moves hours, tokens last 15 minutes.
    const read = async () => {
      await relogin(h, c);
      return (await call<WireOrder>(h, 'GET', `/api/fi/customers/${c.id}/orders/${res.body.id}/`, { token: c.token })).body;
    };
    const leave = Date.parse((await read()).leave_by!);
    assert.ok(leave > h.clock.now() + 60 * MIN, `a long wait: leave by ${new Date(leave).toISOString()}`);
    const row = (await floorOf(2)).orders.find((o) => o.id === res.body.id)!;
    const trip = eta ?? Math.round((Date.parse(row.expected_at!) - leave) / MIN);
    if (eta !== undefined)
      assert.is(Date.parse(row.expected_at!), leave + eta * MIN, 'the console expects him when leaving then gets him there');
    else assert.ok(trip > 0, `a learned trip: ${trip}`);
    // Minute by minute from before it: the alert goes out exactly when the order read says it is time to leave.
    h.clock.set(leave - 10 * MIN);
    let quiet = 0;
    for (let step = 0; step < 40; step++) {
      const told = Date.parse((await read()).leave_by!);
      await checkTurns(h.deps);
      const sent = texts.filter((t) => t.to === phone).map((t) => t.text);
      if (told > h.clock.now()) {
        assert.is(sent.length, 0, `nothing before leave-by (eta ${eta})`);
        quiet++;
        h.clock.advance(1);
        continue;
      }
      assert.is(told, h.clock.now(), 'the phone says leave now');
      assert.is(sent.length, 1, `one alert at leave-by (eta ${eta}): ${sent}`);
      assert.match(sent[0], new RegExp(`trip takes about ${trip} min\\. Leave now`));
      break;
    }
    assert.ok(quiet > 0 && texts.some((t) => t.to === phone), `quiet ${quiet} minutes, then told`);
    await relogin(h, c);
    await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${res.body.id}/`, { token: c.token, body: { cancel: true } });
    h.clock.set(helsinki('17:00'));
  }
});

plan.run();

/**
 * A barber's day from the console: breaks of 15/30/60 minutes, back early and ending the day early edit
 * today's shift windows as queue changes (the version moves, the waits follow); when a barber leaves, the orders
 * that chose him go to anyone and their customers are told, in their language.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import type { PushMessage, PushSender } from '../../../src/server/notify/push.ts';
import { call, customer, helsinki, item, menu, operatorKey } from '../queue-helpers.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';

// Shops of the demo seed: 11 Kauppakatu (one barber, 10–18), 1 Kamppi (busy, several barbers), 2 Kallio.
let h: Harness;
const keys: Record<number, string> = {};
const texts: { to: string; text: string }[] = [];
const pushes: PushMessage[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };
const push: PushSender = {
  send: async (m) => {
    pushes.push(m);
    return 'sent';
  },
};

// biome-ignore lint/suspicious/noExplicitAny: untyped answers, as in the other route tests.
const op = <T = any>(method: string, path: string, key: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: key, body });
const floorOf = async (shop: number) => (await op<WireOperatorQueue>('GET', `pobs/${shop}/queue/`, keys[shop])).body;
const barberOf = (q: WireOperatorQueue, id: number) => q.barbers.find((b) => b.id === id)!;
/** A new customer's wait at the shop as its public page shows it (any barber). */
const publicWait = async (shop: number) => {
  const d = (await call(h, 'GET', `/api/fi/pobs/${shop}/`)).body as { queues: { wait_time: number | null }[] };
  return Math.min(...d.queues.map((x) => x.wait_time ?? Number.POSITIVE_INFINITY));
};

const breaks = suite('breaks');
breaks.before(async () => {
  h = await harness({ seed: seedDemo, deps: { sms, push } });
  for (const id of [1, 2, 11]) keys[id] = await operatorKey(h, id);
});

breaks('a 30-minute break cuts the window, the waits follow at once, and back ends it early', async () => {
  h.clock.set(helsinki('12:00'));
  const before = await floorOf(11);
  const barber = before.barbers.find((b) => b.on_shift)!;
  const waitBefore = await publicWait(11);
  assert.ok(waitBefore < 30, `the shop served soon before the break (${waitBefore})`);

  for (const minutes of [20, '30', null])
    assert.is((await op('POST', `pobs/11/barbers/${barber.id}/break/`, keys[11], { minutes })).status, 400, String(minutes));
  const res = await op<WireOperatorQueue>('POST', `pobs/11/barbers/${barber.id}/break/`, keys[11], { minutes: 30 });
  assert.is(res.status, 200, JSON.stringify(res.body));
  const b = barberOf(res.body, barber.id);
  assert.is(b.on_break_until, new Date(helsinki('12:30')).toISOString());
  assert.is(b.on_shift, false);
  assert.equal(
    b.shifts.map((w) => [w.start, w.end]),
    [
      [before.barbers.find((x) => x.id === barber.id)!.shifts[0].start, new Date(helsinki('12:00')).toISOString()],
      [new Date(helsinki('12:30')).toISOString(), new Date(helsinki('18:00')).toISOString()],
    ],
  );
  assert.ok(res.body.pob.queue_version > before.pob.queue_version, 'a queue change');
  assert.ok((await publicWait(11)) >= 30, "the customers' waits follow: nobody is served before 12:30");
  const again = await op('POST', `pobs/11/barbers/${barber.id}/break/`, keys[11], { minutes: 15 });
  assert.is(again.status, 409);
  assert.is(again.body.error, WIRE_ERRORS.barberNotOnShift);

  h.clock.set(helsinki('12:10'));
  const back = await op<WireOperatorQueue>('POST', `pobs/11/barbers/${barber.id}/back/`, keys[11]);
  assert.is(back.status, 200);
  const after = barberOf(back.body, barber.id);
  assert.equal([after.on_break_until, after.on_shift], [null, true]);
  assert.is(after.shifts[1].start, new Date(helsinki('12:10')).toISOString());
  assert.ok((await publicWait(11)) < 30);
  const twice = await op('POST', `pobs/11/barbers/${barber.id}/back/`, keys[11]);
  assert.is(twice.status, 409);
  assert.is(twice.body.error, WIRE_ERRORS.barberNotOnBreak);
});

breaks('a break past the end of the shift, cut short, gives back the rest of the shift', async () => {
  h.clock.set(helsinki('17:30'));
  const barber = (await floorOf(11)).barbers.find((b) => b.on_shift)!;
  const res = await op<WireOperatorQueue>('POST', `pobs/11/barbers/${barber.id}/break/`, keys[11], { minutes: 60 });
  assert.is(barberOf(res.body, barber.id).on_break_until, new Date(helsinki('18:30')).toISOString());
  assert.is(barberOf(res.body, barber.id).shifts.at(-1)!.end, new Date(helsinki('17:30')).toISOString(), 'no window after the break');
  h.clock.set(helsinki('17:40'));
  const back = await op<WireOperatorQueue>('POST', `pobs/11/barbers/${barber.id}/back/`, keys[11]);
  const last = barberOf(back.body, barber.id).shifts.at(-1)!;
  assert.equal([last.start, last.end], [new Date(helsinki('17:40')).toISOString(), new Date(helsinki('18:00')).toISOString()]);
});

breaks('who may: a display, another shop and a barber not working here are refused, and nothing changes', async () => {
  h.clock.set(helsinki('14:00'));
  const barber = (await floorOf(11)).barbers.find((b) => b.on_shift)!;
  const code = (await op('POST', 'pobs/11/pairing-codes/', keys[11], { role: 'display' })).body.code;
  const display = (await call(h, 'POST', '/api/fi/operator/pairing/', { body: { code, name: 'Screen' } })).body.key;
  for (const action of ['break', 'back', 'end-shift']) {
    assert.is((await op('POST', `pobs/11/barbers/${barber.id}/${action}/`, display, { minutes: 15 })).status, 403, `display ${action}`);
    assert.is((await op('POST', `pobs/11/barbers/${barber.id}/${action}/`, keys[2], { minutes: 15 })).status, 403, `other shop ${action}`);
    assert.is((await op('POST', `pobs/11/barbers/${barber.id}/${action}/`, undefined, { minutes: 15 })).status, 401);
  }
  const elsewhere = (await floorOf(2)).barbers[0].id;
  assert.is((await op('POST', `pobs/11/barbers/${elsewhere}/break/`, keys[11], { minutes: 15 })).status, 404);
  assert.is(barberOf(await floorOf(11), barber.id).on_shift, true);
});

const leaving = suite('ending the day early');

leaving('the orders that chose him go to anyone and their customers are told (push, SMS in their language)', async () => {
  h.clock.set(helsinki('12:00'));
  const q = await floorOf(1);
  const [leaver, stayer] = q.barbers.filter((b) => b.on_shift);
  assert.ok(leaver && stayer, 'two barbers on shift at Kamppi');
  const m = await menu(h, 1);
  const withPush = await customer(h, { fcmToken: 'device-1', language: 'sv' });
  const withSms = await customer(h, { allowSms: true, language: 'de' });
  const other = await customer(h);
  const join = async (c: { id: number; token: string }, barberId: number) => {
    const res = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
      token: c.token,
      body: { pob_id: 1, barber_id: barberId, items: [item(m.services[0])] },
    });
    assert.is(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };
  const a = await join(withPush, leaver.id);
  const b = await join(withSms, leaver.id);
  const c = await join(other, stayer.id);
  pushes.length = 0;
  texts.length = 0;

  const res = await op<WireOperatorQueue>('POST', `pobs/1/barbers/${leaver.id}/end-shift/`, keys[1]);
  assert.is(res.status, 200, JSON.stringify(res.body));
  const gone = barberOf(res.body, leaver.id);
  assert.equal([gone.on_shift, gone.shifts.at(-1)!.end], [false, new Date(helsinki('12:00')).toISOString()]);
  const byId = new Map(res.body.orders.map((o) => [o.id, o]));
  assert.equal([byId.get(a)!.chosen_barber_id, byId.get(b)!.chosen_barber_id, byId.get(c)!.chosen_barber_id], [null, null, stayer.id]);
  assert.ok(
    res.body.orders.every((o) => o.status !== 'waiting' || o.barber_id !== leaver.id),
    'the engine plans nobody for him',
  );
  const seen = await call(h, 'GET', `/api/fi/customers/${withPush.id}/orders/${a}/`, { token: withPush.token });
  assert.is(seen.body.chosen_barber_id, null, 'the customer sees the order goes to anyone');

  await h.deps.turns.idle();
  const told = pushes.filter((p) => p.data?.kind === 'barber-left');
  assert.is(told.length, 1);
  assert.is(told[0].token, 'device-1');
  assert.is(told[0].title, 'Din frisör har gått');
  assert.match(told[0].body, new RegExp(leaver.name));
  const phone = (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [withSms.id])).rows[0].phone;
  const sent = texts.filter((t) => t.to === phone);
  assert.is(sent.length, 1);
  // The body alone, which says all the title does (docs/decisions.md, "Turn alerts").
  assert.match(sent[0].text, new RegExp(`^${leaver.name} hat bei .+ für heute Feierabend\\.`));
  const recorded = await h.db.query<{ order_id: number }>(
    "SELECT order_id FROM order_notifications WHERE kind = 'barber-left' ORDER BY order_id",
  );
  assert.equal(
    recorded.rows.map((r) => r.order_id),
    [a, b],
    "once each, and not the other barber's customer",
  );

  const again = await op('POST', `pobs/1/barbers/${leaver.id}/end-shift/`, keys[1]);
  assert.is(again.status, 409);
  assert.is((await op('POST', `pobs/1/barbers/${leaver.id}/break/`, keys[1], { minutes: 15 })).status, 409, 'no break after the day ended');
  await call(h, 'PATCH', `/api/fi/customers/${other.id}/orders/${c}/`, { token: other.token, body: { cancel: true } });
  const later = await call(h, 'POST', `/api/fi/customers/${other.id}/orders/`, {
    token: other.token,
    body: { pob_id: 1, barber_id: leaver.id, items: [item(m.services[0])] },
  });
  assert.ok(later.status >= 400, 'nobody can choose him for today any more');
});

leaving('ending the day while on a break ends the break too', async () => {
  h.clock.set(helsinki('13:00'));
  const barber = (await floorOf(11)).barbers.find((b) => b.on_shift)!;
  await op('POST', `pobs/11/barbers/${barber.id}/break/`, keys[11], { minutes: 15 });
  h.clock.set(helsinki('13:05'));
  const res = await op<WireOperatorQueue>('POST', `pobs/11/barbers/${barber.id}/end-shift/`, keys[11]);
  assert.is(res.status, 200, JSON.stringify(res.body));
  const b = barberOf(res.body, barber.id);
  assert.equal([b.on_break_until, b.on_shift], [null, false]);
  assert.ok(
    b.shifts.every((w) => Date.parse(w.end) <= helsinki('13:05')),
    'no window left today',
  );
  assert.is.not(res.body.pob.queue_state, 'open', 'the one-barber shop has nobody left today');
  assert.is(b.wait_time, null);
});

leaving.after(async () => {
  await h.close();
});

breaks.run();
leaving.run();

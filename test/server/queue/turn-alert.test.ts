/**
 * The turn alert the customer chooses: the lead in the profile (alert_lead_minutes: null = 10, or 10,
 * 20, 30 minutes before the turn), and "time to leave" for someone on his way once his announced trip reaches the
 * low end of his likely window, by SMS in his language, never before the order is TURN_SMS_MIN_AGE_S old.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, relogin, type TestCustomer } from '../queue-helpers.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { checkTurns, turnAlert } from '../../../src/server/queue/turns.ts';
import { loadConfig } from '../../../src/server/config.ts';

const MIN = 60_000;
let h: Harness;
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };
const phoneOf = async (c: TestCustomer) =>
  (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [c.id])).rows[0].phone;
const textsTo = async (c: TestCustomer) => {
  const phone = await phoneOf(c);
  return texts.filter((t) => t.to === phone).map((t) => t.text);
};
const profile = (c: TestCustomer, method = 'GET', body?: unknown) =>
  call(h, method, `/api/fi/customers/${c.id}/`, { token: c.token, body });

const rules = suite('turn alert rules');

rules('due at the lead; earlier for a longer announced trip, then "time to leave"', () => {
  const t = Date.parse('2026-11-24T10:00:00Z');
  const away = (trip: number | null) => ({
    status: 'active' as 'active' | 'cancelled',
    checkedIn: false,
    joinedAt: t,
    expectedAt: trip === null ? null : t + trip * MIN,
  });
  const cases: [string, ReturnType<typeof away>, number, number | null, { kind: string; leave: boolean } | null, number?][] = [
    ['default lead, 11 min', away(null), 11, null, null],
    ['default lead, 10 min', away(null), 10, null, { kind: 'near', leave: false }],
    ['lead 30, 25 min', away(null), 25, 30, { kind: 'near', leave: false }],
    ['lead 20, 25 min', away(null), 25, 20, null],
    ['trip 25, lead 10, wait 24', away(25), 24, null, { kind: 'near', leave: true }],
    ['trip 25, lead 10, wait 25', away(25), 25, null, { kind: 'near', leave: true }],
    ['trip 25, lead 10, wait 26', away(25), 26, null, null],
    ['trip 5, lead 10, wait 8', away(5), 8, null, { kind: 'near', leave: false }],
    ['trip 25, lead 30, wait 28', away(25), 28, 30, { kind: 'near', leave: false }],
    ['trip 25, checked in, wait 20', { ...away(25), checkedIn: true }, 20, null, null],
    ['turn now', away(25), 0, null, { kind: 'now', leave: false }],
    ['ended', { ...away(25), status: 'cancelled' as const }, 5, null, null],
    // With a window: time to leave once its low end is within the trip (tracking's "leave by"), before the wait is.
    ['trip 25, wait 35, window from 24', away(25), 35, null, { kind: 'near', leave: true }, 24],
    ['trip 25, wait 35, window from 25', away(25), 35, null, { kind: 'near', leave: true }, 25],
    ['trip 25, wait 35, window from 26', away(25), 35, null, null, 26],
    ['no trip announced, wait 35, window from 5', away(null), 35, null, null, 5],
    ['trip 25, checked in, window from 5', { ...away(25), checkedIn: true }, 35, null, null, 5],
  ];
  for (const [name, order, wait, lead, want, low] of cases) {
    const got = turnAlert(order, wait, lead, low);
    assert.equal(got && { kind: got.kind, leave: got.leave }, want, name);
  }
});

const lead = suite('alert lead in the profile');
lead.before(async () => {
  h = await harness({ seed: seedDemo });
});
lead.after(() => h.close());

lead('null by default; 10, 20, 30 or null may be set; anything else is a 400 that changes nothing', async () => {
  const c = await customer(h);
  assert.is((await profile(c)).body.alert_lead_minutes, null);
  const set = await profile(c, 'PATCH', { alert_lead_minutes: 20 });
  assert.is(set.status, 200);
  assert.is(set.body.alert_lead_minutes, 20);
  for (const bad of [15, 0, '10', 10.5, true, 60]) {
    const res = await profile(c, 'PATCH', { alert_lead_minutes: bad });
    assert.is(res.status, 400, JSON.stringify(bad));
    assert.is(res.body.error, 'Invalid alert_lead_minutes');
  }
  assert.is((await profile(c)).body.alert_lead_minutes, 20);
  assert.is((await profile(c, 'PATCH', { alert_lead_minutes: null })).body.alert_lead_minutes, null);
  const other = await customer(h);
  assert.is((await call(h, 'PATCH', `/api/fi/customers/${c.id}/`, { token: other.token, body: { alert_lead_minutes: 30 } })).status, 403);
});

const sent = suite('turn alerts sent');
sent.before(async () => {
  const limits = { ...loadConfig({}).limits, turnSmsMinAgeMs: 2 * MIN };
  h = await harness({ seed: seedDemo, config: { limits }, deps: { sms } });
  h.clock.set(helsinki('12:00'));
});
sent.after(() => h.close());

/** Advances the clock in steps of `step` minutes until `c` is sent something (at most `max` minutes). */
async function until(c: TestCustomer, step: number, max: number): Promise<number> {
  for (let t = 0; t <= max; t += step) {
    await checkTurns(h.deps);
    if ((await textsTo(c)).length) return t;
    h.clock.advance(step);
  }
  return -1;
}

sent('a chosen lead of 30 alerts before the default would', async () => {
  const early = await customer(h, { allowSms: true, language: 'en' });
  const usual = await customer(h, { allowSms: true, language: 'en' });
  assert.is((await profile(early, 'PATCH', { alert_lead_minutes: 30 })).status, 200);
  const body = { pob_id: 1, items: [item((await menu(h, 1)).services.find((x) => x.title === 'Haircut')!)] };
  const a = await call(h, 'POST', `/api/fi/customers/${early.id}/orders/`, { token: early.token, body });
  const b = await call(h, 'POST', `/api/fi/customers/${usual.id}/orders/`, { token: usual.token, body });
  assert.is(a.status, 201);
  assert.is(b.status, 201);
  assert.ok(a.body.queue > 30, `wait ${a.body.queue}`);
  h.clock.advance(3);
  await checkTurns(h.deps);
  let t = 0;
  while (!(await textsTo(early)).length && t < 60) {
    h.clock.advance(1);
    t++;
    await checkTurns(h.deps);
  }
  const [text] = await textsTo(early);
  assert.ok(text, 'the early one was alerted');
  assert.match(text, 'Your turn at Kamppi is in about');
  const wait = Number(/about (\d+) min/.exec(text)![1]);
  assert.ok(wait > 10 && wait <= 30, `alerted at ${wait} min`);
  assert.is((await textsTo(usual)).length, 0, 'the default lead is still 10');
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE shop_id = 1 AND customer_id IS NOT NULL AND status = 'active'`);
});

sent(
  'someone on his way whose trip is longer than the wait is told it is time to leave, in his language, not before the order is 2 minutes old',
  async () => {
    h.clock.set(helsinki('12:00'));
    const c = await customer(h, { allowSms: true, language: 'fi' });
    await relogin(h, c);
    // Kallio is idle: with an arrival 25 minutes away, the turn is as soon as he is there.
    const body = { pob_id: 2, items: [item((await menu(h, 2)).services.find((x) => x.title === 'Haircut')!)], eta_minutes: 25 };
    const res = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body });
    assert.is(res.status, 201);
    await h.deps.turns.idle();
    await checkTurns(h.deps);
    assert.is((await textsTo(c)).length, 0, 'due at once, but the order is not 2 minutes old yet');
    const after = await until(c, 1, 10);
    assert.ok(after >= 2, `sent once the order is 2 minutes old (after ${after} min)`);
    const [text] = await textsTo(c);
    assert.match(text, 'Lähde nyt');
    assert.match(text, 'matka kestää noin 25 min');
    await checkTurns(h.deps);
    assert.is((await textsTo(c)).length, 1, 'once');
    const rows = await h.db.query('SELECT kind, channel FROM order_notifications WHERE order_id = $1', [res.body.id]);
    assert.equal(rows.rows, [{ kind: 'near', channel: 'sms' }]);
  },
);

rules.run();
lead.run();
sent.run();

/**
 * A phone is proven before it is texted (docs/decisions.md, "A phone is proven before it is texted"): no alert SMS
 * to a number nobody proved, whatever the client sends; the code that proves it, under the recovery codes' limits;
 * a phone change proves the new number. And the turn SMS itself: said once, asking to check in only those not checked
 * in, none to someone in the chair.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { checkTurns } from '../../../src/server/queue/turns.ts';
import { call as inject, FAST, freshPhone, login, PASSWORD, registration } from '../accounts-helpers.ts';
import { call, customer, helsinki, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';

const MIN = 60_000;
let h: Harness;
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };
const textsTo = (phone: string) => texts.filter((t) => t.to === phone).map((t) => t.text);
const codeIn = (phone: string) => {
  const last = textsTo(phone).at(-1);
  return last ? (/\b(\d{6})\b/.exec(last)?.[1] ?? null) : null;
};
let ips = 0;
const askCode = (phone: string, ip = `10.77.0.${++ips}`) =>
  inject(h, { method: 'POST', url: '/api/fi/auth/phone-code/', body: { countryCode: 'FI', phone }, ip });
const prove = (phone: string, token: unknown, ip = '10.77.1.1') =>
  inject(h, { method: 'POST', url: '/api/fi/auth/phone-proof/', body: { countryCode: 'FI', phone, token }, ip });
const profileOf = async (id: number, token: string) => (await call(h, 'GET', `/api/fi/customers/${id}/`, { token })).body;

/** A customer registered as the app does (allow_sms true), logged in. */
async function registered(language = 'en') {
  const phone = freshPhone();
  const ip = `10.78.0.${++ips}`;
  const reg = await inject(h, { method: 'POST', url: '/api/fi/register/', body: registration(phone, { allow_sms: true, language }), ip });
  assert.is(reg.status, 201, JSON.stringify(reg.json));
  return login(h, phone, PASSWORD, ip);
}

/** Joins Kallio (idle at noon) with a haircut: the turn is now. */
async function joinKallio(c: { id: number; token: string }, eta: number | undefined = 0) {
  const cut = (await menu(h, 2)).services.find((x) => x.title === 'Haircut')!;
  const body = { pob_id: 2, items: [item(cut)], eta_minutes: eta };
  const res = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: number; barber: { id: number } | null };
}
const clearKallio = () =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = 2 AND status IN ('active', 'in_service')`);

// One app for every test here (a demo chain's start is the most of this file's time).
const proof = suite('phone proof and the turn SMS');
proof.before(async () => {
  const limits = { ...loadConfig({}).limits, turnSmsMinAgeMs: 2 * MIN };
  h = await harness({ seed: seedDemo, config: { ...FAST, limits }, deps: { sms } });
  h.clock.set(helsinki('12:00'));
  await clearKallio();
});
proof.after(() => h.close());

proof('no alert SMS to a phone nobody proved, whatever the client sends; once proven by its code, the alert goes', async () => {
  const me = await registered('en');
  const token = me.access;
  const p = await profileOf(me.id, token);
  assert.is(p.phone_proven, false);
  assert.is(p.allow_sms, true, "the customer's wish is kept");
  // The client cannot prove it by asking.
  assert.is((await call(h, 'PATCH', `/api/fi/customers/${me.id}/`, { token, body: { allow_sms: true } })).status, 200);
  assert.is((await call(h, 'PATCH', `/api/fi/customers/${me.id}/`, { token, body: { phone_proven: true } })).status, 400);
  assert.is((await profileOf(me.id, token)).phone_proven, false);

  // Joined from afar, not checked in: time passes until his turn is near.
  const order = await joinKallio({ id: me.id, token }, undefined);
  await h.deps.turns.idle();
  h.clock.advance(3);
  const waitOf = async () => (await call(h, 'GET', `/api/fi/customers/${me.id}/orders/${order.id}/`, { token })).body.queue as number;
  for (let t = 0; t < 30 && (await waitOf()) > 10; t++) {
    h.clock.advance(1);
    await checkTurns(h.deps, [2]);
  }
  assert.ok((await waitOf()) <= 10, 'his turn is near');
  const due = await checkTurns(h.deps, [2]);
  assert.equal(
    due.filter((n) => n.customerId === me.id),
    [],
    'nothing by SMS (and no push token)',
  );
  assert.equal(textsTo(me.phone), [], 'no SMS at all to the unproven number');

  assert.is((await askCode(me.phone)).status, 200);
  const code = codeIn(me.phone);
  assert.ok(code, 'a code went to the number');
  assert.match(textsTo(me.phone)[0], 'confirming your phone number');
  const wrong = code === '000000' ? '111111' : '000000';
  assert.equal((await prove(me.phone, wrong)).json, { error: 'Invalid or expired code', field: 'token' });
  assert.is((await profileOf(me.id, token)).phone_proven, false);
  assert.is((await prove(me.phone, code)).status, 200);
  assert.is((await profileOf(me.id, token)).phone_proven, true);
  assert.is((await prove(me.phone, code)).status, 400, 'single use');

  const sent = await checkTurns(h.deps, [2]);
  assert.equal(
    sent.filter((n) => n.customerId === me.id).map((n) => [n.channel, n.outcome]),
    [['sms', 'sent']],
  );
  // Said once: the body alone, no title before it.
  const alert = textsTo(me.phone).at(-1)!;
  assert.match(alert, /^Your turn at Kallio is in about \d+ min/);
  assert.not.match(alert, /Your turn is near|Time to leave/);

  // A proven phone stays proven and gets no more proof codes.
  const before = textsTo(me.phone).length;
  assert.is((await askCode(me.phone)).status, 200);
  assert.is(textsTo(me.phone).length, before, 'no code to a proven number');
  await call(h, 'PATCH', `/api/fi/customers/${me.id}/`, { token, body: { allow_sms: false } });
  await call(h, 'PATCH', `/api/fi/customers/${me.id}/`, { token, body: { allow_sms: true } });
  assert.is((await profileOf(me.id, token)).phone_proven, true);
  await clearKallio();
});

proof(
  'the code step has the recovery codes limits: 3 codes an hour per number, recovery codes counted with them; 10 per address',
  async () => {
    const phone = (await registered('fi')).phone;
    const ip = '10.79.0.1';
    assert.is((await askCode(phone, ip)).status, 200);
    assert.is((await askCode(phone, ip)).status, 200);
    const recovery = await inject(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { countryCode: 'FI', phone }, ip });
    assert.is(recovery.status, 200);
    const over = await askCode(phone, ip);
    assert.is(over.status, 429, 'the fourth code to the number within the hour');
    assert.match(over.json.error, 'code requests');
    assert.is(textsTo(phone).length, 3, 'three SMS, all codes');
    assert.match(textsTo(phone)[0], 'Puhelinnumerosi vahvistuskoodi', 'in his language');
    // Per address: 10 an hour, across numbers (with or without an account).
    const from = '10.79.0.2';
    for (let i = 0; i < 10; i++) assert.is((await askCode(freshPhone(), from)).status, 200, `request ${i + 1}`);
    assert.is((await askCode(freshPhone(), from)).status, 429);
    // Once the hour (and its last bucket, repos/limits.ts) has passed, the number may have codes again.
    h.clock.advance(73);
    assert.is((await askCode(phone, ip)).status, 200);
    // Five wrong tries end a code; the right one is refused after them.
    const code = codeIn(phone)!;
    for (let i = 0; i < 5; i++) await prove(phone, code === '000000' ? '111111' : '000000', '10.79.0.3');
    assert.is((await prove(phone, code, '10.79.0.3')).status, 400);
    h.clock.set(helsinki('12:00'));
  },
);

proof('a phone change proves the new number; the old unproven number is not told', async () => {
  const me = await registered('en');
  const next = freshPhone();
  const asked = await inject(h, {
    method: 'POST',
    url: `/api/fi/customers/${me.id}/phone/`,
    body: { phone: next, password: PASSWORD },
    token: me.access,
    ip: '10.80.0.1',
  });
  assert.is(asked.status, 200, JSON.stringify(asked.json));
  const done = await inject(h, {
    method: 'POST',
    url: `/api/fi/customers/${me.id}/phone/confirm/`,
    body: { phone: next, token: codeIn(next) },
    token: me.access,
    ip: '10.80.0.1',
  });
  assert.is(done.status, 200, JSON.stringify(done.json));
  const p = await profileOf(me.id, done.json.access_token);
  assert.is(p.phone, next);
  assert.is(p.phone_proven, true);
  assert.equal(textsTo(me.phone), [], 'the old number was never proven: no SMS to it');
});

const phoneOf = async (c: TestCustomer) =>
  (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [c.id])).rows[0].phone;

proof('checked in: the turn SMS says it once and does not ask him to check in, in his language', async () => {
  for (const [language, want] of [
    ['fi', /^Nyt on sinun vuorosi \(Kallio\)\.\n/],
    ['en', /^It is your turn at Kallio now\.\n/],
  ] as const) {
    const c = await customer(h, { allowSms: true, language });
    const o = await joinKallio(c);
    const url = `/api/fi/customers/${c.id}/orders/${o.id}/`;
    assert.is((await call(h, 'PATCH', url, { token: c.token, body: { customer_at_pob: true } })).status, 200);
    await h.deps.turns.idle();
    h.clock.advance(3);
    await checkTurns(h.deps, [2]);
    const got = textsTo(await phoneOf(c));
    assert.is(got.length, 1, JSON.stringify(got));
    assert.match(got[0], want);
    assert.not.match(got[0], /Ilmoittaudu|check in/);
    await clearKallio();
  }
});

proof('no turn SMS to someone already in the chair', async () => {
  const c = await customer(h, { allowSms: true, language: 'fi' });
  const o = await joinKallio(c);
  await h.deps.turns.idle();
  const key = await operatorKey(h, 2);
  const barber = o.barber?.id ?? (await menu(h, 2)).queues[0].barber.id;
  const started = await call(h, 'POST', `/api/fi/operator/orders/${o.id}/start/`, { token: key, body: { barber_id: barber } });
  assert.is(started.status, 200, JSON.stringify(started.body));
  h.clock.advance(3);
  const sent = await checkTurns(h.deps, [2]);
  assert.equal(
    sent.filter((n) => n.customerId === c.id && n.channel === 'sms'),
    [],
  );
  assert.equal(textsTo(await phoneOf(c)), []);
  await clearKallio();
});

proof.run();

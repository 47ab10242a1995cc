/**
 * No SMS bombing through turn alerts. A per-phone SMS budget in the database across every kind
 * of SMS and every process; a turn SMS only for an order still open when sent, and not before the order is two
 * minutes old; at most 6 joins per customer an hour; every alert SMS carries a signed link that stops them.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildDeps } from '../../../src/server/build-deps.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { claimNotice } from '../../../src/server/repos/notices.ts';
import { tooManyText } from '../../../src/shared/wire-errors.ts';
import { harness, type Harness } from '../harness.ts';
import { call, customer, helsinki, item, menu, relogin, type TestCustomer } from '../queue-helpers.ts';

// Kallio (shop 2) is open round the clock and idle: a joiner who checks in has his turn at once, so a turn SMS is
// due at once.
const KALLIO = 2;
let h: Harness;
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };

const phoneOf = async (c: TestCustomer) =>
  (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [c.id])).rows[0].phone;
const sentTo = (phone: string) => texts.filter((t) => t.to === phone);

async function join(c: TestCustomer) {
  // Access tokens last 15 minutes and these loops move the clock by hours.
  await relogin(h, c);
  const s = (await menu(h, KALLIO)).services.find((x) => x.title === 'Haircut')!;
  const headers = { authorization: `Bearer ${c.token}` };
  const joined = await h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers,
    payload: { pob_id: KALLIO, items: [item(s)] },
  });
  if (joined.statusCode !== 201) return joined;
  // At the door: checked in, his turn is now (joined from afar he would be planned a trip away).
  const checked = await h.app.inject({
    method: 'PATCH',
    url: `/api/fi/customers/${c.id}/orders/${joined.json().id}/`,
    headers,
    payload: { customer_at_pob: true },
  });
  if (checked.statusCode !== 200) return checked;
  // The join's status with the order as it is once checked in.
  return { statusCode: joined.statusCode, headers: joined.headers, body: checked.body, json: () => checked.json() };
}
async function cancel(c: TestCustomer, id: number) {
  const res = await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${id}/`, { token: c.token, body: { cancel: true } });
  assert.is(res.status, 200, JSON.stringify(res.body));
}
/** What the timer does: a check of every shop, after whatever kicked check is running. */
const timerCheck = async () => {
  await h.deps.turns.idle();
  await h.deps.turns.checkAll();
};

const loop = suite('the join → cancel loop');
loop.before(async () => {
  h = await harness({ seed: seedDemo, deps: { sms } });
  h.clock.set(helsinki('12:00'));
});
loop.after(() => h.close());

loop('a tight join → cancel loop sends no SMS and meets 429 after 6 joins', async () => {
  const c = await customer(h, { allowSms: true });
  const phone = await phoneOf(c);
  const statuses: number[] = [];
  let last429: Awaited<ReturnType<typeof join>> | null = null;
  for (let i = 0; i < 60; i++) {
    const res = await join(c);
    statuses.push(res.statusCode);
    if (res.statusCode === 201) await cancel(c, res.json().id);
    else last429 = res;
    await timerCheck();
    h.clock.advance(1 / 60);
  }
  assert.equal(statuses, [...Array(6).fill(201), ...Array(54).fill(429)]);
  assert.is(sentTo(phone).length, 0, 'every order was cancelled before its SMS was due');
  assert.equal(last429!.json(), { error: tooManyText('joins', 60) });
  const retry = Number(last429!.headers['retry-after']);
  assert.ok(retry > 3500 && retry <= 3600, `Retry-After ${retry} s: when the first join is an hour old`);
  h.clock.advance(60);
  const again = await join(c);
  assert.is(again.statusCode, 201, 'an hour later joins are free again');
  await cancel(c, again.json().id);
});

loop('a slow loop over hours, each order left open past its due SMS, sends at most the budget of 10', async () => {
  const c = await customer(h, { allowSms: true });
  const phone = await phoneOf(c);
  let joined = 0;
  // One join every 11 minutes stays within 6 an hour; each order is left open until its SMS is due.
  for (let i = 0; i < 20; i++) {
    const res = await join(c);
    assert.is(res.statusCode, 201, res.body);
    joined++;
    h.clock.advance(2);
    await timerCheck();
    await cancel(c, res.json().id);
    h.clock.advance(9);
  }
  assert.is(joined, 20);
  assert.is(sentTo(phone).length, 10);
  // The budget counts every kind: a recovery code to the same number is over it too.
  const code = await call(h, 'POST', '/api/fi/auth/reset-token/', { body: { phone } });
  assert.is(code.status, 200);
  assert.is(sentTo(phone).length, 10);
});

loop.run();

const alerts = suite('turn alerts');
alerts.before(async () => {
  h = await harness({ seed: seedDemo, deps: { sms } });
  h.clock.set(helsinki('12:00'));
});
alerts.after(() => h.close());

alerts('a turn SMS due at once waits until the order is 2 minutes old, and goes once', async () => {
  const c = await customer(h, { allowSms: true });
  const phone = await phoneOf(c);
  const res = await join(c);
  assert.is(res.statusCode, 201);
  assert.is(res.json().queue, 0);
  await timerCheck();
  assert.is(sentTo(phone).length, 0, 'not at once');
  h.clock.advance(1);
  await timerCheck();
  assert.is(sentTo(phone).length, 0, 'not at one minute');
  h.clock.advance(1);
  await timerCheck();
  await timerCheck();
  assert.is(sentTo(phone).length, 1, 'at two minutes, once');
  await cancel(c, res.json().id);
});

alerts("the timer's parts: a shop's due alert goes out in its own part of the shops, not in another", async () => {
  const c = await customer(h, { allowSms: true });
  const phone = await phoneOf(c);
  const res = await join(c);
  assert.is(res.statusCode, 201);
  h.clock.advance(2);
  await h.deps.turns.idle();
  // The timer splits the shops by id modulo TURN_CHECK_PARTS: Kallio (2) is in part 2 of 3.
  await h.deps.turns.checkAll({ index: (KALLIO + 1) % 3, of: 3 });
  await h.deps.turns.checkAll({ index: (KALLIO + 2) % 3, of: 3 });
  assert.is(sentTo(phone).length, 0, 'not in the other parts');
  await h.deps.turns.checkAll({ index: KALLIO % 3, of: 3 });
  assert.is(sentTo(phone).length, 1, 'in its own part');
  await cancel(c, res.json().id);
});

alerts('a turn alert is claimed only while its order is open', async () => {
  const c = await customer(h, { allowSms: true });
  const res = await join(c);
  const id = res.json().id;
  await cancel(c, id);
  assert.is(await claimNotice(h.db, id, 'now', 'sms', h.clock.now(), null, true), false, 'cancelled: nothing goes out');
  const d = await customer(h, { allowSms: true });
  const open = (await join(d)).json().id;
  assert.is(await claimNotice(h.db, open, 'near', 'sms', h.clock.now(), null, true), true);
  await cancel(d, open);
});

alerts('every alert SMS carries a signed link that stops turn SMS to the number; codes still go out', async () => {
  const c = await customer(h, { allowSms: true, language: 'fi' });
  const phone = await phoneOf(c);
  const first = (await join(c)).json().id;
  h.clock.advance(2);
  await timerCheck();
  const [alert] = sentTo(phone);
  assert.ok(alert, 'an alert went');
  const link = /(http\S+\/sms-stop\/\S+)/.exec(alert.text)?.[1];
  assert.ok(link, alert.text);
  assert.match(alert.text, 'Lopeta nämä tekstiviesti-ilmoitukset');
  const url = new URL(link!);
  // A forged or altered link does nothing.
  const digits = phone.slice(1);
  const forged = url.pathname.replace(digits, digits.slice(0, -1) + ((Number(digits.at(-1)) + 1) % 10));
  assert.is((await h.app.inject({ method: 'GET', url: forged })).statusCode, 404);
  assert.is((await h.app.inject({ method: 'GET', url: '/sms-stop/garbage' })).statusCode, 404);
  const stopped = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
  assert.is(stopped.statusCode, 200, stopped.body);
  assert.is(stopped.json().ok, true);
  assert.match(stopped.json().message, 'lopetettu');
  assert.is((await h.app.inject({ method: 'GET', url: url.pathname })).statusCode, 200, 'a second visit is fine');
  await cancel(c, first);
  // The next order's turn comes: no SMS now.
  h.clock.advance(1);
  const next = (await join(c)).json().id;
  h.clock.advance(3);
  await timerCheck();
  assert.is(sentTo(phone).length, 1);
  await cancel(c, next);
  // A recovery code the owner asks for still comes.
  const before = sentTo(phone).length;
  assert.is((await call(h, 'POST', '/api/fi/auth/reset-token/', { body: { phone } })).status, 200);
  await new Promise((r) => setTimeout(r, 50));
  assert.is(sentTo(phone).length, before + 1);
  assert.match(sentTo(phone).at(-1)!.text, /\d{6}/);
});

alerts('the budget holds across processes: two sets of services on one database share it', async () => {
  const other = await buildDeps({ config: h.config, db: h.db, now: h.clock.now }, { sms });
  const phone = '+358401239999';
  const results = await Promise.allSettled(Array.from({ length: 14 }, (_, i) => (i % 2 ? h.deps : other).sms.send(phone, `x${i}`)));
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 10);
  assert.is(sentTo(phone).length, 10);
});

alerts.run();

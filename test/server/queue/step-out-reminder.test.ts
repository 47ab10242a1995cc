/**
 * The step-out reminder (docs/decisions.md, "Parties and stepping out"): a customer who stepped out is reminded by
 * SMS (or push) 5 minutes before the time he said he would be back, when his turn is near; once per step-out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, menu } from '../queue-helpers.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { backReminderDue, checkTurns } from '../../../src/server/queue/turns.ts';

const MIN = 60_000;
let h: Harness;
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };

test.before(async () => {
  h = await harness({ seed: seedDemo, deps: { sms } });
  await h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = 2 AND status IN ('active', 'in_service')`);
});
test.after(() => h.close());

test('the rule: from 5 minutes before he is due back, while his turn is near', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const out = (minutes: number) => ({ status: 'active' as const, steppedOutUntil: now + minutes * MIN });
  assert.is(backReminderDue(out(6), 6, now), false, 'too early');
  assert.is(backReminderDue(out(5), 5, now), true);
  assert.is(backReminderDue(out(1), 0, now), true);
  assert.is(backReminderDue(out(0), 0, now), false, 'due back now: the turn alerts say the rest');
  assert.is(backReminderDue(out(5), 16, now), false, 'his turn is not near');
  assert.is(backReminderDue({ status: 'active', steppedOutUntil: null }, 0, now), false, 'not out');
});

test('a stepped-out customer gets one reminder 5 minutes before he is due back', async () => {
  const c = await customer(h, { allowSms: true });
  const m = await menu(h, 2);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const url = `/api/fi/customers/${c.id}/orders/`;
  const o = (await call(h, 'POST', url, { token: c.token, body: { pob_id: 2, items: [item(cut)], eta_minutes: 0 } })).body;
  assert.is((await call(h, 'PATCH', `${url}${o.id}/`, { token: c.token, body: { customer_at_pob: true } })).status, 200);
  h.clock.advance(3);
  assert.is((await call(h, 'PATCH', `${url}${o.id}/`, { token: c.token, body: { step_out_minutes: 20 } })).status, 200);
  const backs = async () => (await checkTurns(h.deps, [2])).filter((n) => n.kind === 'back' && n.orderId === o.id);
  assert.equal(await backs(), [], 'not yet');
  h.clock.advance(16);
  const sent = await backs();
  assert.equal(
    sent.map((n) => [n.channel, n.outcome]),
    [['sms', 'sent']],
  );
  assert.match(texts[texts.length - 1].text, /Kallio/);
  h.clock.advance(1);
  assert.equal(await backs(), [], 'once');
});

test.run();

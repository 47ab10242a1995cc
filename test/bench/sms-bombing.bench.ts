/**
 * The SMS-bombing loop, measured: one account with SMS alerts on loops join → cancel at an idle shop for
 * 60 s of wall time (the app in process on PGlite with the demo seed, the clock following real time, the turn timer
 * running as server.ts runs it). Prints the joins taken and the SMS that reached the number.
 */
import type { SmsProvider } from '../../src/server/notify/sms.ts';
import { startTurnTimer } from '../../src/server/queue/turn-notifier.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { harness } from '../server/harness.ts';
import { customer, helsinki, item, menu } from '../server/queue-helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const sent: string[] = [];
const sms: SmsProvider = { name: 'bench', send: async (to) => void sent.push(to), outbox: () => null };

const start = helsinki('12:00');
const h = await harness({ seed: seedDemo, deps: { sms }, start });
const stopTimer = startTurnTimer(h.deps.turns, 30_000);
const c = await customer(h, { allowSms: true });
const phone = (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [c.id])).rows[0].phone;
const s = (await menu(h, 2)).services.find((x) => x.title === 'Haircut')!;
const headers = { authorization: `Bearer ${c.token}` };

const t0 = Date.now();
const statuses = new Map<number, number>();
let loops = 0;
while (Date.now() - t0 < SECONDS * 1000) {
  h.clock.set(start + (Date.now() - t0));
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers,
    payload: { pob_id: 2, items: [item(s)] },
  });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode === 201)
    await h.app.inject({ method: 'PATCH', url: `/api/fi/customers/${c.id}/orders/${res.json().id}/`, headers, payload: { cancel: true } });
  loops++;
}
await stopTimer();
await h.deps.turns.idle();
console.log(
  `join → cancel for ${SECONDS} s: ${loops} loops, answers ${JSON.stringify(Object.fromEntries(statuses))}, SMS to the number: ${sent.filter((to) => to === phone).length}`,
);
await h.close();

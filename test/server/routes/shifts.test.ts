/**
 * Shifts planned ahead: the console (its shop) and the chain owner (any shop) add, move and remove a barber's
 * shifts for today and the next 14 days; each refusal (too far, outside the hours, overlapping, leaving waiting
 * customers with no barber before close, naming how many) changes nothing; an added shift moves the shop's wait at
 * once and shows on the barber's page. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { makeLogger } from '../../../src/server/ops/log.ts';
import { issueOwnerPairingCode } from '../../../src/server/operator/devices.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';
import { call, customer, helsinki, item, menu, operatorKey } from '../queue-helpers.ts';

// Shop 11 (Kauppakatu): one barber, 10–18, Helsinki time. The harness day is Tuesday 2026-11-24.
const SHOP = 11;
let h: Harness;
let key: string;
let owner: string;
const lines: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: untyped answers, as in the other route tests.
const op = <T = any>(method: string, path: string, k: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: k, body });
const at = (day: string, hhmm: string) => new Date(Date.parse(`${day}T${hhmm}:00+02:00`)).toISOString();
const shiftCount = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shifts')).rows[0].n;
/** The last waiting customer's wait, as the engine plans it now (the console's floor). */
const publicWait = async () => {
  const floor = (await op<WireOperatorQueue>('GET', `pobs/${SHOP}/queue/`, key)).body;
  return Math.max(...floor.orders.filter((o) => o.status === 'waiting').map((o) => o.wait ?? Number.POSITIVE_INFINITY));
};
/** An active barber with no shift anywhere in any of these windows ([start, end] ISO pairs). */
async function freeBarber(...windows: [string, string][]): Promise<number> {
  const { rows } = await h.db.query<{ id: number }>(
    `SELECT b.id FROM barbers b WHERE b.status = 'active' AND NOT EXISTS
       (SELECT 1 FROM shifts s, jsonb_array_elements($1::jsonb) w
        WHERE s.barber_id = b.id AND s.ends_at > (w->>0)::timestamptz AND s.starts_at < (w->>1)::timestamptz)
     ORDER BY b.id LIMIT 1`,
    [JSON.stringify(windows)],
  );
  assert.ok(rows[0], 'a free barber in the demo');
  return rows[0].id;
}

const test = suite('shifts planned ahead');
test.before(async () => {
  h = await harness({ seed: seedDemo, log: makeLogger({ logLevel: 'info' }, { write: (s: string) => void lines.push(s) }) });
  key = await operatorKey(h, SHOP);
  const { code } = await issueOwnerPairingCode(h, h.clock.now());
  const paired = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', payload: { code, name: 'Head office' } });
  owner = paired.json().key;
});
test.after(() => h.close());

test('an added shift today moves the wait at once; it shows on the barber page; moved and removed again', async () => {
  h.clock.set(helsinki('12:00'));
  const m = await menu(h, SHOP);
  for (let i = 0; i < 4; i++) {
    const c = await customer(h);
    const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
      token: c.token,
      body: { pob_id: SHOP, items: [item(m.services[0])], barber_id: null },
    });
    assert.is(joined.status, 201, JSON.stringify(joined.body));
  }
  const waitBefore = await publicWait();
  const barber = await freeBarber([at('2026-11-24', '12:00'), at('2026-11-24', '18:00')]);
  const added = await op('POST', `pobs/${SHOP}/shifts/`, key, {
    barber_id: barber,
    start: at('2026-11-24', '12:00'),
    end: at('2026-11-24', '18:00'),
  });
  assert.is(added.status, 201, JSON.stringify(added.body));
  assert.equal(added.body, { id: added.body.id, barber_id: barber, start: at('2026-11-24', '12:00'), end: at('2026-11-24', '18:00') });
  const waitAfter = await publicWait();
  assert.ok(waitAfter < waitBefore, `a second barber shortens the last customer's wait at once (${waitBefore} → ${waitAfter} min)`);
  const floor = (await op<WireOperatorQueue>('GET', `pobs/${SHOP}/queue/`, key)).body;
  assert.ok(floor.barbers.find((b) => b.id === barber)?.on_shift, 'on the console, on shift');
  const page = (await call(h, 'GET', `/api/fi/employees/${barber}/`)).body as { shifts?: unknown };
  assert.match(JSON.stringify(page), at('2026-11-24', '12:00').slice(0, 13), "the barber's page shows the shift");

  const moved = await op('PATCH', `pobs/${SHOP}/shifts/${added.body.id}/`, key, {
    start: at('2026-11-24', '16:00'),
    end: at('2026-11-24', '18:00'),
  });
  assert.is(moved.status, 200, JSON.stringify(moved.body));
  const later = (await op<WireOperatorQueue>('GET', `pobs/${SHOP}/queue/`, key)).body.barbers.find((b) => b.id === barber);
  assert.equal(later?.shifts, [{ start: at('2026-11-24', '16:00'), end: at('2026-11-24', '18:00') }], 'moved on the console');
  assert.ok((await publicWait()) > waitAfter, 'from 16:00 only: the wait grows again');
  assert.is((await op('DELETE', `pobs/${SHOP}/shifts/${added.body.id}/`, key)).status, 204);
  assert.is((await op('DELETE', `pobs/${SHOP}/shifts/${added.body.id}/`, key)).status, 404);
});

test('refusals: too far, outside the hours, overlapping, leaving waiting customers with no barber; nothing changes', async () => {
  h.clock.set(helsinki('12:30'));
  const barber = await freeBarber(
    [at('2026-12-08', '10:00'), at('2026-12-08', '12:00')],
    [at('2026-11-26', '10:00'), at('2026-11-26', '14:00')],
  );
  const count = await shiftCount();
  const plan = (start: string, end: string, b = barber) => op('POST', `pobs/${SHOP}/shifts/`, key, { barber_id: b, start, end });

  const far = await plan(at('2026-12-09', '10:00'), at('2026-12-09', '12:00'));
  assert.is(far.status, 400);
  assert.is(far.body.error, WIRE_ERRORS.shiftTooFar);
  assert.is((await plan(at('2026-11-23', '10:00'), at('2026-11-23', '12:00'))).body.error, WIRE_ERRORS.shiftTooFar, 'yesterday');
  assert.is((await plan(at('2026-12-08', '10:00'), at('2026-12-08', '12:00'))).status, 201, 'the 14th day ahead is fine');

  const early = await plan(at('2026-11-26', '08:00'), at('2026-11-26', '12:00'));
  assert.is(early.status, 409);
  assert.is(early.body.error, WIRE_ERRORS.shiftOutsideHours);
  assert.is((await plan(at('2026-11-26', '16:00'), at('2026-11-26', '19:00'))).body.error, WIRE_ERRORS.shiftOutsideHours);

  assert.is((await plan(at('2026-11-26', '10:00'), at('2026-11-26', '14:00'))).status, 201);
  const overlap = await plan(at('2026-11-26', '13:00'), at('2026-11-26', '16:00'));
  assert.is(overlap.status, 409);
  assert.is(overlap.body.error, WIRE_ERRORS.shiftOverlaps);
  for (const body of [
    { barber_id: barber },
    { barber_id: barber, start: 'noon', end: at('2026-11-26', '16:00') },
    { barber_id: barber, start: at('2026-11-26', '16:00'), end: at('2026-11-26', '15:00') },
  ])
    assert.is((await op('POST', `pobs/${SHOP}/shifts/`, key, body)).status, 400, JSON.stringify(body));
  assert.is(await shiftCount(), count + 2, 'only the two accepted shifts were added');

  // The shop's one barber today: removing his shift would leave the waiting customers (test 1's four) unserved.
  const floor = (await op<WireOperatorQueue>('GET', `pobs/${SHOP}/queue/`, key)).body;
  const waiting = floor.orders.filter((o) => o.status === 'waiting').length;
  assert.ok(waiting >= 2, `${waiting} waiting`);
  const today = await h.db.query<{ id: number }>(
    'SELECT id FROM shifts WHERE shop_id = $1 AND starts_at <= $2 AND ends_at > $2 ORDER BY id',
    [SHOP, new Date(h.clock.now()).toISOString()],
  );
  assert.is(today.rows.length, 1, 'one barber on shift now');
  const version = floor.pob.queue_version;
  const gone = await op('DELETE', `pobs/${SHOP}/shifts/${today.rows[0].id}/`, key);
  assert.is(gone.status, 409);
  assert.is(gone.body.error, `This change would leave ${waiting} waiting customers with no barber before close`);
  const cut = await op('PATCH', `pobs/${SHOP}/shifts/${today.rows[0].id}/`, key, {
    start: at('2026-11-24', '10:00'),
    end: at('2026-11-24', '12:45'),
  });
  assert.is(cut.status, 409, 'ending his day at 12:45 strands them too');
  assert.match(cut.body.error, /^This change would leave \d+ waiting customers? with no barber before close$/);
  const after = (await op<WireOperatorQueue>('GET', `pobs/${SHOP}/queue/`, key)).body;
  assert.is(after.pob.queue_version, version, 'nothing changed');
  assert.is(await shiftCount(), count + 2);
});

test('who: the chain owner plans any shop (logged with his name); a display and another shop may not', async () => {
  h.clock.set(helsinki('12:30'));
  const barber = await freeBarber([at('2026-11-27', '10:00'), at('2026-11-27', '12:00')]);
  lines.length = 0;
  const byOwner = await op('POST', `pobs/${SHOP}/shifts/`, owner, {
    barber_id: barber,
    start: at('2026-11-27', '10:00'),
    end: at('2026-11-27', '12:00'),
  });
  assert.is(byOwner.status, 201, JSON.stringify(byOwner.body));
  const logged = lines.map((l) => JSON.parse(l)).find((l) => l.action === 'add-shift');
  assert.is(logged?.owner, 'Head office');
  assert.is(logged?.shift_id, byOwner.body.id);
  const other = await operatorKey(h, 1);
  assert.is((await op('DELETE', `pobs/${SHOP}/shifts/${byOwner.body.id}/`, other)).status, 403, "another shop's key");
  assert.is((await op('DELETE', `pobs/1/shifts/${byOwner.body.id}/`, other)).status, 404, 'not a shift of shop 1');
  const code = (await op('POST', `pobs/${SHOP}/pairing-codes/`, key, { role: 'display' })).body.code;
  const display = (
    await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', remoteAddress: '10.3.3.3', payload: { code, name: 'Wall' } })
  ).json().key;
  const refused = await op('DELETE', `pobs/${SHOP}/shifts/${byOwner.body.id}/`, display);
  assert.is(refused.status, 403);
  assert.is(refused.body.error, WIRE_ERRORS.displayReadOnly);
  assert.is((await op('DELETE', `pobs/${SHOP}/shifts/${byOwner.body.id}/`, owner)).status, 204);
});

test("the plan: today and the next 14 days with their hours, the barbers, the shop's shifts; the same for the owner", async () => {
  h.clock.set(helsinki('12:30'));
  const barber = await freeBarber([at('2026-12-01', '11:00'), at('2026-12-01', '15:00')]);
  const added = await op('POST', `pobs/${SHOP}/shifts/`, key, {
    barber_id: barber,
    start: at('2026-12-01', '11:00'),
    end: at('2026-12-01', '15:00'),
  });
  assert.is(added.status, 201, JSON.stringify(added.body));
  const plan = await op('GET', `pobs/${SHOP}/shifts/`, key);
  assert.is(plan.status, 200, JSON.stringify(plan.body));
  assert.is(plan.body.days.length, 15);
  assert.equal(plan.body.days[0], { date: '2026-11-24', opens: '10:00', closes: '18:00' });
  assert.is(plan.body.days[14].date, '2026-12-08');
  assert.ok(
    plan.body.barbers.some((b: { id: number }) => b.id === barber),
    'the barber may be planned',
  );
  assert.ok(plan.body.barbers[0].here, "the shop's own barbers first");
  assert.equal(
    plan.body.shifts.find((s: { id: number }) => s.id === added.body.id),
    { id: added.body.id, barber_id: barber, start: at('2026-12-01', '11:00'), end: at('2026-12-01', '15:00') },
    'the planned shift is listed',
  );
  const { rows } = await h.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM shifts WHERE shop_id = $1 AND ends_at > $2 AND starts_at < $3`,
    [SHOP, at('2026-11-23', '22:00'), at('2026-12-08', '22:00')],
  );
  assert.is(plan.body.shifts.length, rows[0].n, "every shift of the shop's 15 days, no other");
  assert.equal((await op('GET', `pobs/${SHOP}/shifts/`, owner)).body, plan.body, 'the owner reads the same plan');
  assert.is((await op('GET', `pobs/${SHOP}/shifts/`, await operatorKey(h, 1))).status, 403, "another shop's key");
  assert.is((await op('GET', `pobs/${SHOP}/shifts/`, undefined)).status, 401);
  assert.is((await op('DELETE', `pobs/${SHOP}/shifts/${added.body.id}/`, key)).status, 204);
  assert.not.ok((await op('GET', `pobs/${SHOP}/shifts/`, key)).body.shifts.some((s: { id: number }) => s.id === added.body.id));
});

test.run();

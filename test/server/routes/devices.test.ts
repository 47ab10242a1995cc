/**
 * Pairing the console's devices: one-time codes (expiry, single use, tries per address), device keys
 * with a role (a display reads, never acts), listed and revoked, beside the shops' own keys.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, menu, operatorKey } from '../queue-helpers.ts';
import { PAIRING_ALPHABET } from '../../../src/server/operator/devices.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';

let h: Harness;
const keys: Record<number, string> = {};
// biome-ignore lint/suspicious/noExplicitAny: untyped answers, as in the other route tests.
const op = <T = any>(method: string, path: string, key: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: key, body });

/** POST /operator/pairing/ from an address of the test's choosing. */
async function pair(code: string, name = 'Front desk', address = '10.0.0.1') {
  const res = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', remoteAddress: address, payload: { code, name } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function codeFor(shop: number, role: 'console' | 'display', key = keys[shop]): Promise<string> {
  const res = await op('POST', `pobs/${shop}/pairing-codes/`, key, { role });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return res.body.code;
}

const pairing = suite('pairing codes');
pairing.before(async () => {
  h = await harness({
    seed: seedDemo,
    config: { limits: { ...(await import('../../../src/server/config.ts')).limitsFrom({}), pairingAddress: 4 } },
  });
  for (const id of [1, 2]) keys[id] = await operatorKey(h, id);
});

pairing('a shop key makes an 8-character code; typed once (any case, with a dash) it gives the device its own key', async () => {
  const made = await op('POST', 'pobs/1/pairing-codes/', keys[1], { role: 'console' });
  assert.is(made.status, 201);
  assert.is(made.body.role, 'console');
  assert.is(made.body.code.length, 8);
  for (const ch of made.body.code) assert.ok(PAIRING_ALPHABET.includes(ch), `unambiguous alphabet: ${ch}`);
  assert.is(Date.parse(made.body.expires_at) - h.clock.now(), 10 * 60_000);
  const stored = await h.db.query<{ hash: string }>('SELECT hash FROM pairing_codes');
  assert.not.ok(
    stored.rows.some((r) => r.hash.includes(made.body.code)),
    'only a hash is stored',
  );

  const typed = `${made.body.code.slice(0, 4).toLowerCase()}-${made.body.code.slice(4)}`;
  const paired = await pair(typed, '  Front desk ');
  assert.is(paired.status, 201, JSON.stringify(paired.body));
  assert.equal({ ...paired.body, key: '' }, { key: '', role: 'console', pob_id: 1, device_id: paired.body.device_id, name: 'Front desk' });
  const me = await op('GET', 'me/', paired.body.key);
  assert.equal(me.body, { pob_id: 1, pob_name: 'Kamppi', role: 'console', device_id: paired.body.device_id, name: 'Front desk' });
  assert.is((await op('GET', 'pobs/1/queue/', paired.body.key)).status, 200);

  const again = await pair(made.body.code, 'Second');
  assert.is(again.status, 401, 'single use');
  assert.is(again.body.error, WIRE_ERRORS.invalidPairingCode);
  const own = await op('GET', 'me/', keys[1]);
  assert.equal(own.body, { pob_id: 1, pob_name: 'Kamppi', role: 'shop', device_id: null, name: null });
});

pairing('a code expires after 10 minutes; bad roles and names are 400s and make nothing', async () => {
  const code = await codeFor(2, 'display');
  h.clock.advance(10);
  const late = await pair(code, 'Screen', '10.0.0.2');
  assert.is(late.status, 401);
  assert.is(late.body.error, WIRE_ERRORS.invalidPairingCode);
  h.clock.set(Date.parse('2026-11-24T10:00:00Z'));
  for (const body of [{}, { role: 'admin' }, { role: 1 }])
    assert.is((await op('POST', 'pobs/2/pairing-codes/', keys[2], body)).status, 400, JSON.stringify(body));
  const fresh = await codeFor(2, 'display');
  for (const name of ['', '   ', 'x'.repeat(41)])
    assert.is((await pair(fresh, name, '10.0.0.2')).status, 400, `name ${JSON.stringify(name)}`);
  assert.is((await pair(fresh, 'Screen', '10.0.0.2')).status, 201, 'the refused names did not use the code');
  assert.is(
    (await op('POST', 'pobs/1/pairing-codes/', keys[2], { role: 'console' })).status,
    403,
    "another shop's key makes no codes here",
  );
  assert.is((await op('POST', 'pobs/1/pairing-codes/', undefined, { role: 'console' })).status, 401);
});

pairing(
  'tries from one address are limited (in the database); the limit holds even for a right code, not for another address',
  async () => {
    const right = await codeFor(1, 'console');
    for (let i = 0; i < 4; i++) assert.is((await pair('WRONG234', 'X', '10.9.9.9')).status, 401);
    const blocked = await pair(right, 'X', '10.9.9.9');
    assert.is(blocked.status, 429);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.match(blocked.body.error, /^Too many attempts/);
    const rows = await h.db.query("SELECT 1 FROM rate_limits WHERE key LIKE 'pairingAddress:%'");
    assert.ok(rows.rows.length > 0, 'counted in the database');
    assert.is((await pair(right, 'X', '10.8.8.8')).status, 201, 'another address pairs with the same code');
    h.clock.advance(20);
    assert.is((await pair('WRONG234', 'X', '10.9.9.9')).status, 401, 'free again after the window');
    h.clock.set(Date.parse('2026-11-24T10:00:00Z'));
  },
);

const roles = suite('device keys');

roles('a display reads (queue, me) and gets 403 on every action', async () => {
  const display = (await pair(await codeFor(2, 'display'), 'Wall screen', '10.1.0.1')).body.key as string;
  assert.is((await op('GET', 'pobs/2/queue/', display)).status, 200);
  assert.is((await op('GET', 'me/', display)).body.role, 'display');
  const m = await menu(h, 2);
  const c = await customer(h);
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item(m.services[0])] },
  });
  assert.is(joined.status, 201);
  const barber = (await op('GET', 'pobs/2/queue/', keys[2])).body.barbers.find(
    (b: { on_shift: boolean; serving: number | null }) => b.on_shift && b.serving === null,
  ).id;
  const refused: [string, string, unknown][] = [
    ['POST', 'pobs/2/walk-ins/', { name: 'X', services: [m.services[0].id] }],
    ['PATCH', 'pobs/2/', { full: true }],
    ['POST', 'pobs/2/pairing-codes/', { role: 'console' }],
    ['GET', 'pobs/2/devices/', undefined],
    ['DELETE', 'pobs/2/devices/1/', undefined],
    ['POST', `orders/${joined.body.id}/check-in/`, {}],
    ['POST', `orders/${joined.body.id}/start/`, { barber_id: barber }],
    ['POST', `orders/${joined.body.id}/finish/`, {}],
    ['POST', `orders/${joined.body.id}/no-show/`, {}],
  ];
  for (const [method, path, body] of refused) {
    const res = await op(method, path, display, body);
    assert.is(res.status, 403, `${method} ${path}`);
    assert.is(res.body.error, WIRE_ERRORS.displayReadOnly);
  }
  const after = (await op('GET', 'pobs/2/queue/', keys[2])).body;
  assert.is(after.pob.full, false, 'nothing changed');
  assert.ok(
    after.orders.some(
      (o: { id: number; status: string; customer_at_pob: boolean }) =>
        o.id === joined.body.id && o.status === 'waiting' && !o.customer_at_pob,
    ),
  );
  // A console of the same shop acts.
  const console2 = (await pair(await codeFor(2, 'console'), 'Desk', '10.1.0.1')).body.key as string;
  assert.is((await op('POST', `orders/${joined.body.id}/no-show/`, console2)).status, 200);
});

roles("another shop's device key cannot touch this shop or its orders (403)", async () => {
  const other = (await pair(await codeFor(1, 'console'), 'Kamppi desk', '10.2.0.1')).body.key as string;
  const c = await customer(h);
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item((await menu(h, 2)).services[0])] },
  });
  for (const action of ['check-in', 'start', 'finish', 'no-show'])
    assert.is((await op('POST', `orders/${joined.body.id}/${action}/`, other, { barber_id: 1 })).status, 403, action);
  assert.is((await op('GET', 'pobs/2/queue/', other)).status, 403);
  assert.is((await op('GET', 'pobs/2/devices/', other)).status, 403);
  assert.is((await op('POST', 'pobs/2/walk-ins/', other, { name: 'X', services: [1] })).status, 403);
  await op('POST', `orders/${joined.body.id}/no-show/`, keys[2]);
});

roles('devices are listed with when they were seen; a revoked key stops at once (401) and the others keep working', async () => {
  const console1 = (await pair(await codeFor(2, 'console'), 'Tablet', '10.3.0.1')).body;
  h.clock.advance(5);
  assert.is((await op('GET', 'pobs/2/queue/', console1.key)).status, 200);
  const list = await op('GET', 'pobs/2/devices/', console1.key);
  assert.is(list.status, 200);
  const mine = list.body.find((d: { id: number }) => d.id === console1.device_id);
  assert.equal(Object.keys(mine), ['id', 'name', 'role', 'created_at', 'last_seen_at', 'revoked_at']);
  assert.is(mine.name, 'Tablet');
  assert.is(mine.role, 'console');
  assert.is(mine.last_seen_at, new Date(h.clock.now()).toISOString());
  assert.is(mine.revoked_at, null);
  assert.not.ok(
    list.body.some((d: { name: string }) => d.name === 'Kamppi desk'),
    "only this shop's devices",
  );

  const screen = (await pair(await codeFor(2, 'display', console1.key), 'Screen', '10.3.0.1')).body;
  assert.is((await op('DELETE', `pobs/2/devices/${screen.device_id}/`, console1.key)).status, 204);
  const gone = await op('GET', 'pobs/2/queue/', screen.key);
  assert.is(gone.status, 401);
  assert.is(gone.body.error, WIRE_ERRORS.invalidOperatorKey);
  assert.is((await op('GET', 'me/', screen.key)).status, 401, 'the console shows pairing again');
  const listed = (await op('GET', 'pobs/2/devices/', keys[2])).body.find((d: { id: number }) => d.id === screen.device_id);
  assert.is(listed.revoked_at, new Date(h.clock.now()).toISOString());
  assert.is((await op('GET', 'pobs/2/queue/', console1.key)).status, 200, 'the revoking console still works');
  assert.is((await op('GET', 'pobs/2/queue/', keys[2])).status, 200, "the shop's own key still works");
  assert.is((await op('DELETE', 'pobs/2/devices/99999/', console1.key)).status, 404);
  const kamppi = (await op('GET', 'pobs/1/devices/', keys[1])).body[0].id;
  assert.is((await op('DELETE', `pobs/2/devices/${kamppi}/`, console1.key)).status, 404, "another shop's device is not found here");
  assert.is((await op('GET', 'me/', undefined)).status, 401);
});

roles.after(async () => {
  await h.close();
});

pairing.run();
roles.run();

/**
 * The chain owner's key: a pairing code of no shop made on the server's machine (the script's function and the
 * loopback route), traded for a key like a console's (same per-address limit); the key reads every shop and the
 * chain, changes shifts (logged with its name) and serves no customer; a shop's key cannot read the chain; revoked,
 * its key and tickets stop working and its open stream ends within 1 s. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { limitsFrom } from '../../../src/server/config.ts';
import { makeLogger } from '../../../src/server/ops/log.ts';
import { issueOwnerPairingCode } from '../../../src/server/operator/devices.ts';
import { allShops } from '../../../src/server/repos/operators.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import type { WireOperatorQueue } from '../../../src/shared/wire-operator.ts';
import type { WireChainRows, WireChainShop } from '../../../src/shared/wire-chain.ts';
import { mergeChain } from '../../../src/client/lib/operator.ts';
import { apiSegment, type Locale } from '../../../src/shared/locales.ts';
import { call, customer, helsinki, item, menu, operatorKey } from '../queue-helpers.ts';
import { openSse, type SseStream } from '../sse.ts';

let h: Harness;
let base: string;
const keys: Record<number, string> = {};
const lines: string[] = [];
const open: SseStream[] = [];
const LOCAL_SECRET = 'local-admin-secret-of-the-test';

// biome-ignore lint/suspicious/noExplicitAny: untyped answers, as in the other route tests.
const op = <T = any>(method: string, path: string, key: string | undefined, body?: unknown) =>
  call<T>(h, method, `/api/fi/operator/${path}`, { token: key, body });

async function pair(code: string, name: string, address = '10.0.0.1') {
  const res = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', remoteAddress: address, payload: { code, name } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

let browsers = 0;
/** A browser of the owner, paired with a code the script would print (each from its own address). */
async function ownerBrowser(name: string): Promise<{ key: string; id: number }> {
  const { code } = await issueOwnerPairingCode(h, h.clock.now());
  const paired = await pair(code, name, `10.1.0.${++browsers}`);
  assert.is(paired.status, 201, JSON.stringify(paired.body));
  return { key: paired.body.key, id: paired.body.device_id };
}

const test = suite("the chain owner's key");
test.before(async () => {
  h = await harness({
    seed: seedDemo,
    config: { localAdminToken: LOCAL_SECRET, streamHeartbeatMs: 200, limits: { ...limitsFrom({}), pairingAddress: 4 } },
    log: makeLogger({ logLevel: 'info' }, { write: (s: string) => void lines.push(s) }),
  });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  for (const id of [1, 2, 11]) keys[id] = await operatorKey(h, id);
});
test.after.each(() => {
  for (const s of open.splice(0)) s.close();
});
test.after(() => h.close());

test('pairing: a code of no shop, shown once and stored hashed, gives a browser an owner key; tries per address are limited', async () => {
  const made = await issueOwnerPairingCode(h, h.clock.now());
  assert.is(made.role, 'owner');
  assert.is(made.code.length, 8);
  const stored = await h.db.query<{ hash: string; shop_id: number | null }>("SELECT hash, shop_id FROM pairing_codes WHERE role = 'owner'");
  assert.is(stored.rows.length, 1);
  assert.is(stored.rows[0].shop_id, null);
  assert.not.ok(stored.rows[0].hash.includes(made.code), 'only a hash of the code is stored');

  const paired = await pair(made.code, '  Owner laptop ');
  assert.is(paired.status, 201, JSON.stringify(paired.body));
  assert.equal(
    { ...paired.body, key: '' },
    { key: '', role: 'owner', pob_id: null, device_id: paired.body.device_id, name: 'Owner laptop' },
  );
  const keyRows = await h.db.query<{ hash: string }>('SELECT hash FROM device_keys WHERE id = $1', [paired.body.device_id]);
  assert.not.ok(keyRows.rows[0].hash.includes(paired.body.key), 'only a hash of the key is stored');
  assert.equal((await op('GET', 'me/', paired.body.key)).body, {
    pob_id: null,
    pob_name: null,
    role: 'owner',
    device_id: paired.body.device_id,
    name: 'Owner laptop',
  });
  assert.is((await pair(made.code, 'Again')).status, 401, 'single use');

  // The same limit per address as a console's pairing: past it even a right code is refused.
  const right = await issueOwnerPairingCode(h, h.clock.now());
  for (let i = 0; i < 4; i++) assert.is((await pair('WRONG234', 'X', '10.7.7.7')).status, 401);
  const blocked = await pair(right.code, 'X', '10.7.7.7');
  assert.is(blocked.status, 429);
  assert.ok(Number(blocked.headers['retry-after']) > 0);
  assert.is((await pair(right.code, 'Phone', '10.7.7.8')).status, 201, 'another address pairs with it');

  // The script's way while the server holds PGlite: the loopback route with the local secret, and nothing else.
  const local = await h.app.inject({
    method: 'POST',
    url: '/api/fi/operator/local/owner/pairing-codes/',
    headers: { authorization: `Bearer ${LOCAL_SECRET}` },
  });
  assert.is(local.statusCode, 201, local.body);
  assert.is(local.json().role, 'owner');
  const wrong = await h.app.inject({
    method: 'POST',
    url: '/api/fi/operator/local/owner/pairing-codes/',
    headers: { authorization: `Bearer ${keys[1]}` },
  });
  assert.is(wrong.statusCode, 401);
  const remote = await h.app.inject({
    method: 'POST',
    url: '/api/fi/operator/local/owner/pairing-codes/',
    remoteAddress: '10.0.0.5',
    headers: { authorization: `Bearer ${LOCAL_SECRET}` },
  });
  assert.is(remote.statusCode, 401, 'only from this machine');
});

test("reach: the owner reads every shop and the chain; a shop's key reads neither the chain nor another shop", async () => {
  const owner = await ownerBrowser('Reach');
  const shops = await allShops(h.db);
  assert.ok(shops.length >= 3);
  for (const s of shops) {
    assert.is((await op('GET', `pobs/${s.id}/queue/`, owner.key)).status, 200, `queue of shop ${s.id}`);
    assert.is((await op('GET', `pobs/${s.id}/stats/`, owner.key)).status, 200, `figures of shop ${s.id}`);
    assert.is((await op('POST', `pobs/${s.id}/events/ticket/`, owner.key)).status, 200, `stream ticket of shop ${s.id}`);
  }
  const chain = await op('GET', 'chain/', owner.key);
  assert.is(chain.status, 200);
  assert.equal(
    chain.body.pobs.map((p: { id: number }) => p.id),
    shops.map((s) => s.id),
  );
  for (const s of shops.slice(0, 3)) {
    const own = await op('GET', `pobs/${s.id}/stats/`, owner.key);
    assert.equal(chain.body.pobs.find((p: { id: number }) => p.id === s.id).figures, own.body, `shop ${s.id}: the shop's own figures`);
  }

  // A shop's key, and a console paired to it, read neither the chain nor the owner's browsers.
  const code = (await op('POST', 'pobs/1/pairing-codes/', keys[1], { role: 'console' })).body.code;
  const consoleKey = (await pair(code, 'Desk', '10.0.0.9')).body.key;
  for (const k of [keys[1], consoleKey]) {
    for (const path of ['chain/', 'owner/devices/']) {
      const res = await op('GET', path, k);
      assert.is(res.status, 403, path);
      assert.is(res.body.error, WIRE_ERRORS.ownerOnly);
    }
    assert.is((await op('DELETE', `owner/devices/${owner.id}/`, k)).status, 403);
    assert.is((await op('GET', 'pobs/2/queue/', k)).status, 403, 'nor another shop');
  }
  assert.is((await op('GET', 'chain/', undefined)).status, 401);
  assert.is((await op('GET', 'chain/', 'opk_not-a-key')).status, 401);
});

test('reach: the owner serves no customer and acts on no floor, but ends a barber’s day, logged with his name', async () => {
  const owner = await ownerBrowser('Chain office');
  h.clock.set(helsinki('12:00'));
  const c = await customer(h);
  const m = await menu(h, 1);
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 1, items: [item(m.services[0])], barber_id: null },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.body));
  const orderId = joined.body.id;
  const before = (await op<WireOperatorQueue>('GET', 'pobs/1/queue/', keys[1])).body;
  const barber = before.barbers.find((b) => b.on_shift)!;

  const refused: [string, string, unknown][] = [
    ['POST', 'pobs/1/walk-ins/', { name: 'Walk In', services: [{ service_id: 1, amount: 1, extra_services: [] }], barber_id: null }],
    ['PATCH', 'pobs/1/', { full: true }],
    ['POST', `orders/${orderId}/check-in/`, {}],
    ['POST', `orders/${orderId}/start/`, { barber_id: barber.id }],
    ['POST', `orders/${orderId}/no-show/`, {}],
    ['POST', `orders/${orderId}/finish/`, {}],
    ['POST', `pobs/1/barbers/${barber.id}/break/`, { minutes: 15 }],
    ['POST', 'pobs/1/pairing-codes/', { role: 'console' }],
    ['GET', 'pobs/1/devices/', undefined],
  ];
  for (const [method, path, body] of refused) {
    const res = await op(method, path, owner.key, body);
    assert.is(res.status, 403, `${method} ${path}`);
    assert.is(res.body.error, WIRE_ERRORS.ownerNoFloor, `${method} ${path}`);
  }
  const after = (await op<WireOperatorQueue>('GET', 'pobs/1/queue/', keys[1])).body;
  assert.is(after.pob.queue_version, before.pob.queue_version, 'nothing changed on the floor');
  assert.is(after.orders.find((o) => o.id === orderId)?.status, 'waiting');

  lines.length = 0;
  const ended = await op<WireOperatorQueue>('POST', `pobs/1/barbers/${barber.id}/end-shift/`, owner.key);
  assert.is(ended.status, 200, JSON.stringify(ended.body));
  assert.is(ended.body.barbers.find((b) => b.id === barber.id)?.on_shift, false);
  const logged = lines.map((l) => JSON.parse(l)).find((l) => l.action === 'end-shift');
  assert.ok(logged, 'the change is logged');
  assert.is(logged.owner, 'Chain office');
  assert.is(logged.owner_device, owner.id);
  assert.is(logged.pob_id, 1);
  assert.is(logged.barber_id, barber.id);
});

test("the chain: every shop of the demo, its figures and floor by the shop's own reads; a crowded shop is flagged beside one with room", async () => {
  const owner = await ownerBrowser('Chain screen');
  h.clock.set(helsinki('12:30'));
  // Shop 2 (Kallio) gets a queue from the desk; Kamppi (1), 3 km away, keeps its own.
  const m = await menu(h, 2);
  for (let i = 0; i < 6; i++) {
    const res = await op('POST', 'pobs/2/walk-ins/', keys[2], {
      name: `Walk In ${i}`,
      services: [{ service_id: m.services[0].id, amount: 1, extra_services: [] }],
      barber_id: null,
    });
    assert.is(res.status, 201, JSON.stringify(res.body));
  }
  const chain = await op('GET', 'chain/', owner.key);
  assert.is(chain.status, 200);
  const shops = await allShops(h.db);
  assert.is(chain.body.pobs.length, shops.length, 'one row per shop');
  for (const s of shops) {
    const row = chain.body.pobs.find((p: { id: number }) => p.id === s.id);
    const stats = (await op('GET', `pobs/${s.id}/stats/`, keys[s.id] ?? owner.key)).body;
    assert.equal(row.figures, stats, `shop ${s.id}: the figures are the shop's own`);
    const floor = (await op<WireOperatorQueue>('GET', `pobs/${s.id}/queue/`, owner.key)).body;
    assert.is(row.open, floor.pob.open, `shop ${s.id} open`);
    assert.is(row.barbers_on_shift, floor.barbers.filter((b) => b.on_shift).length, `shop ${s.id} barbers`);
    const waiting = floor.orders.filter((o) => o.status === 'waiting');
    assert.is(row.waiting_present + row.waiting_on_way, waiting.length, `shop ${s.id} waiting`);
    assert.is(row.waiting_on_way, waiting.filter((o) => o.expected_at !== null).length, `shop ${s.id} on their way`);
    const waits = floor.barbers.filter((b) => b.queue_open && b.wait_time !== null).map((b) => b.wait_time!);
    assert.is(row.wait?.minutes ?? null, waits.length ? Math.min(...waits) : null, `shop ${s.id} wait now`);
    // The wait per priority with its window: the shop's own page's figures, priority by priority.
    const page = await call<{
      service_time_estimates: { priority: number; wait_time: number; wait_low: number | null; wait_high: number | null }[];
    }>(h, 'GET', `/api/${apiSegment(s.country as Locale)}/pobs/${s.id}/?dev=1`);
    assert.is(page.status, 200, `shop ${s.id}'s page`);
    const takes = floor.pob.open && floor.pob.queue_state === 'open';
    assert.equal(
      row.waits,
      takes
        ? page.body.service_time_estimates.map((e) => ({ priority: e.priority, minutes: e.wait_time, low: e.wait_low, high: e.wait_high }))
        : [],
      `shop ${s.id}: the wait per priority is its page's`,
    );
    if (takes) assert.is(row.waits.length, 4, `shop ${s.id}: every priority`);
  }
  const kallio = chain.body.pobs.find((p: { id: number }) => p.id === 2);
  const kamppi = chain.body.pobs.find((p: { id: number }) => p.id === 1);
  assert.is(kallio.waiting_present, 6, 'walk-ins are at the shop');
  assert.ok(kallio.wait.minutes > kamppi.wait.minutes + 1, `Kallio ${kallio.wait.minutes} min, Kamppi ${kamppi.wait.minutes} min`);
  const before = h.config.chainFlagWaitMinutes;
  try {
    h.config.chainFlagWaitMinutes = Math.floor((kallio.wait.minutes + kamppi.wait.minutes) / 2);
    const flagged = (await op('GET', 'chain/', owner.key)).body.pobs;
    const k2 = flagged.find((p: { id: number }) => p.id === 2);
    assert.ok(k2.crowded, 'Kallio is over the threshold while Kamppi nearby has room');
    assert.ok(k2.nearby_room.includes(1));
    assert.not.ok(flagged.find((p: { id: number }) => p.id === 1).crowded);
    h.config.chainFlagWaitMinutes = kallio.wait.minutes + 1;
    assert.not.ok(
      (await op('GET', 'chain/', owner.key)).body.pobs.find((p: { id: number }) => p.id === 2).crowded,
      'under the threshold: no flag',
    );
  } finally {
    h.config.chainFlagWaitMinutes = before;
  }
});

/** Resolves true once the stream ended, false if it was still open after `ms`. */
const endsWithin = (s: SseStream, ms: number) =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

test("the chain's stream: a change at any shop reaches the owner; a shop's key gets no ticket; revoked, it ends within 1 s", async () => {
  const owner = await ownerBrowser('Wall screen');
  assert.is((await op('POST', 'chain/events/ticket/', keys[1])).status, 403, "a shop's key");
  const shopTicket = (await op('POST', 'pobs/1/events/ticket/', keys[1])).body.ticket;
  const wrongKind = await openSse(`${base}/api/fi/operator/chain/events/?ticket=${shopTicket}`);
  open.push(wrongKind);
  assert.is(wrongKind.status, 403, "a shop's queue ticket opens no chain stream");
  const t = await op('POST', 'chain/events/ticket/', owner.key);
  assert.is(t.status, 200);
  const s = await openSse(`${base}/api/fi/operator/chain/events/?ticket=${t.body.ticket}`);
  open.push(s);
  assert.is(s.status, 200);
  const first = await s.next((e) => e.event === 'chain');
  const waitingAt11 = (body: string) => {
    const row = JSON.parse(body).pobs.find((p: { id: number }) => p.id === 11);
    return row.waiting_present + row.waiting_on_way;
  };
  const before = waitingAt11(first.data);
  const m = await menu(h, 11);
  const added = await op('POST', 'pobs/11/walk-ins/', keys[11], {
    name: 'Chain Watcher',
    services: [{ service_id: m.services[0].id, amount: 1, extra_services: [] }],
    barber_id: null,
  });
  assert.is(added.status, 201, JSON.stringify(added.body));
  // The change comes as that shop's row only, one version up; merged into the first frame it is GET chain/'s.
  const moved = await s.next((e) => e.event === 'chain-rows', s.events.indexOf(first) + 1, 3_000);
  const delta = JSON.parse(moved.data) as WireChainRows;
  assert.equal(
    delta.pobs.map((p) => p.id),
    [11],
    "only shop 11's row",
  );
  assert.is(delta.pobs[0].waiting_present + delta.pobs[0].waiting_on_way, before + 1);
  assert.equal(delta.removed, []);
  assert.is(delta.from, Number(first.id), 'it follows the first frame');
  assert.is(Number(moved.id), delta.version);
  assert.ok(delta.version > delta.from, 'the version moved');
  const merged = mergeChain(JSON.parse(first.data), Number(first.id), delta);
  assert.ok(merged);
  assert.equal(merged.chain, (await op('GET', 'chain/', owner.key)).body, "the first frame with the change merged is GET chain/'s");
  // A stream opened now gets every row at the current version.
  const t2 = await op('POST', 'chain/events/ticket/', owner.key);
  const late = await openSse(`${base}/api/fi/operator/chain/events/?ticket=${t2.body.ticket}`);
  open.push(late);
  const whole = await late.next();
  assert.is(whole.event, 'chain', 'the first event is the whole chain');
  assert.is(whole.id, moved.id, 'at the version of the last change');
  assert.equal(JSON.parse(whole.data), merged.chain, 'every row, the change included');

  assert.is((await op('DELETE', `owner/devices/${owner.id}/`, (await ownerBrowser('Revoker')).key)).status, 204);
  assert.ok(await endsWithin(s, 1_000), 'revoked: the chain stream ended within 1 s');
  const refused = await openSse(`${base}/api/fi/operator/chain/events/?ticket=${t.body.ticket}`);
  open.push(refused);
  assert.is(refused.status, 401);
});

test("the chain's stream: a change at one shop sends the rows whose crowded flag it changed, and only those", async () => {
  const owner = await ownerBrowser('Flag screen');
  const t = await op('POST', 'chain/events/ticket/', owner.key);
  const s = await openSse(`${base}/api/fi/operator/chain/events/?ticket=${t.body.ticket}`);
  open.push(s);
  const first = JSON.parse((await s.next((e) => e.event === 'chain')).data).pobs as WireChainShop[];
  const kallio = first.find((p) => p.id === 2)!;
  const kamppi = first.find((p) => p.id === 1)!;
  assert.ok(kallio.wait && kamppi.wait && kallio.wait.minutes > kamppi.wait.minutes + 1, 'Kallio waits longer than Kamppi');
  const limit = h.config.chainFlagWaitMinutes;
  const m = await menu(h, 11);
  try {
    // Kallio over the threshold, Kamppi under it: once a change is read, Kallio is flagged beside Kamppi.
    h.config.chainFlagWaitMinutes = Math.floor((kallio.wait!.minutes + kamppi.wait!.minutes) / 2);
    const walkIn = { name: 'Flag Reader', services: [{ service_id: m.services[0].id, amount: 1, extra_services: [] }], barber_id: null };
    assert.is((await op('POST', 'pobs/11/walk-ins/', keys[11], walkIn)).status, 201);
    await s.next((e) => e.event === 'chain-rows' && JSON.parse(e.data).pobs.some((p: WireChainShop) => p.id === 11));
    // The rows as the owner's screen has them (the first frame, the changes merged).
    const merged = (upTo: number) => {
      let seen: { chain: { pobs: WireChainShop[] }; version: number } | null = { chain: { pobs: first }, version: Number(s.events[0].id) };
      for (const x of s.events.slice(1, upTo))
        if (x.event === 'chain-rows') seen = seen && mergeChain(seen.chain, seen.version, JSON.parse(x.data));
      assert.ok(seen, 'no frame missed');
      return new Map(seen.chain.pobs.map((p) => [p.id, p]));
    };
    assert.ok(merged(s.events.length).get(2)!.nearby_room.includes(1), 'Kallio flagged beside Kamppi');
    // Kamppi fills up: its row changes, and Kallio's flag with it (Kamppi no longer has room), though Kallio did not.
    const at = s.events.length;
    assert.is((await op('PATCH', 'pobs/1/', keys[1], { full: true })).status, 200);
    const e = await s.next((x) => x.event === 'chain-rows', at, 3_000);
    const delta = JSON.parse(e.data) as WireChainRows;
    const ids = delta.pobs.map((p) => p.id);
    assert.ok(ids.includes(1), "Kamppi's own row");
    assert.ok(ids.includes(2), "Kallio's row, for its flag");
    assert.not.ok(delta.pobs.find((p) => p.id === 2)!.nearby_room.includes(1), 'Kamppi is no longer room beside Kallio');
    // Besides the two, only rows whose flag moved.
    const was = merged(at);
    for (const p of delta.pobs.filter((x) => x.id !== 1 && x.id !== 2))
      assert.not.equal(
        { crowded: p.crowded, nearby_room: p.nearby_room },
        { crowded: was.get(p.id)!.crowded, nearby_room: was.get(p.id)!.nearby_room },
        `shop ${p.id}`,
      );
    assert.ok(delta.pobs.length < first.length, 'not every row');
  } finally {
    h.config.chainFlagWaitMinutes = limit;
    await op('PATCH', 'pobs/1/', keys[1], { full: false });
  }
});

test("revocation: the browser's key and tickets stop working and its open stream ends within 1 s; the other goes on", async () => {
  const laptop = await ownerBrowser('Laptop');
  const phone = await ownerBrowser('Phone');
  const ticket = async (key: string) => (await op('POST', 'pobs/2/events/ticket/', key)).body.ticket as string;
  const spare = await ticket(laptop.key);
  const stream = async (t: string) => {
    const s = await openSse(`${base}/api/fi/operator/pobs/2/events/?ticket=${t}`);
    open.push(s);
    return s;
  };
  const laptops = await stream(await ticket(laptop.key));
  const phones = await stream(await ticket(phone.key));
  for (const s of [laptops, phones]) {
    assert.is(s.status, 200);
    await s.next((e) => e.event === 'queue');
  }
  const listed = await op('GET', 'owner/devices/', phone.key);
  assert.ok(listed.body.some((d: { id: number; name: string }) => d.id === laptop.id && d.name === 'Laptop'));

  lines.length = 0;
  const gone = await op('DELETE', `owner/devices/${laptop.id}/`, phone.key);
  assert.is(gone.status, 204);
  assert.ok(await endsWithin(laptops, 1_000), "the revoked browser's stream ended within 1 s");
  assert.not.ok(await endsWithin(phones, 300), "the other browser's stream goes on");
  const logged = lines.map((l) => JSON.parse(l)).find((l) => l.action === 'revoke-owner-device');
  assert.is(logged?.owner, 'Phone');
  assert.is(logged?.device_id, laptop.id);

  const me = await op('GET', 'me/', laptop.key);
  assert.is(me.status, 401);
  assert.is(me.body.error, WIRE_ERRORS.invalidOperatorKey);
  assert.is((await op('GET', 'chain/', laptop.key)).status, 401);
  const late = await stream(spare);
  assert.is(late.status, 401, 'a ticket taken before opens nothing');
  assert.is((await op('DELETE', 'owner/devices/999999/', phone.key)).status, 404);
  const list = (await op('GET', 'owner/devices/', phone.key)).body;
  assert.ok(list.find((d: { id: number }) => d.id === laptop.id).revoked_at, 'listed as revoked');

  // The script's revocation on this machine (PGlite held by the server): the loopback route.
  const local = await h.app.inject({
    method: 'DELETE',
    url: `/api/fi/operator/local/owner/devices/${phone.id}/`,
    headers: { authorization: `Bearer ${LOCAL_SECRET}` },
  });
  assert.is(local.statusCode, 204);
  assert.ok(await endsWithin(phones, 1_000), 'revoked from the server machine: its stream ended too');
  assert.is((await op('GET', 'me/', phone.key)).status, 401);
});

test.run();

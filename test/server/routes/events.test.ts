/**
 * Live updates over real HTTP streams: the shop's public stream, the customer's order stream and the
 * operator's queue stream, their tickets, the cached reads behind them, and the costs (a query-counting Db).
 * Both engines (TEST_DB=postgres runs the same file on PostgreSQL).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { countingDb, type CountingDb } from '../../../src/server/db/counting.ts';
import { makeLogger } from '../../../src/server/ops/log.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { signTicket } from '../../../src/server/auth/tickets.ts';
import { harness, type Harness } from '../harness.ts';
import { call, customer, item, menu, operatorKey, type TestCustomer } from '../queue-helpers.ts';
import { openSse, type SseStream } from '../sse.ts';

const live = suite('event streams');
let h: Harness;
let base: string;
let logs = '';
let shopKey: string;
let otherShopKey: string;
const open: SseStream[] = [];

live.before(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs += chunk;
      done();
    },
  });
  h = await harness({
    seed: seedDemo,
    log: makeLogger({ logLevel: 'info' }, sink),
    config: { streamsPerAddress: 6, streamHeartbeatMs: 200 },
  });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  shopKey = await operatorKey(h, 1);
  otherShopKey = await operatorKey(h, 2);
});
live.after.each(() => {
  for (const s of open.splice(0)) s.close();
});
live.after(async () => h.close());

const sse = async (path: string, headers: Record<string, string> = {}) => {
  const s = await openSse(base + path, headers);
  open.push(s);
  return s;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function joined(): Promise<{ c: TestCustomer; orderId: number }> {
  const c = await customer(h);
  const m = await menu(h, 1);
  const s = m.services.find((x) => x.title === 'Haircut')!;
  const res = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 1, items: [item(s)] } });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return { c, orderId: res.body.id };
}

async function orderTicket(c: TestCustomer, orderId: number): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/${orderId}/events/ticket/`,
    headers: bearer(c.token),
  });
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.json().expires_in, 60);
  return res.json().ticket;
}

live("the shop's stream starts with the GET's answer and carries a join at once, with the new queue_version", async () => {
  const s = await sse('/api/fi/pobs/1/events/?lang=en');
  assert.is(s.status, 200);
  assert.match(String(s.headers['content-type']), /^text\/event-stream/);
  const first = await s.next();
  assert.is(first.event, 'pob');
  assert.is(first.data, (await h.app.inject({ method: 'GET', url: '/api/fi/pobs/1/?lang=en' })).body, 'the same JSON as GET /pobs/1/');
  await joined();
  const next = await s.next((e) => Number(e.id) > Number(first.id), 1);
  assert.is(JSON.parse(next.data).queue_info.queue_length, JSON.parse(first.data).queue_info.queue_length + 1);
  assert.is(next.data, (await h.app.inject({ method: 'GET', url: '/api/fi/pobs/1/?lang=en' })).body);
});

live("an operator's change reaches the customer's order stream; another customer's ticket gets 403", async () => {
  const { c, orderId } = await joined();
  const s = await sse(`/api/fi/customers/${c.id}/orders/${orderId}/events/?ticket=${await orderTicket(c, orderId)}`);
  assert.is(s.status, 200, s.body);
  const first = await s.next();
  assert.is(first.event, 'order');
  assert.is(
    first.data,
    (await call(h, 'GET', `/api/fi/customers/${c.id}/orders/${orderId}/`, { token: c.token })).body &&
      (await h.app.inject({ method: 'GET', url: `/api/fi/customers/${c.id}/orders/${orderId}/`, headers: bearer(c.token) })).body,
  );
  const checkIn = await h.app.inject({ method: 'POST', url: `/api/fi/operator/orders/${orderId}/check-in/`, headers: bearer(shopKey) });
  assert.is(checkIn.statusCode, 200, checkIn.body);
  const next = await s.next((e) => JSON.parse(e.data).customer_at_pob === true, 1);
  assert.ok(Number(next.id) > Number(first.id));

  const other = await joined();
  const theirs = await orderTicket(other.c, other.orderId);
  const refused = await sse(`/api/fi/customers/${c.id}/orders/${orderId}/events/?ticket=${theirs}`);
  assert.is(refused.status, 403);
  const crossed = await sse(`/api/fi/customers/${other.c.id}/orders/${orderId}/events/?ticket=${theirs}`);
  assert.is(crossed.status, 403, "the ticket's own customer, another order");
  const ticketForOthers = await h.app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/${other.orderId}/events/ticket/`,
    headers: bearer(c.token),
  });
  assert.is(ticketForOthers.statusCode, 404, "no ticket for another customer's order");
  const noBearer = await h.app.inject({ method: 'POST', url: `/api/fi/customers/${c.id}/orders/${orderId}/events/ticket/` });
  assert.is(noBearer.statusCode, 401);
});

live('a ticket is refused when missing, forged or expired, and is never logged', async () => {
  const { c, orderId } = await joined();
  const path = `/api/fi/customers/${c.id}/orders/${orderId}/events/`;
  const missing = await sse(path);
  assert.is(missing.status, 401);
  assert.is(JSON.parse(missing.body).error, 'Missing ticket parameter');
  const forged = await sse(
    `${path}?ticket=${await signTicket({ jwt: new TextEncoder().encode('not the key'), codes: Buffer.alloc(0) }, { kind: 'order', customerId: c.id, orderId }, h.clock.now())}`,
  );
  assert.is(forged.status, 401);
  const ticket = await orderTicket(c, orderId);
  h.clock.advance(1.1);
  const expired = await sse(`${path}?ticket=${ticket}`);
  assert.is(expired.status, 401);
  assert.is(JSON.parse(expired.body).error, 'Invalid or expired ticket');
  assert.ok(logs.includes('/events/?ticket='), 'the request lines are logged');
  assert.not.ok(logs.includes(ticket), 'the ticket is not');
  // An access token is no ticket.
  const token = await sse(`${path}?ticket=${c.token}`);
  assert.is(token.status, 401);
});

live("the operator's stream: a ticket from the shop's key, the queue's JSON, another shop's key refused", async () => {
  const res = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pobs/1/events/ticket/', headers: bearer(shopKey) });
  assert.is(res.statusCode, 200, res.body);
  const s = await sse(`/api/fi/operator/pobs/1/events/?ticket=${res.json().ticket}`);
  const first = await s.next();
  assert.is(first.event, 'queue');
  const queue = await h.app.inject({ method: 'GET', url: '/api/fi/operator/pobs/1/queue/', headers: bearer(shopKey) });
  assert.is(first.data, queue.body);
  assert.is(first.id, String(queue.json().pob.queue_version));
  await joined();
  const next = await s.next((e) => Number(e.id) > Number(first.id), 1);
  assert.is(JSON.parse(next.data).orders.length, queue.json().orders.length + 1);
  const other = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pobs/1/events/ticket/', headers: bearer(otherShopKey) });
  assert.is(other.statusCode, 403);
  const wrongShop = await sse(`/api/fi/operator/pobs/2/events/?ticket=${res.json().ticket}`);
  assert.is(wrongShop.status, 403);
  const noKey = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pobs/1/events/ticket/' });
  assert.is(noKey.statusCode, 401);
});

live('a resume with Last-Event-ID gets the current state; heartbeats come as `: ping`', async () => {
  const s = await sse('/api/fi/pobs/1/events/');
  const first = await s.next();
  await joined();
  await s.next((e) => Number(e.id) > Number(first.id), 1);
  const resumed = await sse('/api/fi/pobs/1/events/', { 'last-event-id': first.id });
  const now = await resumed.next();
  assert.is(now.data, (await h.app.inject({ method: 'GET', url: '/api/fi/pobs/1/' })).body);
  assert.ok(Number(now.id) > Number(first.id));
  while (resumed.pings < 1) await new Promise((r) => setTimeout(r, 50));
});

live('streams per address are limited (a setting); a closed one frees its place', async () => {
  while (h.app.streams.countOf('127.0.0.1') > 0) await new Promise((r) => setTimeout(r, 20));
  const held: SseStream[] = [];
  for (let i = 0; i < 6; i++) held.push(await sse('/api/fi/pobs/2/events/'));
  const over = await sse('/api/fi/pobs/2/events/');
  assert.is(over.status, 429);
  assert.is(JSON.parse(over.body).error, 'Too many streams from this address');
  assert.ok(over.headers['retry-after']);
  held[0].close();
  await held[0].ended;
  while (h.app.streams.countOf('127.0.0.1') >= 6) await new Promise((r) => setTimeout(r, 20));
  assert.is((await sse('/api/fi/pobs/2/events/')).status, 200);
});

live.run();

/** What a read and an idle stream cost: statements counted on the real database. */
const costs = suite('reads that cost nothing');
let c: Harness;
let app: FastifyInstance;
let db: CountingDb;
let cbase: string;
costs.before(async () => {
  c = await harness({ seed: seedDemo, config: { streamHeartbeatMs: 100 } });
  db = countingDb(c.db);
  app = await buildApp({ ...c.deps, db });
  cbase = await app.listen({ port: 0, host: '127.0.0.1' });
});
costs.after(async () => {
  await app.close();
  await c.close();
});

costs('a kept read runs no query, answers brotli bytes equal to the JSON, and 304 for its ETag', async () => {
  const first = await app.inject({ method: 'GET', url: '/api/fi/pobs/', headers: { 'accept-encoding': 'br' } });
  assert.is(first.statusCode, 200);
  const detail1 = await app.inject({ method: 'GET', url: '/api/fi/pobs/1/?lang=sv' });
  assert.ok(db.statements.length > 0, 'the first reads ask the database');
  db.reset();
  const again = await app.inject({ method: 'GET', url: '/api/fi/pobs/', headers: { 'accept-encoding': 'br' } });
  const plain = await app.inject({ method: 'GET', url: '/api/fi/pobs/' });
  const detail2 = await app.inject({ method: 'GET', url: '/api/fi/pobs/1/?lang=sv' });
  const notModified = await app.inject({ method: 'GET', url: '/api/fi/pobs/', headers: { 'if-none-match': again.headers.etag as string } });
  assert.equal(db.statements, [], 'kept reads and a 304 ask nothing');
  assert.is(again.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(again.rawPayload).toString(), plain.body);
  assert.is(detail2.body, detail1.body);
  assert.is(notModified.statusCode, 304);
  assert.is(notModified.body, '');
  assert.ok(again.headers.etag);
  // The language is part of the key.
  assert.is.not((await app.inject({ method: 'GET', url: '/api/fi/pobs/1/?lang=en' })).body, detail1.body);
});

costs('a kept answer is the uncached one; a change shows at once', async () => {
  const kept = (await app.inject({ method: 'GET', url: '/api/fi/pobs/1/' })).body;
  const fresh = await buildApp({ ...c.deps, config: { ...c.deps.config, pobCacheMs: 0 } });
  const uncached = (await fresh.inject({ method: 'GET', url: '/api/fi/pobs/1/' })).body;
  await fresh.close();
  assert.is(kept, uncached);
  const k = await operatorKey(c, 1);
  const full = await app.inject({ method: 'PATCH', url: '/api/fi/operator/pobs/1/', headers: bearer(k), payload: { full: true } });
  assert.is(full.statusCode, 200, full.body);
  assert.is(JSON.parse((await app.inject({ method: 'GET', url: '/api/fi/pobs/1/' })).body).queue_state, 'full');
  await app.inject({ method: 'PATCH', url: '/api/fi/operator/pobs/1/', headers: bearer(k), payload: { full: false } });
});

costs(
  "idle streams run no query (heartbeats only); the minute's re-read is built from kept rows; old rows are read again once",
  async () => {
    const streams = await Promise.all([1, 1, 1, 2].map((id) => openSse(`${cbase}/api/fi/pobs/${id}/events/`)));
    await Promise.all(streams.map((s) => s.next()));
    db.reset();
    while (streams.some((s) => s.pings < 3)) await new Promise((r) => setTimeout(r, 50));
    assert.equal(db.statements, []);
    // Every topic is built again when its minute moves (waits move with the clock), from the rows kept since the
    // last change: no query however many streams are open.
    c.clock.advance(1);
    await app.streams.tick();
    assert.equal(db.statements, [], "the minute's re-read runs no query");
    // Rows older than KEPT_ROWS_MS are read again, once per shop.
    c.clock.advance(c.deps.config.keptRowsMs / 60_000);
    await app.streams.tick();
    assert.ok(db.statements.length > 0, 'rows read again once they are KEPT_ROWS_MS old');
    const perRead = db.statements.length;
    db.reset();
    await app.streams.tick();
    assert.equal(db.statements, [], 'once');
    assert.ok(perRead < 40, `two shops read once each: ${perRead}`);
    for (const s of streams) s.close();
  },
);

costs('a shutdown ends every stream cleanly', async () => {
  const h2 = await harness({ seed: seedDemo });
  const b2 = await h2.app.listen({ port: 0, host: '127.0.0.1' });
  const s = await openSse(`${b2}/api/fi/pobs/1/events/`);
  await s.next();
  await h2.close();
  await s.ended;
  assert.is(h2.app.streams.size, 0);
});

costs.run();

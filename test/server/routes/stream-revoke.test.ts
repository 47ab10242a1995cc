/**
 * A revoked device stops watching the shop: its open queue streams end at once (on PostgreSQL also those another
 * process holds, through the announcements), and a stream ticket it took before the revocation opens nothing.
 * A HEAD on a stream answers at once and holds no stream. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { openDb } from '../../../src/server/db/open.ts';
import type { Db } from '../../../src/server/db/db.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { buildDeps } from '../../../src/server/build-deps.ts';
import { WIRE_ERRORS } from '../../../src/shared/wire-errors.ts';
import { harness, usePostgres, type Harness } from '../harness.ts';
import { operatorKey } from '../queue-helpers.ts';
import { openSse, type SseStream } from '../sse.ts';

const revoke = suite('revoked devices and their streams');
let h: Harness;
let base: string;
let shopKey: string;
const open: SseStream[] = [];
/** On PostgreSQL: a second process on the same database (its own app, pool and listener). */
let other: { app: FastifyInstance; deps: Deps; db: Db; base: string } | null = null;

revoke.before(async () => {
  h = await harness({ seed: seedDemo, config: { streamHeartbeatMs: 200 } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  shopKey = await operatorKey(h, 1);
  if (usePostgres) {
    const db = await openDb({ databaseUrl: h.config.databaseUrl, dataDir: null });
    const deps = await buildDeps({ config: h.config, db, now: h.clock.now });
    const app = await buildApp(deps);
    other = { app, deps, db, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }
});
revoke.after.each(() => {
  for (const s of open.splice(0)) s.close();
});
revoke.after(async () => {
  if (other) {
    await other.app.close();
    await other.deps.changes.close();
    await other.db.close();
  }
  await h.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function pairedDevice(name: string): Promise<{ key: string; id: number }> {
  const code = await h.app.inject({
    method: 'POST',
    url: '/api/fi/operator/pobs/1/pairing-codes/',
    headers: bearer(shopKey),
    payload: { role: 'display' },
  });
  const paired = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', payload: { code: code.json().code, name } });
  assert.is(paired.statusCode, 201, paired.body);
  return { key: paired.json().key, id: paired.json().device_id };
}

async function ticket(key: string): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pobs/1/events/ticket/', headers: bearer(key) });
  assert.is(res.statusCode, 200, res.body);
  return res.json().ticket;
}

async function stream(at: string, t: string): Promise<SseStream> {
  const s = await openSse(`${at}/api/fi/operator/pobs/1/events/?ticket=${t}`);
  open.push(s);
  return s;
}

/** Resolves true once the stream ended, false if it was still open after `ms` (the heartbeat keeps coming). */
const endsWithin = (s: SseStream, ms: number) =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

revoke("revoking a device ends its open streams at once; the shop key's stream and another device's go on", async () => {
  const screen = await pairedDevice('Screen');
  const desk = await pairedDevice('Desk');
  const spare = await ticket(screen.key);
  const mine = await stream(base, await ticket(screen.key));
  const theirs = await stream(base, await ticket(desk.key));
  const shops = await stream(base, await ticket(shopKey));
  for (const s of [mine, theirs, shops]) {
    assert.is(s.status, 200);
    await s.next((e) => e.event === 'queue');
  }
  const gone = await h.app.inject({ method: 'DELETE', url: `/api/fi/operator/pobs/1/devices/${screen.id}/`, headers: bearer(shopKey) });
  assert.is(gone.statusCode, 204);
  assert.ok(await endsWithin(mine, 2_000), "the revoked device's stream ended");
  assert.not.ok(await endsWithin(theirs, 500), "another device's stream goes on");
  assert.not.ok(await endsWithin(shops, 10), "the shop key's stream goes on");

  // A ticket taken before the revocation opens nothing.
  const late = await stream(base, spare);
  assert.is(late.status, 401);
  assert.is(JSON.parse(late.body).error, WIRE_ERRORS.invalidTicket);
});

revoke('PostgreSQL: the stream another process holds for the device ends too, and its ticket opens nothing there', async () => {
  if (!other) return;
  const screen = await pairedDevice('Hall screen');
  const spare = await ticket(screen.key);
  const there = await stream(other.base, await ticket(screen.key));
  assert.is(there.status, 200);
  await there.next((e) => e.event === 'queue');
  const gone = await h.app.inject({ method: 'DELETE', url: `/api/fi/operator/pobs/1/devices/${screen.id}/`, headers: bearer(shopKey) });
  assert.is(gone.statusCode, 204);
  assert.ok(await endsWithin(there, 3_000), 'ended on the other process');
  const late = await stream(other.base, spare);
  assert.is(late.status, 401);
});

revoke('HEAD on a stream answers at once with its headers and no body, and holds no stream', async () => {
  const t = await ticket(shopKey);
  const before = h.app.streams.size;
  const res = await fetch(`${base}/api/fi/operator/pobs/1/events/?ticket=${t}`, { method: 'HEAD', signal: AbortSignal.timeout(3_000) });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.is(res.headers.get('cache-control'), 'no-store');
  assert.is(await res.text(), '');
  assert.is(h.app.streams.size, before);
  const pub = await fetch(`${base}/api/fi/pobs/1/events/`, { method: 'HEAD', signal: AbortSignal.timeout(3_000) });
  assert.is(pub.status, 200);
  assert.is(h.app.streams.size, before);
});

revoke.run();

/**
 * kill -9 with joins in flight: a real server process on a PGlite DATA_DIR, real
 * customers joining the queue and leaving it over HTTP, the process killed with SIGKILL while requests are
 * open, then started again on the same directory. Every join answered 201 and every cancel answered 200 must
 * still be there after each restart, and in the database at the end. (PGlite only: PostgreSQL's durability is
 * PostgreSQL's; this checks the embedded engine and our acknowledging only committed work.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/server/db/open.ts';
import { usePostgres } from './harness.ts';
import { migratedDataDir } from './db-templates.ts';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'walkin-kill-'));
// Starts from the run's migrated database instead of PostgreSQL's initdb (db-templates.ts).
await migratedDataDir(dir);
// Two cycles, each killing with joins and cancels in flight after both kinds were acknowledged (three cycles
// used to kill before any cancel was answered, so no acknowledged cancel was ever checked).
const CYCLES = 2;
const CUSTOMERS = 12;
const PASSWORD = 'Kahvi-Kuppi42';
const debug = (...a: unknown[]) => process.env.KILL_DEBUG && console.log(new Date().toISOString(), ...a);

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>;
}

async function start(): Promise<Server> {
  // node itself, not the tsx wrapper: SIGKILL must reach the process that holds the database.
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: '',
      SIMULATOR: '0',
      SCRYPT_LOG_N: '10',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal, out })),
  );
  const base = await new Promise<string>((done, fail) => {
    const take = (b: Buffer) => {
      out += b;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) done(m[1]);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    void exited.then((r) => fail(new Error(`server exited before listening: ${r.code} ${r.signal}\n${r.out}`)));
  });
  current = { child, base, exited };
  return current;
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads untyped answer bodies; each assertion names the field it needs.
async function json(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

interface Customer {
  id: number;
  phone: string;
  token: string;
}

let current: Server | null = null;
test.after(() => {
  // A failed assertion must not leave a server holding the directory (and this process alive).
  current?.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test(`kill -9 with joins in flight: ${CYCLES} cycles on PGlite, no acknowledged order or cancel lost`, async () => {
  if (usePostgres) return console.log('kill -9 test: PGlite only, skipped on PostgreSQL');
  let server = await start();
  debug('started', server.base);
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const phone = `+35850${String(7_000_000 + process.pid * 100 + i).slice(-7)}`;
    const reg = await json(server.base, 'POST', '/api/fi/register/', {
      phone,
      password: PASSWORD,
      firstname: 'Kill',
      lastname: `Test${i}`,
      email: `kill${i}@example.fi`,
      terms_accepted: true,
    });
    assert.is(reg.status, 201, JSON.stringify(reg.body));
    const login = await json(server.base, 'POST', '/api/fi/login/', { phone, password: PASSWORD });
    assert.is(login.status, 200);
    customers.push({ id: login.body.customer_id, phone, token: login.body.access_token });
  }
  debug('registered');
  const shop = (await json(server.base, 'GET', '/api/fi/pobs/2/')).body as {
    services: { id: number; duration: number; group_id: number; price: number; title: string }[];
  };
  const service = shop.services[0];
  const item = {
    amount: 1,
    service_id: service.id,
    service_info: { id: service.id, title: service.title, price: service.price, duration: service.duration, group_id: service.group_id },
    extra_services: [],
  };

  const joined = new Map<number, number>(); // order id → customer id, for every 201
  const cancelled = new Set<number>(); // order ids whose cancel answered 200
  let killedInFlight = 0;

  /** After a start: every acknowledged join is the customer's order, every acknowledged cancel still cancelled. */
  async function verify(base: string) {
    await Promise.all(
      [...joined].map(async ([orderId, customerId]) => {
        const c = customers.find((x) => x.id === customerId)!;
        const res = await json(base, 'GET', `/api/fi/customers/${c.id}/orders/${orderId}/`, undefined, c.token);
        assert.is(res.status, 200, `acknowledged order ${orderId} lost: ${res.status} ${JSON.stringify(res.body)}`);
        assert.is(res.body.id, orderId);
      }),
    );
  }

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    // Leave any order still open (an unacknowledged join that was committed, or a cancel that was not).
    await Promise.all(
      customers.map(async (c) => {
        const me = await json(server.base, 'GET', `/api/fi/customers/${c.id}/`, undefined, c.token);
        assert.is(me.status, 200);
        const open = me.body.active_order_id as number | null;
        if (open)
          assert.is((await json(server.base, 'PATCH', `/api/fi/customers/${c.id}/orders/${open}/`, { cancel: true }, c.token)).status, 200);
      }),
    );
    // Every customer joins (and, once answered, leaves again) at once; the kill comes once a few joins and a
    // couple of cancels were answered, with the others still in flight.
    let acknowledged = 0;
    let cancelsAcknowledged = 0;
    let inFlight = 0;
    let kill: () => void = () => undefined;
    const enough = new Promise<void>((done) => (kill = done));
    // Each customer joins and leaves again until the kill, so joins and cancels are both in flight at it.
    let killed = false;
    const work = customers.map(async (c) => {
      try {
        while (!killed) {
          inFlight++;
          const res = await json(server.base, 'POST', `/api/fi/customers/${c.id}/orders/`, { pob_id: 2, items: [item] }, c.token);
          inFlight--;
          if (res.status !== 201) return;
          joined.set(res.body.id, c.id);
          acknowledged++;
          inFlight++;
          const cancel = await json(server.base, 'PATCH', `/api/fi/customers/${c.id}/orders/${res.body.id}/`, { cancel: true }, c.token);
          inFlight--;
          if (cancel.status !== 200) return;
          cancelled.add(res.body.id);
          if (acknowledged >= 4 && ++cancelsAcknowledged >= 2) kill();
        }
      } catch {
        // The connection died with the process: not acknowledged, nothing to check.
      }
    });
    debug('cycle', cycle, 'joining');
    await Promise.race([enough, Promise.all(work)]);
    killed = true;
    debug('killing with', inFlight, 'in flight,', acknowledged, 'joins and', cancelsAcknowledged, 'cancels acknowledged');
    killedInFlight += inFlight;
    server.child.kill('SIGKILL');
    const ended = await server.exited;
    assert.is(ended.signal, 'SIGKILL');
    await Promise.all(work);
    assert.ok(acknowledged >= 1, `cycle ${cycle}: some joins were acknowledged before the kill`);
    assert.ok(cancelsAcknowledged >= 1, `cycle ${cycle}: a cancel was acknowledged before the kill`);
    server = await start();
    debug('restarted');
    await verify(server.base);
  }

  server.child.kill('SIGTERM');
  assert.is((await server.exited).code, 0);
  // The database itself, after a clean stop: every acknowledged order, cancels as acknowledged.
  const db = await openDb({ databaseUrl: null, dataDir: dir });
  try {
    const rows = (
      await db.query<{ id: number; status: string; customer_id: number }>(
        'SELECT id, status, customer_id FROM orders WHERE id = ANY($1::int[])',
        [[...joined.keys()]],
      )
    ).rows;
    assert.is(rows.length, joined.size, 'every acknowledged order is stored');
    for (const r of rows) {
      assert.is(r.customer_id, joined.get(r.id));
      if (cancelled.has(r.id)) assert.is(r.status, 'cancelled', `order ${r.id} was acknowledged as cancelled`);
    }
  } finally {
    await db.close();
  }
  console.log(
    `kill -9: ${CYCLES} cycles, ${joined.size} joins and ${cancelled.size} cancels acknowledged, ${killedInFlight} requests in flight at the kills, none lost`,
  );
});

test.run();

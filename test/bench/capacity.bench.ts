/**
 * Capacity of a chain's deployment: several server processes on one PostgreSQL, many shops, many open streams,
 * and joins arriving all the time (docs/operations.md, "Capacity", turns these figures into a model).
 *
 *   BENCH_PROCESSES (3) server processes on a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL)
 *   holding BENCH_SHOPS (1,000) generated shops, each open round the clock with 2 barbers on shift;
 *   BENCH_ORDER_STREAMS (5,000) customers who joined before the run, each following his order's stream, and
 *   BENCH_SHOP_STREAMS (10,000) shop streams, spread evenly over the shops and the processes (each shop's streams
 *   over every process); then BENCH_JOINS_PER_S (50) joins a second for BENCH_SECONDS (60), an open loop, each by
 *   its own customer, spread over the shops round-robin and over the processes.
 *
 * Figures: a join → the last of its shop's streams (on every process) has the change (p50, p99; from when the join
 * was due, and from when it was answered), joins' latency (p50, p99, from when each was due), memory per stream
 * (the server processes' RSS before and after the streams opened), statements a second (the servers' own count,
 * db_statement_duration_seconds) and transactions a second on PostgreSQL (pg_stat_database) during the joins.
 * Goals: change → last stream p99 ≤ 1 s, joins p99 ≤ 1 s.
 *
 * BENCH_CHAIN=1 adds the chain owner's screen: an owner's browser paired (a code made on the database as
 * `npm run owner-key` makes it) follows the chain stream of all BENCH_SHOPS shops from its own process
 * (capacity/chain.ts) through the joins; figure: a join → the owner's first frame whose row of that shop shows it
 * (p50, p99, from when the join was due; a frame carries the whole chain first, then the changed rows only), and the
 * bytes of the frames during the joins. Goal: p99 ≤ 1 s.
 *
 * The load (stream clients: capacity/streams.ts; joins: capacity/joins.ts) runs in processes of its own; nothing is
 * pinned: the 3 servers, PostgreSQL and the load share the machine's cores, as on one host.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { importChain } from '../../src/server/ops/chain-import.ts';
import { openDb } from '../../src/server/db/open.ts';
import { benchCustomers } from './load/customers.ts';
import { issueOwnerPairingCode } from '../../src/server/operator/devices.ts';
import { freshDatabase, rssMb, start, type Proc } from './live/server-proc.ts';

const root = join(import.meta.dirname, '..', '..');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PROCESSES = num('BENCH_PROCESSES', 3);
const SHOPS = num('BENCH_SHOPS', 1000);
const SHOP_STREAMS = num('BENCH_SHOP_STREAMS', 10_000);
const ORDER_STREAMS = num('BENCH_ORDER_STREAMS', 5000);
const JOINS_PER_S = num('BENCH_JOINS_PER_S', 50);
const SECONDS = num('BENCH_SECONDS', 60);
const SECRET = `capacity-${process.pid}`;
const FIRST_SHOP = 10_001;
const CHAIN = process.env.BENCH_CHAIN === '1';
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? Number.NaN;
};

/** The generated chain: shops open round the clock, two barbers each on shift from an hour ago for 12 hours, one menu. */
function chain(now: number) {
  const shops = [];
  const barbers = [];
  const shifts = [];
  const iso = (t: number) => new Date(t).toISOString();
  for (let i = 0; i < SHOPS; i++) {
    const id = FIRST_SHOP + i;
    shops.push({
      id,
      country: 'FI',
      name: `Shop ${i + 1}`,
      city: 'Helsinki',
      address: `Testikatu ${i + 1}, 00100 Helsinki`,
      latitude: 60.1 + (i % 100) / 1000,
      longitude: 24.9 + Math.floor(i / 100) / 100,
      chairs: 2,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' })),
      menu: [
        {
          id: id * 10,
          title: 'Haircuts',
          services: [
            { id: id * 10 + 1, title: 'Haircut', price: 3500, duration: 30 },
            { id: id * 10 + 2, title: 'Buzz cut', price: 2500, duration: 15 },
          ],
        },
      ],
    });
    for (const b of [1, 2]) {
      barbers.push({ id: id * 10 + b, firstname: `Barber${b}`, lastname: `Of ${id}`, home_shop_id: id });
      shifts.push({ barber_id: id * 10 + b, shop_id: id, starts_at: iso(now - 3_600_000), ends_at: iso(now + 12 * 3_600_000) });
    }
  }
  return { shops, barbers, shifts };
}

/** What a join of shop `id` sends: the buzz cut. */
const joinBody = (id: number) =>
  JSON.stringify({
    pob_id: id,
    items: [
      {
        amount: 1,
        service_id: id * 10 + 2,
        service_info: { duration: 15, group_id: id * 10, id: id * 10 + 2, price: 2500, title: 'Buzz cut' },
        extra_services: [],
      },
    ],
  });

async function prepare(url: string, dataDir: string, customers: number) {
  const db = await openDb({ databaseUrl: url, dataDir });
  try {
    const now = Date.now();
    await importChain(db, chain(now));
    const owner = CHAIN ? (await issueOwnerPairingCode({ db }, now)).code : null;
    return {
      owner,
      customers: await benchCustomers(db, { n: customers, secret: SECRET, phonePrefix: '+35840', now, ttlMs: 3 * 3_600_000 }),
    };
  } finally {
    await db.close();
  }
}

/** A load script of capacity/ in its own process, its input on stdin. */
function loadScript(script: string, input: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/bench/capacity', script)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(input));
  return child;
}

/** The sum of a counter or histogram count over the processes' /metrics. */
async function metric(procs: Proc[], name: string): Promise<number> {
  let sum = 0;
  for (const p of procs) {
    const text = await (await fetch(`${p.url}/metrics`)).text();
    for (const line of text.split('\n')) if (line.startsWith(name)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** Transactions committed or rolled back in the database so far, and how full the notification queue is (0–1). */
async function transactions(url: string): Promise<{ n: number; queue: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      'SELECT xact_commit + xact_rollback AS n, pg_notification_queue_usage() AS queue FROM pg_stat_database WHERE datname = current_database()',
    );
    return { n: Number(r.rows[0].n), queue: Number(r.rows[0].queue) };
  } finally {
    await c.end();
  }
}

async function bench(adminUrl: string) {
  const db = await freshDatabase(adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'walkin-capacity-'));
  const joins = JOINS_PER_S * SECONDS;
  const t0 = Date.now();
  const { owner, customers } = await prepare(db.url, dataDir, ORDER_STREAMS + joins);
  console.log(`prepared ${SHOPS} shops and ${customers.length} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, JWT_SECRET: SECRET, SEED: '0', SIMULATOR: '0' };
  const procs: Proc[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) procs.push(await start('src/server/server.ts', env, false));
    const shopOf = (i: number) => FIRST_SHOP + (i % SHOPS);
    const procOf = (i: number) => procs[i % procs.length].url;

    // The customers who joined before: one order each, spread over the shops, 32 at a time.
    const orders: { base: string; customerId: number; orderId: number; token: string }[] = [];
    const failed: string[] = [];
    for (let i = 0; i < ORDER_STREAMS; i += 32) {
      await Promise.all(
        customers.slice(i, Math.min(ORDER_STREAMS, i + 32)).map(async (c, k) => {
          const n = i + k;
          const res = await fetch(`${procOf(n)}/api/fi/customers/${c.id}/orders/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
            body: joinBody(shopOf(n)),
          });
          if (res.status !== 201) failed.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
          else orders.push({ base: procOf(n + 1), customerId: c.id, orderId: ((await res.json()) as { id: number }).id, token: c.token });
        }),
      );
    }
    if (failed.length) throw new Error(`${failed.length} of the orders made before the run failed: ${failed.slice(0, 3).join('; ')}`);
    console.log(`${orders.length} orders made before the run (${((Date.now() - t0) / 1000).toFixed(1)} s); load ${load()}`);

    const shopStreams = Array.from({ length: SHOP_STREAMS }, (_, k) => ({
      url: `${procOf(k)}/api/fi/pobs/${shopOf(k)}/events/`,
      shop: shopOf(k),
    }));
    const rssBefore = procs.map((p) => rssMb(p.child.pid!));
    const clients = loadScript('streams.ts', { shops: shopStreams, orders });
    const events: { shop: number; id: number; first: number; last: number }[] = [];
    let ready: (line: string) => void = () => {};
    let ordersLine: (line: string) => void = () => {};
    createInterface({ input: clients.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) ready(line.slice(6));
      else if (line.startsWith('orders ')) ordersLine(line.slice(7));
      else events.push(JSON.parse(line));
    });
    const connected = JSON.parse(
      await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the streams did not all open in 180 s')), 180_000);
        ready = (l) => {
          clearTimeout(timer);
          done(l);
        };
        clients.once('exit', (code) => fail(new Error(`the stream clients exited (${code})`)));
      }),
    ) as { ms: number };
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = procs.map((p) => rssMb(p.child.pid!));
    const streams = SHOP_STREAMS + ORDER_STREAMS;
    const perStreamKb = ((rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024) / streams;
    console.log(
      `${streams} streams open in ${connected.ms} ms; RSS per process ${rssBefore.map((x) => x.toFixed(0)).join(', ')} → ${rssAfter.map((x) => x.toFixed(0)).join(', ')} MB; load ${load()}`,
    );

    // The chain owner's stream (BENCH_CHAIN=1): paired, its ticket taken, followed from a process of its own.
    // Each frame's rows (the first frame every shop's, then the changed ones); the owner's screen now, merged.
    const chainFrames: { at: number; w: [number, number][]; bytes: number }[] = [];
    const chainNow = new Map<number, number>();
    let chainClient: ReturnType<typeof loadScript> | null = null;
    if (owner) {
      const paired = await fetch(`${procs[0].url}/api/fi/operator/pairing/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: owner, name: 'Bench owner' }),
      });
      const { key } = (await paired.json()) as { key: string };
      const ticket = await fetch(`${procs[0].url}/api/fi/operator/chain/events/ticket/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const t = (await ticket.json()) as { ticket: string };
      const c0 = Date.now();
      chainClient = loadScript('chain.ts', { url: `${procs[0].url}/api/fi/operator/chain/events/?ticket=${encodeURIComponent(t.ticket)}` });
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the chain stream sent no frame in 180 s')), 180_000);
        createInterface({ input: chainClient!.stdout! }).on('line', (line) => {
          if (line === 'ready') {
            clearTimeout(timer);
            done();
          } else {
            const f = JSON.parse(line) as { at: number; w: [number, number][]; bytes: number };
            chainFrames.push(f);
            for (const [id, n] of f.w) chainNow.set(id, n);
          }
        });
        chainClient!.once('exit', (code) => fail(new Error(`the chain client exited (${code})`)));
      });
      console.log(`the chain stream's first frame (${SHOPS} shops) after ${Date.now() - c0} ms; load ${load()}`);
      await new Promise((r) => setTimeout(r, 2000));
    }

    const chainBase = new Map(chainNow);
    const statements0 = await metric(procs, 'db_statement_duration_seconds_count');
    const tx0 = await transactions(db.url);
    const joinStart = Date.now();
    const joiner = loadScript('joins.ts', {
      perSecond: JOINS_PER_S,
      joins: customers.slice(ORDER_STREAMS).map((c, j) => ({
        base: procOf(j),
        customerId: c.id,
        token: c.token,
        shop: shopOf(j),
        body: joinBody(shopOf(j)),
      })),
    });
    let out = '';
    joiner.stdout!.on('data', (b) => (out += b));
    await new Promise((r) => joiner.once('exit', r));
    const results = JSON.parse(out) as { shop: number; due: number; answered: number; ms: number; status: number; error?: string }[];
    await new Promise((r) => setTimeout(r, 3000));
    const seconds = (Date.now() - joinStart) / 1000;
    const statements = (await metric(procs, 'db_statement_duration_seconds_count')) - statements0;
    const tx1 = await transactions(db.url);
    const txs = tx1.n - tx0.n;
    const rssEnd = procs.map((p) => rssMb(p.child.pid!));
    if (chainClient) {
      // The owner's frames may lag the joins: wait until a frame shows every join, at most 60 s more.
      const base = [...chainBase.values()].reduce((a, n) => a + n, 0);
      for (let i = 0; i < 600; i++) {
        const total = [...chainNow.values()].reduce((a, n) => a + n, 0);
        if (total >= base + results.filter((r) => r.status === 201).length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      chainClient.kill('SIGTERM');
    }
    const orderFrames = await new Promise<{ frames: number; ended: number }>((done) => {
      ordersLine = (l) => done(JSON.parse(l));
      clients.kill('SIGTERM');
    });

    // Each join's change: its shop's first new frame after it was due (a shop's joins are SHOPS ÷ rate s apart).
    const byShop = new Map<number, typeof events>();
    for (const e of events) byShop.set(e.shop, [...(byShop.get(e.shop) ?? []), e]);
    const made = results.filter((r) => r.status === 201);
    const fromDue: number[] = [];
    const fromAnswer: number[] = [];
    const timed: { due: number; ms: number }[] = [];
    let unseen = 0;
    for (const r of made) {
      const e = byShop.get(r.shop)?.find((x) => x.first >= r.due);
      if (!e) {
        unseen++;
        continue;
      }
      fromDue.push(e.last - r.due);
      timed.push({ due: r.due, ms: e.last - r.due });
      fromAnswer.push(Math.max(0, e.last - r.answered));
    }
    // When in the minute the slow ones were due: the minute's re-read of every topic is the suspect.
    const slow = new Map<number, number>();
    for (const { due, ms } of timed) {
      const at = Math.floor((due % 60_000) / 10_000) * 10;
      if (ms > 1000) slow.set(at, (slow.get(at) ?? 0) + 1);
    }
    const refused = results.filter((r) => r.status !== 201);
    const joinMs = made.map((r) => r.ms);
    const p99 = quantile(fromDue, 0.99);
    const joinP99 = quantile(joinMs, 0.99);
    console.log(
      `\nCapacity: ${PROCESSES} processes on PostgreSQL, ${SHOPS} shops, ${availableParallelism()} cores shared by all (load ${load()})\n`,
    );
    console.log('| figure | measured | goal |');
    console.log('|---|---|---|');
    console.log(
      `| streams | ${SHOP_STREAMS} shop streams (${SHOP_STREAMS / SHOPS} a shop) + ${ORDER_STREAMS} order streams over ${PROCESSES} processes, all open in ${(connected.ms / 1000).toFixed(1)} s; ${orderFrames.ended} ended by the server | |`,
    );
    console.log(
      `| memory per stream | **${perStreamKb.toFixed(1)} KB** (RSS of the ${PROCESSES} processes ${rssBefore.reduce((a, b) => a + b, 0).toFixed(0)} → ${rssAfter.reduce((a, b) => a + b, 0).toFixed(0)} MB; ${rssEnd.reduce((a, b) => a + b, 0).toFixed(0)} MB after the joins) | |`,
    );
    console.log(
      `| joins | ${made.length} made at ${JOINS_PER_S}/s over ${SECONDS} s, ${refused.length} refused${
        refused.length
          ? ` (${refused
              .slice(0, 3)
              .map((r) => `${r.status} ${r.error ?? ''}`)
              .join('; ')})`
          : ''
      }; p50 ${quantile(joinMs, 0.5)} ms, **p99 ${joinP99} ms**, max ${Math.max(...joinMs)} ms (from when each was due) | p99 ≤ 1 s: ${joinP99 <= 1000 ? 'meets' : 'MISSES'} |`,
    );
    console.log(
      `| change → last of its shop's ${SHOP_STREAMS / SHOPS} streams (every process) | from the join's due time p50 ${quantile(fromDue, 0.5)} ms, **p99 ${p99} ms**, max ${Math.max(...fromDue)} ms; from its answer p50 ${quantile(fromAnswer, 0.5)} ms, p99 ${quantile(fromAnswer, 0.99)} ms; ${fromDue.length} changes timed, ${unseen} with no new frame | p99 ≤ 1 s: ${p99 <= 1000 && unseen === 0 ? 'meets' : 'MISSES'} |`,
    );
    console.log(
      `| changes over 1 s, by when in the minute they were due | ${
        [...slow]
          .sort(([a], [b]) => a - b)
          .map(([s0, n]) => `${s0}–${s0 + 10} s: ${n}`)
          .join(', ') || 'none'
      } | |`,
    );
    if (owner) {
      // Each join → the owner's first frame after it was due whose row of its shop counts it (the shop's k-th join
      // in the run: waiting at least what it was before the joins plus k).
      const base = chainBase;
      const kth = new Map<number, number>();
      const chainMs: number[] = [];
      let chainUnseen = 0;
      const maps = chainFrames.map((f) => ({ at: f.at, w: new Map(f.w) }));
      for (const r of [...made].sort((a, b) => a.due - b.due)) {
        const k = (kth.get(r.shop) ?? 0) + 1;
        kth.set(r.shop, k);
        const want = (base.get(r.shop) ?? 0) + k;
        const f = maps.find((x) => x.at >= r.due && (x.w.get(r.shop) ?? 0) >= want);
        if (f) chainMs.push(f.at - r.due);
        else chainUnseen++;
      }
      const duringFrames = chainFrames.filter((f) => f.at >= joinStart);
      const during = `${duringFrames.length} frames during the joins (${(duringFrames.reduce((a, f) => a + f.bytes, 0) / 1e6).toFixed(1)} MB)`;
      const chainP99 = quantile(chainMs, 0.99);
      console.log(
        `| change → the chain owner's stream (${SHOPS} shops, 1 stream) | from the join's due time p50 ${quantile(chainMs, 0.5)} ms, **p99 ${chainP99} ms**, max ${Math.max(...chainMs)} ms; ${chainMs.length} changes timed, ${chainUnseen} never shown; ${during} | p99 ≤ 1 s: ${chainP99 <= 1000 && chainUnseen === 0 ? 'meets' : 'MISSES'} |`,
      );
    }
    console.log(`| order streams | ${orderFrames.frames} frames to the ${ORDER_STREAMS} order streams during the joins | |`);
    console.log(
      `| PostgreSQL | ${(statements / seconds).toFixed(0)} statements/s from the servers (${(statements / Math.max(1, made.length)).toFixed(1)} a join, reads and minute ticks included), ${(txs / seconds).toFixed(0)} transactions/s; notification queue ${(tx1.queue * 100).toFixed(2)} % full at the end | |`,
    );
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!pgUrl) console.log('capacity: skipped (set TEST_DATABASE_URL or DATABASE_URL: it runs several processes on one PostgreSQL)');
else await bench(pgUrl);

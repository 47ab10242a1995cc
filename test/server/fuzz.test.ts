/**
 * Fuzzing every route of /api/openapi.json on the seeded demo: a few thousand requests
 * with valid-ish and broken paths, queries, bodies, headers and tokens, generated from a fixed seed. Fails on
 * any 500, on a 503 without Retry-After, and on an error answer that is not `{ error }`. The
 * seed is printed on failure; FUZZ_SEED=n and FUZZ_REQUESTS=n replay or widen a run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { InjectOptions } from 'fastify';
import { seedDemo } from '../../src/server/seed/index.ts';
import { FAST, PASSWORD, freshPhone, newCustomer, type Session } from './accounts-helpers.ts';
import { harness, usePostgres, type Harness } from './harness.ts';
import { operatorKey } from './queue-helpers.ts';
import { bodyFor, mulberry32, pathFor, queryFor, type Ctx, type Operation, type Rng } from './fuzz-gen.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

let h: Harness;
test.before(async () => {
  h = await harness({ seed: seedDemo, config: { ...FAST, development: true, hashQueue: 4 } });
});
test.after(async () => h.close());

type Doc = { paths: Record<string, Record<string, Operation>> };

function headersFor(rng: Rng, ctx: Ctx, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const pick = rng.int(10);
  const operator = path.includes('/operator/');
  const tokens = [
    () => (operator ? ctx.operatorKeys[rng.int(ctx.operatorKeys.length)] : ctx.me.access),
    () => ctx.sessions[0].refresh,
    () => `opk_${rng.text(40)}`,
    () => `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.${rng.text(43)}`,
    () => rng.text(rng.int(300)),
    () => '',
  ];
  if (pick < 7) headers.authorization = `Bearer ${tokens[pick < 5 ? 0 : rng.int(tokens.length)]()}`;
  else if (pick === 7) headers.authorization = rng.pick(['Basic dXNlcjpwYXNz', 'Bearer', 'bearer  x', rng.text(20)]);
  if (rng.chance(0.3)) headers['accept-encoding'] = rng.pick(['br', 'gzip', 'br, gzip', 'identity', '*', rng.text(10)]);
  if (rng.chance(0.2)) headers['accept-language'] = rng.pick(['fi-FI', 'sv', 'xx-YY;q=0.5', rng.text(30)]);
  if (rng.chance(0.1)) headers['idempotency-key'] = rng.text(rng.int(100));
  if (rng.chance(0.1)) headers['x-forwarded-for'] = rng.pick(['1.2.3.4', '1.2.3.4, 5.6.7.8', 'garbage', '::1']);
  return headers;
}

test(`fuzz: ${REQUESTS} requests over every route (${usePostgres ? 'PostgreSQL' : 'PGlite'}, seed ${SEED})`, async () => {
  const doc = (await h.app.inject({ url: '/api/openapi.json' })).json() as Doc;
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  assert.ok(ops.length >= 30, `the document lists the routes (${ops.length})`);
  const sessions: Session[] = [];
  for (let i = 0; i < 3; i++) sessions.push(await newCustomer(h));
  const ctx: Ctx = {
    sessions,
    me: sessions[0],
    operatorKeys: [await operatorKey(h, 1), await operatorKey(h, 2)],
    phones: [...sessions.map((s) => s.phone), freshPhone()],
    password: PASSWORD,
  };
  const rng = mulberry32(SEED);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  for (let i = 0; i < REQUESTS && failures.length < 10; i++) {
    // Every route in turn, with a random one now and then so the order of effects varies.
    ctx.me = rng.pick(sessions);
    const { path, method, op } = rng.chance(0.8) ? ops[i % ops.length] : ops[rng.int(ops.length)];
    const url = pathFor(rng, ctx, path, op) + queryFor(rng, op);
    const req: InjectOptions = {
      method: method as 'GET',
      url,
      headers: headersFor(rng, ctx, path),
      remoteAddress: `10.${rng.int(4)}.${rng.int(250)}.${rng.int(250)}`,
    };
    if (method !== 'GET' && rng.chance(0.95)) {
      const body = bodyFor(rng, ctx, op);
      if (typeof body === 'string') {
        req.payload = body;
        req.headers!['content-type'] = rng.pick([
          'application/json',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          '',
        ]);
      } else {
        req.payload = JSON.stringify(body);
        req.headers!['content-type'] = 'application/json';
      }
    }
    if (rng.chance(0.03)) req.method = rng.pick(['HEAD', 'OPTIONS', 'PUT', 'DELETE']) as 'GET';
    // An event stream that opens never ends by itself: its answer is the open stream (closed with the app).
    const streams = h.app.streams.size;
    let answered = false;
    const pending = h.app.inject(req).finally(() => {
      answered = true;
    });
    if (/\/events\/?(\?|$)/.test(req.url as string))
      while (!answered && h.app.streams.size === streams) await new Promise((r) => setImmediate(r));
    if (!answered) {
      statuses.set(200, (statuses.get(200) ?? 0) + 1);
      continue;
    }
    const res = await pending;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const what = () =>
      `#${i} ${req.method} ${req.url} headers=${JSON.stringify(req.headers)} body=${String(req.payload).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500 && res.statusCode !== 503) failures.push(what());
    else if (res.statusCode === 503 && !res.headers['retry-after']) failures.push(`503 without Retry-After: ${what()}`);
    else if (res.statusCode >= 400 && req.method !== 'HEAD') {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      const keys = body && typeof body === 'object' ? Object.keys(body).sort().join() : '';
      if (keys !== 'error' && keys !== 'error,field') failures.push(`error not in { error } form: ${what()}`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `fuzz (${usePostgres ? 'PostgreSQL' : 'PGlite'}): ${REQUESTS} requests in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  if (failures.length) console.log(`fuzz failed with FUZZ_SEED=${SEED}:\n${failures.join('\n')}`);
  assert.is(failures.length, 0, `${failures.length} failures (FUZZ_SEED=${SEED})`);
  // The run reached the handlers, not only the refusals in front of them.
  assert.ok((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) > REQUESTS / 20, 'some requests succeed');
});

test.run();

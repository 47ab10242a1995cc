/**
 * HTTP throughput of the reads every phone makes (shop list, shop detail) on the real app over loopback,
 * with the short queue-versioned cache and without it, in the same process: the ratio is
 * the figure. PGlite in memory with the demo seed; bounded: N requests per case, C at a time.
 */
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/open.ts';
import { buildApp } from '../../src/server/app.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { seedDemo } from '../../src/server/seed/index.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 1500);
const C = 16;
const NOW = Date.parse('2026-11-24T10:00:00Z'); // Tuesday noon in Helsinki: busy shops

async function serve(cacheMs: number) {
  const db = await openDb({ databaseUrl: null, dataDir: null });
  await seedDemo(db, NOW);
  let t = NOW;
  const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', STATIC_DIR: '', POB_CACHE_MS: String(cacheMs) });
  // The clock moves 10 ms per request, so a 5 s cache lives for ~500 requests, as under real traffic.
  const app = await buildApp(await buildDeps({ config, db, now: () => (t += 10) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const close = async () => {
    await app.close();
    await db.close();
  };
  return { base: `http://127.0.0.1:${port}`, close };
}

async function run(base: string, path: string): Promise<{ rps: number; p50: number; p95: number }> {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < N) {
      next++;
      const t0 = performance.now();
      const res = await fetch(base + path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: C }, worker));
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { rps: N / seconds, p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
}

const fmt = (r: { rps: number; p50: number; p95: number }) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p95 ${r.p95.toFixed(1).padStart(5)} ms`;

console.log(`${N} requests per case, ${C} concurrent, PGlite in memory, demo chain at a busy hour`);
const rows: [string, string][] = [
  ['shop list  GET /api/fi/pobs/', '/api/fi/pobs/'],
  ['shop page  GET /api/fi/pobs/1/', '/api/fi/pobs/1/'],
];
for (const [label, path] of rows) {
  const off = await serve(0);
  await run(off.base, path); // warm-up
  const without = await run(off.base, path);
  await off.close();
  const on = await serve(5_000);
  await run(on.base, path);
  const withCache = await run(on.base, path);
  await on.close();
  console.log(
    `${label}\n  no cache   ${fmt(without)}\n  5 s cache  ${fmt(withCache)}\n  ratio      ×${(withCache.rps / without.rps).toFixed(1)} throughput`,
  );
}

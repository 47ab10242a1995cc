/**
 * Pages rendered by the server: the render time of each public screen (the client's render entry bundled for
 * Node, as build.ts does, called directly with the data the server would give it), and the throughput of a kept
 * /home page over loopback as a ratio to a hello-world Fastify answer measured in the same run (target ≥ 0.5×).
 * PGlite in memory with the demo seed. The load comes from a process of its own (live/cannon.ts: autocannon, C
 * keep-alive connections, BENCH_SECONDS each, 5 by default), on the load's cores, this process on the server's.
 */
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleRender } from '../../scripts/render-bundle.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/open.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { buildDeps } from '../../src/server/build-deps.ts';
import { onCores, pinSelfToServerCore, placement } from './live/cores.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const C = 16;
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const NOW = Date.parse('2026-11-24T10:00:00Z'); // Tuesday noon in Helsinki: busy shops
const TARGET_RATIO = 0.5;
const SCREENS = [
  '/',
  '/home',
  '/barbershop/2',
  '/barbers',
  '/barbers/3',
  '/welcome',
  '/login',
  '/register',
  '/recovery',
  '/profile/language',
  '/no/such/page',
];

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'walkin-pages-bench-'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html>\n<html lang="fi">\n<head></head>\n<body>\n<div id="app"><div class="boot-loader"></div></div>\n<noscript>JavaScript.</noscript>\n<script type="module" src="/assets/main-AAAAAAAA.js"></script>\n</body>\n</html>\n',
);
await bundleRender(root, join(dir, 'server/render.mjs'));

/** Requests a second answered 200 at `path`, the load from its own process (live/cannon.ts) on the load's cores. */
function load(base: string, path: string, headers: Record<string, string>, seconds = SECONDS): Promise<number> {
  const args = JSON.stringify({ url: base + path, seconds, connections: C, headers });
  const [cmd, argv] = onCores('load', process.execPath, ['--import', 'tsx', join(root, 'test/bench/live/cannon.ts'), args]);
  return new Promise((done, fail) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`cannon exited ${code}`));
      const r = JSON.parse(out.trim().split('\n').pop()!) as { rps: number; non2xx: number; errors: number };
      if (r.non2xx || r.errors) return fail(new Error(`${path}: ${r.non2xx} answers not 2xx, ${r.errors} errors`));
      done(r.rps);
    });
  });
}

// Both servers answer from this process, on the server's core; the load runs on the others.
pinSelfToServerCore();
const db = await openDb({ databaseUrl: null, dataDir: null });
await seedDemo(db, NOW);
const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', STATIC_DIR: dir });
const app = await buildApp(await buildDeps({ config, db, now: () => NOW }));
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const hello = Fastify();
hello.get('/', async () => 'hello world');
const helloBase = await hello.listen({ port: 0, host: '127.0.0.1' });

try {
  // ---- render time: the render entry alone, with the data a page carries ----
  const renderer = (await import(pathToFileURL(join(dir, 'server/render.mjs')).href)) as {
    renderPage(url: string, data: unknown, language: string, locale: string, now: number): string;
  };
  const carried = (body: string) => JSON.parse(/id="page-data">([\s\S]*?)<\/script>/.exec(body)![1]);
  console.log(`render time of each public screen (mean of ${RENDERS} renders, the data as the page carries it):`);
  for (const path of SCREENS) {
    // With the app's cookie: a visit without it is sent from / to the welcome's page (a 302, nothing rendered).
    const res = await app.inject({ url: path, headers: { accept: 'text/html', cookie: 'prefs=fi.FI' } });
    const data = carried(res.body);
    for (let i = 0; i < 20; i++) renderer.renderPage(path, data, 'fi', 'FI', NOW);
    const t0 = performance.now();
    for (let i = 0; i < RENDERS; i++) renderer.renderPage(path, data, 'fi', 'FI', NOW);
    const ms = (performance.now() - t0) / RENDERS;
    console.log(
      `  ${path.padEnd(20)} ${ms.toFixed(2).padStart(7)} ms  ${(res.body.length / 1024).toFixed(1).padStart(6)} KB HTML (${res.statusCode})`,
    );
  }

  // ---- throughput: a kept /home page against a hello-world, the same client, C at a time ----
  const html = { accept: 'text/html', 'accept-encoding': 'br' };
  await load(helloBase, '/', {}, 1);
  await load(base, '/home', html, 1);
  const helloRps = await load(helloBase, '/', {});
  const homeRps = await load(base, '/home', html);
  const ratio = homeRps / helloRps;
  console.log(`\nthroughput over loopback, ${C} connections for ${SECONDS} s each (load from its own process; ${placement}):`);
  console.log(`  hello-world (Fastify)       ${Math.round(helloRps).toString().padStart(7)} req/s`);
  console.log(`  kept /home page (brotli)    ${Math.round(homeRps).toString().padStart(7)} req/s`);
  console.log(
    `  ratio                       ${ratio.toFixed(2).padStart(7)}×  ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'} (≥ ${TARGET_RATIO}×)`,
  );
} finally {
  await hello.close();
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}

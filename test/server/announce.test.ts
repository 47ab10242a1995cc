/**
 * `npm run announce` (scripts/announce.ts): an edit made directly in the database is kept out of sight until it is
 * announced; once announced, a running server's kept answers show it (a shop's own, or everything's), and every
 * listening process hears it as a change. PostgreSQL only (with PGlite the server holds the database: the command
 * refuses, saying so).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { seedDemo } from '../../src/server/seed/index.ts';
import type { ChangeEvent } from '../../src/server/live/changes.ts';
import { harness, usePostgres, type Harness } from './harness.ts';

const root = join(import.meta.dirname, '../..');
const SHOP = 2;
let h: Harness;
const heard: ChangeEvent[] = [];

test.before(async () => {
  if (!usePostgres) return;
  h = await harness({ seed: seedDemo });
  h.deps.changes.subscribe((e) => heard.push(e));
});
test.after(async () => h?.close());

function announce(args: string[], databaseUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/announce.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('exit', (code) => done({ code, out }));
  });
}

const price = async (service: number) => {
  const res = await h.app.inject({ method: 'GET', url: `/api/fi/pobs/${SHOP}/` });
  assert.is(res.statusCode, 200);
  return (res.json() as { services: { id: number; price: number }[] }).services.find((s) => s.id === service)!.price;
};
const until = async (ok: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(await ok());
};

test('a price changed in SQL shows once the shop is announced; `all` drops everything', async () => {
  if (!usePostgres) return console.log('announce: PostgreSQL only, skipped on PGlite');
  const before = await price(201);
  await h.db.query('UPDATE services SET price = price + 100 WHERE id = 201');
  assert.is(await price(201), before, 'the kept answer does not see a direct edit by itself');

  const { rows } = await h.db.query<{ v: string }>('SELECT queue_version AS v FROM shops WHERE id = $1', [SHOP]);
  heard.splice(0);
  const r = await announce([String(SHOP)], h.config.databaseUrl!);
  assert.is(r.code, 0, r.out);
  assert.match(r.out, `Announced shop ${SHOP}`);
  await until(() => heard.some((e) => e.kind === 'shop' && e.change.shopId === SHOP));
  assert.equal(heard, [{ kind: 'shop', change: { shopId: SHOP, country: 'FI', version: Number(rows[0].v) + 1 } }]);
  assert.is(await price(201), before + 100);

  await h.db.query('UPDATE services SET price = price + 100 WHERE id = 201');
  assert.is(await price(201), before + 100);
  heard.splice(0);
  const all = await announce(['all'], h.config.databaseUrl!);
  assert.is(all.code, 0, all.out);
  await until(() => heard.some((e) => e.kind === 'all'));
  assert.is(await price(201), before + 200);
});

test('bad input changes nothing: usage, an unknown shop, no DATABASE_URL', async () => {
  if (!usePostgres) return;
  const { rows } = await h.db.query<{ v: string }>('SELECT sum(queue_version)::text AS v FROM shops');
  const url = h.config.databaseUrl!;
  const [usage, two, unknown, pglite] = await Promise.all([
    announce(['0'], url),
    announce(['2', '3'], url),
    announce(['999999'], url),
    announce(['2'], ''),
  ]);
  for (const r of [usage, two]) {
    assert.is(r.code, 2, r.out);
    assert.match(r.out, 'Usage: npm run announce -- <shopId|all>');
  }
  assert.is(unknown.code, 1, unknown.out);
  assert.match(unknown.out, 'No shop with id 999999');
  assert.is(pglite.code, 2, pglite.out);
  assert.match(pglite.out, 'needs DATABASE_URL');
  const after = await h.db.query<{ v: string }>('SELECT sum(queue_version)::text AS v FROM shops');
  assert.is(after.rows[0].v, rows[0].v);
});

test.run();

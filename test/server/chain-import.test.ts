/**
 * A chain's own data from a JSON file: the documented example loads and the shop is served with its menu and
 * barbers; importing again changes nothing (idempotent) and an edit updates in place; a bad file is refused with
 * every problem named and nothing written. The CLI (`npm run import`) says so too. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainFileError, parseChain } from '../../src/server/ops/chain-file.ts';
import { importChain } from '../../src/server/ops/chain-import.ts';
import { harness, type Harness } from './harness.ts';

const root = join(import.meta.dirname, '../..');
const example = JSON.parse(readFileSync(join(root, 'scripts/chain.example.json'), 'utf8'));
const chain = suite('importing a chain');
let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'walkin-import-'));
chain.before(async () => {
  h = await harness({ start: Date.parse('2026-12-01T10:00:00+02:00') });
});
chain.after(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (table: string) => (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
const counts = async () =>
  Object.fromEntries(
    await Promise.all(['shops', 'shop_hours', 'service_groups', 'services', 'barbers', 'shifts'].map(async (t) => [t, await count(t)])),
  );

chain('the example loads; the shop is served with its menu and barbers; a second import changes nothing', async () => {
  const first = await importChain(h.deps.db, example);
  assert.equal(first, { shops: 1, services: 3, barbers: 2, shifts: 2, shiftsKept: 0 });
  const after = await counts();
  assert.equal(after, { shops: 1, shop_hours: 6, service_groups: 2, services: 3, barbers: 2, shifts: 2 });
  const again = await importChain(h.deps.db, example);
  assert.is(again.shiftsKept, 2);
  assert.equal(await counts(), after, 'idempotent');

  const shop = await h.app.inject({ url: '/api/fi/pobs/101/' });
  assert.is(shop.statusCode, 200, shop.body);
  assert.is(shop.json().name, 'Keskusta');
  assert.ok(shop.json().open, 'open at 10:00 on a Tuesday');
  assert.match(shop.body, /Beard trim/, 'with its menu');
  const keys = shop.json().services.map((x: { title: string; catalogue_key: string | null }) => [x.title, x.catalogue_key]);
  assert.equal(
    keys.sort(),
    [
      ['Beard trim', 'beard-trim'],
      ['Buzz cut', 'buzz-cut'],
      ['Haircut', 'haircut'],
    ],
    'with its catalogue keys',
  );
  const barbers = await h.app.inject({ url: '/api/fi/employees/' });
  assert.match(barbers.body, /Aino/);
});

chain('an edit updates in place: a renamed service, a longer shift', async () => {
  const edited = structuredClone(example);
  edited.shops[0].menu[0].services[0].title = 'Classic haircut';
  delete edited.shops[0].menu[0].services[1].catalogue_key;
  edited.shifts[0].ends_at = '2026-12-01T18:00:00+02:00';
  await importChain(h.deps.db, edited);
  const { rows } = await h.db.query<{ title: string }>('SELECT title FROM services WHERE id = 10101');
  assert.is(rows[0].title, 'Classic haircut');
  const key = await h.db.query<{ catalogue_key: string | null }>('SELECT catalogue_key FROM services WHERE id = 10102');
  assert.is(key.rows[0].catalogue_key, null, 'a key left out is no key');
  const shift = await h.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shifts WHERE barber_id = 5001 AND ends_at = '2026-12-01T16:00:00Z'",
  );
  assert.is(shift.rows[0].n, 1);
  assert.is(await count('shifts'), 2);
});

chain('a bad file: every problem named with where it is, and nothing written', async () => {
  const before = await counts();
  const bad = structuredClone(example);
  bad.shops[0].country = 'XX';
  bad.shops[0].hours[1].closes = '08:00';
  bad.shops[0].menu[0].services[1].price = -5;
  bad.shops[0].menu[0].services[0].catalogue_key = 'Skin Fade';
  bad.barbers[1].home_shop_id = 999;
  bad.shifts[0].starts_at = '2026-12-01 09:00';
  bad.shifts.push({ barber_id: 42, shop_id: 101, starts_at: '2026-12-02T09:00:00Z', ends_at: '2026-12-02T10:00:00Z' });
  bad.extra = true;
  try {
    await importChain(h.deps.db, bad);
    assert.unreachable('refused');
  } catch (err) {
    assert.instance(err, ChainFileError);
    const problems = (err as ChainFileError).problems;
    for (const at of [
      'extra',
      'shops[0].country',
      'shops[0].hours[1].closes',
      'shops[0].menu[0].services[1].price',
      'shops[0].menu[0].services[0].catalogue_key',
      'barbers[1].home_shop_id',
      'shifts[0].starts_at',
      'shifts[2].barber_id',
    ])
      assert.ok(
        problems.some((p) => p.startsWith(`${at}:`)),
        `${at} in ${problems.join(' | ')}`,
      );
  }
  assert.equal(await counts(), before, 'nothing written');
  assert.throws(() => parseChain([]), /must be an object/);
});

chain('the CLI: `npm run import -- file` reports what it loaded, and a bad file with exit 1', async () => {
  const good = join(dir, 'chain.json');
  writeFileSync(good, JSON.stringify(example));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ shops: [{ id: 'x' }] }));
  const run = (file: string) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'import', '--', file], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: h.config.databaseUrl ?? '', DATA_DIR: join(dir, 'data') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (b) => (out += b));
      child.stderr.on('data', (b) => (out += b));
      child.on('exit', (code) => resolve({ code, out }));
    });
  const ok = await run(good);
  assert.is(ok.code, 0, ok.out);
  assert.match(ok.out, /Imported 1 shops, 3 services, 2 barbers, 2 shifts/);
  const refused = await run(bad);
  assert.is(refused.code, 1, refused.out);
  assert.match(refused.out, /shops\[0\]\.id: must be a whole number/);
  assert.match(refused.out, /shops\[0\]\.country: must be one of FI, EE, NO, DK, SE/);
});

chain.run();

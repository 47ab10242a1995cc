/**
 * PGlite on its own thread behind the Db adapter: the main thread keeps turning while a
 * statement runs, and what callers rely on is unchanged: a transaction's statements run in one transaction
 * that commits or rolls back as a whole and holds the connection until then, errors carry PostgreSQL's fields
 * (queue/orders.ts turns unique violations into 409s by `code` and `constraint`), and values come out typed as
 * before (bigint and numeric as numbers, timestamptz as epoch milliseconds). PGlite only: db/pg.ts is untouched.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../../src/server/db/pglite.ts';
import type { Db } from '../../../src/server/db/db.ts';
import { usePostgres } from '../harness.ts';

const t = suite('PGlite on its own thread');
let db: Db;
// PGlite only: on the PostgreSQL run every test returns at once (db/pg.ts is PostgreSQL's own).
t.before(async () => {
  if (usePostgres) return;
  db = await openPglite(null);
  await db.exec(
    'CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, at timestamptz); CREATE UNIQUE INDEX things_one_name ON things (name)',
  );
});
t.after(() => db?.close());

t('the event loop keeps turning while a statement runs', async () => {
  if (usePostgres) return;
  let done = false;
  const q = db.query<{ n: number }>('SELECT count(*) AS n FROM generate_series(1, 1000000)').then((r) => {
    done = true;
    return r;
  });
  let turns = 0;
  while (!done) {
    await new Promise((r) => setImmediate(r));
    turns++;
  }
  assert.is((await q).rows[0].n, 1_000_000);
  // On this thread the statement ran to its end before the loop could turn once.
  assert.ok(turns >= 5, `only ${turns} turns of the event loop during the statement`);
});

t('values come out as before: bigint and numeric as numbers, timestamptz as epoch milliseconds', async () => {
  if (usePostgres) return;
  const at = Date.parse('2026-11-24T10:00:00.123Z');
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT 9007199254740991::bigint AS big, 12.5::numeric AS num, $1::timestamptz AS at, NULL::timestamptz AS none, \'{"a":[1]}\'::jsonb AS doc, ARRAY[1,2] AS list, true AS yes',
    [new Date(at).toISOString()],
  );
  assert.equal(rows[0], { big: 9007199254740991, num: 12.5, at, none: null, doc: { a: [1] }, list: [1, 2], yes: true });
});

t('a transaction commits as a whole, and a statement from outside waits for it', async () => {
  if (usePostgres) return;
  const order: string[] = [];
  let outside: Promise<unknown> = Promise.resolve();
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO things (id, name) VALUES (1, $1)', ['one']);
    // Started while the transaction holds the connection: it runs after the commit and sees the row.
    outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM things').then((r) => order.push(`outside saw ${r.rows[0].n}`));
    // Statements of one transaction may be sent together.
    const [a, b] = await Promise.all([
      tx.query('INSERT INTO things (id, name) VALUES (2, $1)', ['two']),
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM things'),
    ]);
    assert.equal(a.rows, []);
    order.push(`inside saw ${b.rows[0].n}`);
  });
  order.push('committed');
  await outside;
  assert.equal(order, ['inside saw 2', 'committed', 'outside saw 2']);
});

t('a function that throws rolls the whole transaction back and its error comes out unchanged', async () => {
  if (usePostgres) return;
  const mine = new Error('changed my mind');
  try {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id, name) VALUES (3, $1)', ['three']);
      throw mine;
    });
    assert.unreachable('the transaction did not throw');
  } catch (err) {
    assert.is(err, mine);
  }
  assert.equal((await db.query('SELECT id FROM things ORDER BY id')).rows, [{ id: 1 }, { id: 2 }]);
});

t("a unique violation keeps PostgreSQL's code and constraint, and rolls back the statements before it", async () => {
  if (usePostgres) return;
  try {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id, name) VALUES (4, $1)', ['four']);
      await tx.query('INSERT INTO things (id, name) VALUES (5, $1)', ['one']);
    });
    assert.unreachable('the duplicate was accepted');
  } catch (err) {
    assert.instance(err, Error);
    const e = err as Error & { code?: string; constraint?: string };
    assert.is(e.code, '23505');
    assert.is(e.constraint, 'things_one_name');
    assert.match(e.message, /duplicate key/);
  }
  assert.equal((await db.query('SELECT id FROM things ORDER BY id')).rows, [{ id: 1 }, { id: 2 }]);
  // Outside a transaction too, and the connection is usable afterwards.
  const err = (await db.query('INSERT INTO things (id, name) VALUES (1, $1)', ['again']).then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; constraint?: string } | null;
  assert.equal([err?.code, err?.constraint], ['23505', 'things_pkey']);
  assert.equal((await db.query('SELECT count(*)::int AS n FROM things')).rows, [{ n: 2 }]);
});

t('a data directory keeps its rows across a close and a reopen, and a closed database refuses statements', async () => {
  if (usePostgres) return;
  const dir = mkdtempSync(join(tmpdir(), 'walkin-pglite-'));
  try {
    const first = await openPglite(dir);
    await first.exec('CREATE TABLE kept (v text)');
    await first.transaction((tx) => tx.query("INSERT INTO kept VALUES ('yes')"));
    await first.close();
    await first.close(); // twice is harmless
    const err = await first.query('SELECT 1').catch((e: unknown) => e);
    assert.instance(err, Error);
    const second = await openPglite(dir);
    try {
      assert.equal((await second.query('SELECT v FROM kept')).rows, [{ v: 'yes' }]);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

t.run();

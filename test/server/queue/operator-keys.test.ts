/**
 * The demo's operator keys survive a start killed between the seed and the key file (issue 17 item 8): a
 * start that finds no DATA_DIR/operator-keys.json gives every shop a new key and writes the file, and no key
 * already issued stops working.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { issueOperatorKey, writeDemoOperatorKeys } from '../../../src/server/queue/operator.ts';

const keys = suite('demo operator keys');
let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'walkin-keys-'));
keys.before(async () => {
  h = await harness({ seed: seedDemo });
});
keys.after(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const queueWith = (key: string, shop = 1) => h.app.inject({ method: 'GET', url: `/api/fi/operator/pobs/${shop}/queue/`, headers: { authorization: `Bearer ${key}` } });
type KeyFile = Record<string, { key: string }>;

keys('a start without the key file writes a key for every shop; keys issued before keep working', async () => {
  // Seeded, and a key issued by hand (npm run operator-key), but the file never written: the killed start.
  const earlier = (await issueOperatorKey(h.db, 1))!;
  assert.not.ok(existsSync(join(dir, 'operator-keys.json')));

  const file = await writeDemoOperatorKeys(h.db, dir);
  assert.is(file, join(dir, 'operator-keys.json'));
  const written = JSON.parse(readFileSync(file!, 'utf8')) as KeyFile;
  const shops = (await h.db.query<{ id: number }>('SELECT id FROM shops ORDER BY id')).rows.map((r) => String(r.id));
  assert.equal(Object.keys(written).sort(), shops.sort());
  for (const id of ['1', '2']) assert.is((await queueWith(written[id].key, Number(id))).statusCode, 200);
  assert.is((await queueWith(earlier)).statusCode, 200, 'the key issued before still works');
  assert.is((await queueWith(written['2'].key, 1)).statusCode, 403, "another shop's key is still refused");
  assert.equal(readdirSync(dir), ['operator-keys.json'], 'no temporary file is left');
});

keys('a start with the key file leaves it and every key as they are; a new key by hand keeps the others', async () => {
  const before = readFileSync(join(dir, 'operator-keys.json'), 'utf8');
  assert.is(await writeDemoOperatorKeys(h.db, dir), null);
  assert.is(readFileSync(join(dir, 'operator-keys.json'), 'utf8'), before);
  const fromFile = (JSON.parse(before) as KeyFile)['1'].key;
  const another = (await issueOperatorKey(h.db, 1))!;
  assert.is((await queueWith(another)).statusCode, 200);
  assert.is((await queueWith(fromFile)).statusCode, 200, 'a new key does not replace the one in the file');
});

keys.run();

/**
 * The demo's operator keys survive a start killed between the seed and the key file: a
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
import { DEMO_CONSOLE_SHOP, writeDemoOperatorKeys, writeDemoPairingCode } from '../../../src/server/demo/operator-keys.ts';
import { issueOperatorKey } from '../../../src/server/operator/keys.ts';

const keys = suite('demo operator keys');
let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'walkin-keys-'));
keys.before(async () => {
  h = await harness({ seed: seedDemo });
});
keys.after(() => {
  rmSync(dir, { recursive: true, force: true });
});

const queueWith = (key: string, shop = 1) =>
  h.app.inject({ method: 'GET', url: `/api/fi/operator/pobs/${shop}/queue/`, headers: { authorization: `Bearer ${key}` } });
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

keys('every start writes a fresh console pairing code for the demo console shop beside its key; the keys stay', async () => {
  const file = join(dir, 'operator-keys.json');
  const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  const first = (await writeDemoPairingCode(h.db, dir, DEMO_CONSOLE_SHOP, h.clock.now()))!;
  assert.is(first.file, file);
  const once = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  const entry = once[String(DEMO_CONSOLE_SHOP)];
  assert.match(entry.pairing_code, /^[2-9A-HJKMNP-Z]{8}$/);
  assert.is(entry.pairing_code_expires_at, first.expiresAt);
  assert.is(entry.key, before[String(DEMO_CONSOLE_SHOP)].key, 'the key is kept');
  for (const id of Object.keys(before)) if (id !== String(DEMO_CONSOLE_SHOP)) assert.equal(once[id], before[id]);
  await writeDemoPairingCode(h.db, dir, DEMO_CONSOLE_SHOP, h.clock.now());
  const twice = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>)[String(DEMO_CONSOLE_SHOP)].pairing_code;
  assert.is.not(twice, entry.pairing_code, 'a fresh code each start');
  const paired = await h.app.inject({ method: 'POST', url: '/api/fi/operator/pairing/', payload: { code: twice, name: 'Demo desk' } });
  assert.is(paired.statusCode, 201);
  assert.is(paired.json().pob_id, DEMO_CONSOLE_SHOP);
  assert.is(paired.json().role, 'console');
  assert.equal(readdirSync(dir), ['operator-keys.json'], 'no temporary file is left');
  assert.is(await writeDemoPairingCode(h.db, join(dir, 'none'), DEMO_CONSOLE_SHOP, h.clock.now()), null, 'no key file, no code');
});

const local = suite('the local pairing route of npm run operator-key -- <id> --pair');
let l: Harness;
local.before(async () => {
  l = await harness({ seed: seedDemo, config: { localAdminToken: 'local-secret' } });
});
local.after(async () => {
  await l.close();
  await h.close();
});
const ask = (opts: { token?: string; address?: string; shop?: number; harness?: Harness }) =>
  (opts.harness ?? l).app.inject({
    method: 'POST',
    url: `/api/fi/operator/local/pobs/${opts.shop ?? 2}/pairing-codes/`,
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` },
    payload: { role: 'display' },
  });

local('the secret from the loopback makes a code; no secret, a wrong one or another address is refused', async () => {
  const made = await ask({ token: 'local-secret' });
  assert.is(made.statusCode, 201, made.body);
  assert.is(made.json().role, 'display');
  const paired = await l.app.inject({
    method: 'POST',
    url: '/api/fi/operator/pairing/',
    payload: { code: made.json().code, name: 'Wall' },
  });
  assert.is(paired.json().role, 'display');
  assert.is((await ask({ token: 'local-secret', address: '::1' })).statusCode, 201);
  assert.is((await ask({ token: 'wrong' })).statusCode, 401);
  assert.is((await ask({})).statusCode, 401);
  assert.is((await ask({ token: 'local-secret', address: '10.0.0.5' })).statusCode, 401);
  assert.is((await ask({ token: 'local-secret', shop: 999999 })).statusCode, 404);
  assert.is(
    (await ask({ token: 'local-secret', harness: h })).statusCode,
    404,
    'a server without the secret (PostgreSQL) has no such route',
  );
});

keys.run();
local.run();

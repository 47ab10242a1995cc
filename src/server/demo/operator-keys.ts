/**
 * The demo's key file, DATA_DIR/operator-keys.json: a key per shop and the console's pairing code, written where
 * the person trying the demo finds them. The format is the one `npm run operator-key` users read.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/db.ts';
import { issuePairingCode } from '../operator/devices.ts';
import { issueOperatorKey } from '../operator/keys.ts';
import { allShops } from '../repos/operators.ts';

/** The demo shop left to the console (README "The console"): the simulator does not play it. Kallio, open round the clock. */
export const DEMO_CONSOLE_SHOP = 2;

/** Writes the file whole (temporary file, then rename), readable by its owner only. */
function writeKeyFile(file: string, keys: unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * When the file is missing at start (first seed, or a start killed between the seed's commit and the file), every
 * shop gets a new key, added to any it holds, and the file is written whole: a kill at any point leaves either no
 * file, so the next start issues keys again, or a complete one. Null when the file exists.
 */
export async function writeDemoOperatorKeys(db: Db, dataDir: string): Promise<string | null> {
  const file = join(dataDir, 'operator-keys.json');
  if (existsSync(file)) return null;
  const keys = await db.transaction(async (tx) => {
    const out: Record<string, { name: string; country: string; key: string }> = {};
    for (const s of await allShops(tx)) out[s.id] = { name: s.name, country: s.country, key: (await issueOperatorKey(tx, s.id))! };
    return out;
  });
  mkdirSync(dataDir, { recursive: true });
  writeKeyFile(file, keys);
  return file;
}

/**
 * Every demo start: a fresh console pairing code for the console's demo shop, written into its entry of the file
 * beside its key (`pairing_code`, `pairing_code_expires_at`), never to a log. The keys in it stay as they are.
 * Null without the file or shop.
 */
export async function writeDemoPairingCode(
  db: Db,
  dataDir: string,
  shopId: number,
  now: number,
): Promise<{ file: string; expiresAt: string } | null> {
  const file = join(dataDir, 'operator-keys.json');
  if (!existsSync(file)) return null;
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const entry = keys[String(shopId)];
  if (!entry) return null;
  const issued = await issuePairingCode({ db }, shopId, 'console', now);
  if (!issued) return null;
  keys[String(shopId)] = { ...entry, pairing_code: issued.code, pairing_code_expires_at: issued.expires_at };
  writeKeyFile(file, keys);
  return { file, expiresAt: issued.expires_at };
}

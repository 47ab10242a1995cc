/**
 * The chain owner's browsers (docs/decisions.md, "The chain owner's key"), on the server's machine only:
 *
 * - `npm run owner-key`: prints a one-time pairing code (10 minutes, single use, only its hash stored) for a browser
 *   of the chain's owner; typed at /operator, it gets its own key, which reads every shop and changes shifts but
 *   serves no customer.
 * - `npm run owner-key -- --list`: the owner's paired browsers (id, name, last seen, revoked).
 * - `npm run owner-key -- --revoke <id>`: revokes one; its key stops working and its open streams end at once.
 *
 * Works while the server runs: on PostgreSQL the script writes the database itself (and announces a revocation on
 * the queue channel, so every process ends the browser's streams); on PGlite, whose data directory the running server
 * holds, it asks that server through its loopback-only routes with the secret of DATA_DIR/local-admin.json.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/open.ts';
import { DataDirLockedError } from '../src/server/db/pglite.ts';
import { issueOwnerPairingCode, type IssuedCode } from '../src/server/operator/devices.ts';
import { readLocalAdmin } from '../src/server/operator/local-admin.ts';
import { listOwnerDevices } from '../src/server/operator/owner.ts';
import { revokeOwnerDevice } from '../src/server/repos/operators.ts';
import { QUEUE_CHANNEL } from '../src/server/repos/shops.ts';
import { revokedPayload } from '../src/server/live/changes.ts';
import type { WireDevice } from '../src/shared/wire-devices.ts';

const args = process.argv.slice(2);
const usage = () => {
  console.error('Usage: npm run owner-key [-- --list | -- --revoke <deviceId>]');
  process.exit(2);
};
let mode: 'pair' | 'list' | 'revoke' = 'pair';
let deviceId = 0;
if (args.length === 1 && args[0] === '--list') mode = 'list';
else if (args.length === 2 && args[0] === '--revoke' && /^[1-9]\d{0,9}$/.test(args[1])) {
  mode = 'revoke';
  deviceId = Number(args[1]);
} else if (args.length) usage();
const config = loadConfig();

function printCode(c: IssuedCode): void {
  console.log(c.code);
  console.error(`Pairing code for a browser of the chain's owner, valid until ${c.expires_at}, once: type it at /operator.`);
}
function printDevices(list: WireDevice[]): void {
  if (!list.length) console.error('The owner has no paired browser.');
  for (const d of list)
    console.log(
      `${d.id}\t${d.name}\tpaired ${d.created_at}\tseen ${d.last_seen_at ?? '-'}\t${d.revoked_at ? `revoked ${d.revoked_at}` : 'active'}`,
    );
}
const noDevice = () => {
  console.error(`No browser of the owner with id ${deviceId}`);
  process.exitCode = 1;
};

/** The running server does it (PGlite held by it). */
async function askServer(): Promise<void> {
  const admin = readLocalAdmin(config.dataDir);
  if (!admin) {
    console.error(
      `The data directory ${config.dataDir} is in use, but ${config.dataDir}/local-admin.json is missing: is the server of this DATA_DIR running?`,
    );
    process.exit(1);
  }
  const path = { pair: 'pairing-codes/', list: 'devices/', revoke: `devices/${deviceId}/` }[mode];
  const method = { pair: 'POST', list: 'GET', revoke: 'DELETE' }[mode];
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${admin.port}/api/fi/operator/local/owner/${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}` },
    });
  } catch (err) {
    console.error(`Could not reach the server on port ${admin.port}: ${(err as Error).message}`);
    process.exit(1);
  }
  if (mode === 'revoke' && res.status === 404) return noDevice();
  if (res.status >= 300) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    console.error(`The server refused: ${res.status} ${body.error ?? ''}`);
    process.exit(1);
  }
  if (mode === 'pair') printCode((await res.json()) as IssuedCode);
  else if (mode === 'list') printDevices((await res.json()) as WireDevice[]);
  else console.error(`Revoked browser ${deviceId}.`);
}

let db: Awaited<ReturnType<typeof openDb>>;
try {
  db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  await askServer();
  process.exit();
}
try {
  if (mode === 'pair') printCode(await issueOwnerPairingCode({ db }, Date.now()));
  else if (mode === 'list') printDevices(await listOwnerDevices({ db }));
  else if (!(await revokeOwnerDevice(db, deviceId, Date.now()))) noDevice();
  else {
    // Every server process on this database hears it and ends the browser's streams (live/changes.ts).
    if (config.databaseUrl) await db.query('SELECT pg_notify($1, $2)', [QUEUE_CHANNEL, revokedPayload(deviceId)]);
    console.error(`Revoked browser ${deviceId}.`);
  }
} finally {
  await db.close();
}

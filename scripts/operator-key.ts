/**
 * `npm run operator-key -- <shopId>`: makes a new operator key for a shop, stores only its hash, and prints the key
 * once. The shop's other keys keep working (a shop may hold several). Uses DATABASE_URL, or PGlite in DATA_DIR (stop
 * the server first: one process owns an embedded database).
 *
 * `npm run operator-key -- <shopId> --pair [--display]`: prints a one-time pairing code (10 minutes, single use) for a
 * new console (or display) of the shop; no key changes. Works while the server runs: on PostgreSQL the script writes
 * the database itself; on PGlite, whose data directory the running server holds, it asks that server through its
 * loopback-only route with the secret of DATA_DIR/local-admin.json (src/server/operator/local-admin.ts).
 */
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/open.ts';
import { DataDirLockedError } from '../src/server/db/pglite.ts';
import { issueOperatorKey } from '../src/server/operator/keys.ts';
import { issuePairingCode, type IssuedCode } from '../src/server/operator/devices.ts';
import { readLocalAdmin } from '../src/server/operator/local-admin.ts';

const [arg, ...flags] = process.argv.slice(2);
const unknown = flags.filter((f) => f !== '--pair' && f !== '--display');
if (!arg || !/^[1-9]\d{0,9}$/.test(arg) || unknown.length || (flags.includes('--display') && !flags.includes('--pair'))) {
  console.error('Usage: npm run operator-key -- <shopId> [--pair [--display]]');
  process.exit(2);
}
const shopId = Number(arg);
const pair = flags.includes('--pair');
const role = flags.includes('--display') ? 'display' : 'console';
const config = loadConfig();

function printCode(c: IssuedCode): void {
  console.log(c.code);
  console.error(`Pairing code for a ${c.role} of shop ${shopId}, valid until ${c.expires_at}, once: type it on the device at /operator.`);
}

/** The running server makes the code (PGlite held by it). */
async function askServer(): Promise<void> {
  const admin = readLocalAdmin(config.dataDir);
  if (!admin) {
    console.error(
      `The data directory ${config.dataDir} is in use, but ${config.dataDir}/local-admin.json is missing: is the server of this DATA_DIR running?`,
    );
    process.exit(1);
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${admin.port}/api/fi/operator/local/pobs/${shopId}/pairing-codes/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role }),
    });
  } catch (err) {
    console.error(`Could not reach the server on port ${admin.port}: ${(err as Error).message}`);
    process.exit(1);
  }
  const body = (await res.json().catch(() => ({}))) as IssuedCode & { error?: string };
  if (res.status !== 201) {
    console.error(
      res.status === 404 && body.error === 'Shop not found'
        ? `No shop with id ${shopId}`
        : `The server refused: ${res.status} ${body.error ?? ''}`,
    );
    process.exit(1);
  }
  printCode(body);
}

let db: Awaited<ReturnType<typeof openDb>>;
try {
  db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  if (!pair) {
    console.error(`${err.message}\nA new key needs the database: stop the server first (a pairing code does not: --pair).`);
    process.exit(1);
  }
  await askServer();
  process.exit(0);
}
try {
  if (pair) {
    const issued = await issuePairingCode({ db }, shopId, role, Date.now());
    if (!issued) {
      console.error(`No shop with id ${shopId}`);
      process.exitCode = 1;
    } else printCode(issued);
  } else {
    const key = await issueOperatorKey(db, shopId);
    if (!key) {
      console.error(`No shop with id ${shopId}`);
      process.exitCode = 1;
    } else {
      console.log(key);
    }
  }
} finally {
  await db.close();
}

/**
 * `npm run import -- chain.json`: loads a chain's shops (hours, menus), barbers and shifts into the database the
 * server uses (DATABASE_URL, or PGlite in DATA_DIR while no server holds it). Checked first, written in one
 * transaction, idempotent; see src/server/ops/chain-import.ts and docs/operations.md (scripts/chain.example.json).
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/open.ts';
import { DataDirLockedError } from '../src/server/db/pglite.ts';
import { ChainFileError } from '../src/server/ops/chain-file.ts';
import { importChain } from '../src/server/ops/chain-import.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run import -- <chain.json>');
  process.exit(2);
}
let input: unknown;
try {
  input = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`Cannot read ${file}: ${(err as Error).message}`);
  process.exit(1);
}
// The SMS settings do not matter here: an import sends nothing.
const config = loadConfig({ SMS_LOG_IN_PRODUCTION: '1', ...process.env });
let db: Awaited<ReturnType<typeof openDb>>;
try {
  db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(
    `${err.message}\nAn import writes the database: stop the server first (or import into PostgreSQL, which every process shares).`,
  );
  process.exit(1);
}
try {
  const c = await importChain(db, input);
  console.log(
    `Imported ${c.shops} shops, ${c.services} services, ${c.barbers} barbers, ${c.shifts} shifts (${c.shiftsKept} of them were there already).`,
  );
} catch (err) {
  if (!(err instanceof ChainFileError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.close();
}

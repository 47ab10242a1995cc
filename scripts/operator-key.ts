/**
 * `npm run operator-key -- <shopId>`: makes a new operator key for a shop, stores only its hash, and prints
 * the key once. The shop's other keys keep working (a shop may hold several). Uses DATABASE_URL, or PGlite in DATA_DIR (stop the
 * server first: one process owns an embedded database).
 */
import { loadConfig } from '../src/server/config.ts';
import { openDbOrExit } from '../src/server/db/open.ts';
import { issueOperatorKey } from '../src/server/queue/operator.ts';

const arg = process.argv[2];
if (!arg || !/^[1-9]\d{0,9}$/.test(arg)) {
  console.error('Usage: npm run operator-key -- <shopId>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDbOrExit({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const key = await issueOperatorKey(db, Number(arg));
  if (!key) {
    console.error(`No shop with id ${arg}`);
    process.exitCode = 1;
  } else {
    console.log(key);
  }
} finally {
  await db.close();
}

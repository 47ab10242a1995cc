/**
 * `npm run announce -- <shopId>` or `npm run announce -- all`: makes an edit made directly in the database (a price,
 * an opening hour, a shop's name changed in SQL) visible at once in every running server process
 * (docs/operations.md, "Editing the database directly"). A shop's change is announced as the server announces its
 * own: the shop's queue version moves on and PostgreSQL NOTIFYs every process, which drops what it kept of the
 * shop, its country's list and its orders, and re-reads its streams; `all` has every process drop everything.
 * PostgreSQL only (DATABASE_URL): PGlite's data directory is held by its one server, so it is edited with the server
 * stopped, and a server starts with nothing kept.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/open.ts';
import { announceEverything, lockShopForChange } from '../src/server/repos/shops.ts';

const args = process.argv.slice(2);
const [arg] = args;
if (args.length !== 1 || !(arg === 'all' || /^[1-9]\d{0,9}$/.test(arg))) {
  console.error('Usage: npm run announce -- <shopId|all>');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run announce needs DATABASE_URL. Without it (PGlite) the running server holds the database: edit it with the server stopped; it starts with nothing kept.',
  );
  process.exit(2);
}
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: null });
try {
  if (arg === 'all') {
    await announceEverything(db);
    console.log('Announced: every queue may have changed; every process drops what it kept.');
  } else {
    const shop = await db.transaction((tx) => lockShopForChange(tx, Number(arg)));
    if (!shop) {
      console.error(`No shop with id ${arg}`);
      process.exitCode = 1;
    } else {
      console.log(`Announced shop ${shop.id} (${shop.country}), queue version ${shop.queueVersion}.`);
    }
  }
} finally {
  await db.close();
}

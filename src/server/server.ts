/** Starts the service: configuration, database, demo data, HTTP, and a graceful shutdown. */
import { loadConfig } from './config.ts';
import { openDbOrExit } from './db/open.ts';
import { buildApp } from './app.ts';
import { proveDemoPhones } from './seed/accounts.ts';
import { seedIfEmpty } from './seed/index.ts';
import { topUpRoster } from './seed/roster.ts';
import { DEMO_CONSOLE_SHOP, writeDemoOperatorKeys, writeDemoPairingCode } from './demo/operator-keys.ts';
import { removeLocalAdmin, writeLocalAdmin } from './operator/local-admin.ts';
import { randomBytes } from 'node:crypto';
import { simulator } from './demo/simulator-run.ts';
import { startLearning } from './queue/learned-figures.ts';
import { startTurnTimer } from './queue/turn-notifier.ts';
import { buildDeps, makeLogger } from './build-deps.ts';

async function main() {
  const config = loadConfig();
  const db = await openDbOrExit({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pglite: config.pglite });
  const now = () => Date.now();
  let consolePairing: { file: string; expiresAt: string } | null = null;
  // On PGlite this process owns the data directory: `npm run operator-key -- <id> --pair` asks it (operator/local-admin.ts).
  if (!config.databaseUrl) config.localAdminToken = randomBytes(32).toString('base64url');
  // Queues changed outside a queue transaction (the seed, the roster): announced once the announcer exists.
  let changedQueues = false;
  if (config.seed) {
    const seeded = await seedIfEmpty(db, {
      now: now(),
      development: config.development,
      scrypt: config.scrypt,
      accounts: !config.production,
    });
    if (seeded) {
      changedQueues = true;
      console.log(`Seeded the demo chain: ${seeded.shops} shops, ${seeded.barbers} barbers, ${seeded.orders} orders in the queue.`);
      // Never in production: there the demo has no accounts, and no password reaches a log.
      if (seeded.accounts.length && !config.production) {
        console.log(
          `Demo customers: ${seeded.accounts.map((a) => `${a.phone} (${a.level})`).join(', ')}; password ${seeded.accounts[0].password}.`,
        );
      }
    }
    // A demo database from before phones were proven: its demo customers are proven (never in production).
    if (!config.production) await proveDemoPhones(db, now());
    // The shops' operator keys exist only in this file (only their hashes are stored); missing, it is made anew.
    const keyFile = await writeDemoOperatorKeys(db, config.dataDir);
    if (keyFile) console.log(`Operator keys of the demo shops: ${keyFile}`);
    // A fresh pairing code for the console's demo shop at every start, in the key file only (never in a log).
    consolePairing = await writeDemoPairingCode(db, config.dataDir, DEMO_CONSOLE_SHOP, now());
    const added = await topUpRoster(db, now());
    if (added) {
      changedQueues = true;
      console.log(`Demo roster extended by ${added} shifts to cover the coming week.`);
    }
  }
  const deps = await buildDeps({ config, db, now, log: makeLogger(config) });
  // Other processes (PostgreSQL) drop what they kept of the queues the seed or the roster changed.
  if (changedQueues) await deps.changes.announceEverything();
  const app = await buildApp(deps);
  // The demo's barbers play the queue; elsewhere a timer sends the turn notifications that time alone makes due.
  const sim = config.simulator
    ? simulator(deps, { intervalMs: config.simulatorTickMs, skipShops: config.seed ? [DEMO_CONSOLE_SHOP] : [] })
    : null;
  const stopTurns = sim ? null : startTurnTimer(deps.turns, config.turnCheckMs, config.turnCheckParts);
  // What the shops learn from their history (honest waits), recomputed off the request path.
  const stopLearning = startLearning(db, now, config.learnEveryMs, (err) => app.log.error({ err }, 'learning'));
  // A demo left running for days keeps a roster a week ahead.
  // New shifts move the waits: every process drops what it kept (a queue change outside any one shop's transaction).
  const topUp = async () => {
    if (await topUpRoster(db, now())) await deps.changes.announceEverything();
  };
  const roster = config.seed
    ? setInterval(() => void topUp().catch((err) => app.log.error({ err }, 'roster top-up')), 6 * 3_600_000)
    : null;
  roster?.unref();
  if (sim)
    console.log(`Demo simulator on: the barbers serve the queue every ${config.simulatorTickMs / 1000} s (SIMULATOR=0 turns it off).`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      if (roster) clearInterval(roster);
      await sim?.stop();
      await stopTurns?.();
      await stopLearning();
      await app.close();
      if (config.localAdminToken) removeLocalAdmin(config.dataDir);
      await deps.changes.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  if (config.localAdminToken) writeLocalAdmin(config.dataDir, { port, token: config.localAdminToken, pid: process.pid });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Listening on http://localhost:${port} (${where})`);
  if (consolePairing) {
    console.log(
      `The shop's console: http://localhost:${port}/operator ` +
        `(demo shop ${DEMO_CONSOLE_SHOP}, left to you: the simulator does not play it). ` +
        `Its pairing code is in ${consolePairing.file} ` +
        `("pairing_code" of shop ${DEMO_CONSOLE_SHOP}, valid until ${consolePairing.expiresAt}); ` +
        `a new one: npm run operator-key -- ${DEMO_CONSOLE_SHOP} --pair`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

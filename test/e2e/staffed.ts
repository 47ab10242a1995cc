/**
 * Shops that take orders at any hour, for journeys that must not depend on the time they run: the demo's shops keep
 * their real hours and rosters, so at night only Kallio is open, with one barber whose shift may end soon. Like
 * shop-hours.ts, this writes into a stopped server's PGlite data directory: the shop opens round the clock every
 * day, its own barbers on shift from an hour ago for the next ten hours, its online queue open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../src/server/db/pglite.ts';
import { migratedDataDir } from '../server/db-templates.ts';
import { startServer, type Server } from './browser.ts';
import { addShift, homeBarbers, openRoundTheClock } from './demo-shop.ts';

/** The shop open round the clock, its own barbers on shift from an hour ago for the next ten hours. */
export async function staffAllDay(db: Parameters<typeof openRoundTheClock>[0], shopId: number, now = Date.now()): Promise<void> {
  await openRoundTheClock(db, shopId);
  for (const barber of await homeBarbers(db, shopId)) await addShift(db, shopId, barber, now, -60, 600);
}

export async function openAllDay(dataDir: string, shopId: number, now = Date.now()): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    await staffAllDay(db, shopId, now);
  } finally {
    await db.close();
  }
}

/**
 * The real server on the seeded demo with `shops` open and fully staffed whatever the hour: seeded on a first
 * start, staffed while it is down, started again. Its stop also removes the data directory.
 */
export async function staffedServer(env: Record<string, string>, shops: readonly number[]): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'walkin-staffed-e2e-'));
  await migratedDataDir(dataDir);
  const seeding = await startServer({ ...env, DATA_DIR: dataDir });
  await seeding.stop();
  for (const shop of shops) await openAllDay(dataDir, shop);
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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

export async function openAllDay(dataDir: string, shopId: number, now = Date.now()): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    for (let weekday = 1; weekday <= 7; weekday++)
      await db.query(
        `INSERT INTO shop_hours (shop_id, weekday, opens, closes) VALUES ($1, $2, '00:00', '24:00')
         ON CONFLICT (shop_id, weekday) DO UPDATE SET opens = EXCLUDED.opens, closes = EXCLUDED.closes`,
        [shopId, weekday],
      );
    await db.query('UPDATE shops SET queue_full = false WHERE id = $1', [shopId]);
    await db.query(
      `INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at)
       SELECT id, $1, $2, $3 FROM barbers WHERE home_shop_id = $1 AND status = 'active'`,
      [shopId, new Date(now - 3_600_000).toISOString(), new Date(now + 10 * 3_600_000).toISOString()],
    );
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

/**
 * Makes a second demo shop take orders at any hour, for the shorter-queue-nearby journey: the demo's other shops
 * keep their real hours, so at night only Kallio is open. Like shop-hours.ts, this writes into the stopped
 * server's PGlite data directory: the shop opens round the clock every day, its own barbers on shift from an hour
 * ago for the next ten hours, its online queue open.
 */
import { openPglite } from '../../src/server/db/pglite.ts';

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

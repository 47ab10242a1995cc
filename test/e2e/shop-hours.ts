/**
 * Makes a demo shop close soon, for the browser test's timeslot path. The server's clock is the real one and
 * the operator API cannot change hours, so this writes today's hours straight into the stopped server's
 * PGlite data directory; the next server started on that directory reads them.
 */
import { openPglite } from '../../src/server/db/pglite.ts';
import { localDay, weekdayOf } from '../../src/server/lib/tz.ts';

const pad = (n: number) => String(n).padStart(2, '0');

function hhmm(ms: number, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return `${pad(get('hour'))}:${pad(get('minute'))}`;
}

/**
 * The shop opens at 00:00 today and closes `minutes` from now (rounded up to the minute). When that is after
 * midnight, today runs to 24:00 into tomorrow, which closes then: the server reads the two as one opening.
 */
export async function closeSoon(
  dataDir: string,
  shopId: number,
  minutes: number,
  tz = 'Europe/Helsinki',
  now = Date.now(),
): Promise<{ closes: string }> {
  const close = Math.ceil((now + minutes * 60_000) / 60_000) * 60_000;
  const today = localDay(now, tz);
  const closeDay = localDay(close, tz);
  let closes = hhmm(close, tz);
  const db = await openPglite(dataDir);
  try {
    const set = (weekday: number, opens: string, closesAt: string) =>
      db.query(
        `INSERT INTO shop_hours (shop_id, weekday, opens, closes) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shop_id, weekday) DO UPDATE SET opens = EXCLUDED.opens, closes = EXCLUDED.closes`,
        [shopId, weekday, opens, closesAt],
      );
    if (closeDay.date === today.date) {
      await set(today.weekday, '00:00', closes);
    } else {
      // A row must close after it opens; 00:00 tomorrow is 24:00 today, a minute more keeps the rule.
      if (closes === '00:00') closes = '00:01';
      await set(today.weekday, '00:00', '24:00');
      await set(weekdayOf(closeDay.date), '00:00', closes);
    }
  } finally {
    await db.close();
  }
  return { closes };
}

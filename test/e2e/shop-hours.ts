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
 * The shop opens at 00:00 today and closes `minutes` from now (rounded up to the minute), with one more barber on
 * shift until then. When that is after midnight, today runs to 24:00 into tomorrow, which closes then: the server
 * reads the two as one opening.
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
    // A barber on shift from now to the close, besides the roster: near a change of shifts (the night barber's ends
    // at 08:00 at Kallio) the demo's queue can fill every minute left, and the card would not take orders at all.
    const free = await db.query<{ barber_id: number }>(
      `SELECT barber_id FROM shifts WHERE shop_id = $1 GROUP BY barber_id
       HAVING NOT bool_or(starts_at < $3 AND ends_at > $2) ORDER BY barber_id LIMIT 1`,
      [shopId, new Date(now - 60_000), new Date(close)],
    );
    if (free.rows[0])
      await db.query('INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [
        free.rows[0].barber_id,
        shopId,
        new Date(now - 60_000),
        new Date(close),
      ]);
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

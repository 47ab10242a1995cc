/**
 * timestamptz comes out of both engines as epoch milliseconds (registered once in pg.ts and pglite.ts), so
 * repositories never convert times they read. PostgreSQL's text form is parsed here, not by Date: it may carry
 * microseconds, an hour-only offset ("+00") or a historical offset with seconds ("+01:39:49").
 */
export const TIMESTAMPTZ_OID = 1184;

const FORM = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?( BC)?$/;

/** A timestamptz in PostgreSQL's ISO text form as epoch milliseconds (sub-millisecond digits are dropped). */
export function epochMs(text: string): number {
  if (text === 'infinity') return Infinity;
  if (text === '-infinity') return -Infinity;
  const m = FORM.exec(text);
  if (!m) throw new Error(`Unexpected timestamptz text: ${text}`);
  const [, y, mo, d, h, mi, s, frac = '', sign, oh, om = '0', os = '0', bc] = m;
  const year = bc ? 1 - Number(y) : Number(y);
  const utc = new Date(0);
  utc.setUTCFullYear(year, Number(mo) - 1, Number(d));
  utc.setUTCHours(Number(h), Number(mi), Number(s), Number(frac.slice(0, 3).padEnd(3, '0')));
  const offset = (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * 1000;
  return utc.getTime() - (sign === '-' ? -offset : offset);
}

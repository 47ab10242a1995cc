/** PostgreSQL through node-postgres: a pool, each transaction on one client. */
import pg from 'pg';
import type { Db, Queryable } from './db.ts';
import { epochMs, TIMESTAMPTZ_OID } from './time.ts';

// Return bigint counts and numerics as JS numbers: our ids and sums stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Times as epoch milliseconds (db/time.ts), the same on both engines.
pg.types.setTypeParser(TIMESTAMPTZ_OID, epochMs);

export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const query = async <T>(sql: string, params?: unknown[]) => {
    const res = await pool.query(sql, params as unknown[]);
    return { rows: res.rows as T[] };
  };
  return {
    engine: 'postgres',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // One client runs one query at a time: callers may Promise.all on a transaction (as on PGlite), so queue
        // them here rather than lean on pg's deprecated implicit queue.
        let last: Promise<unknown> = Promise.resolve();
        const tx: Queryable = {
          query<T>(sql: string, params?: unknown[]) {
            const run = last.then(() => client.query(sql, params as unknown[]));
            last = run.catch(() => undefined);
            return run.then((res) => ({ rows: res.rows as T[] }));
          },
        };
        const out = await fn(tx);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

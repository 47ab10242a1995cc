/**
 * A Db that counts and records the statements it runs, inside transactions as well: the query-count tests use
 * it to hold a route to its budget of round trips. BEGIN and COMMIT are the engine's and are not counted.
 */
import type { Db, Queryable } from './db.ts';

export interface CountingDb extends Db {
  /** The SQL of every statement since the last reset, in the order they ran. */
  readonly statements: string[];
  reset(): void;
}

export function countingDb(db: Db): CountingDb {
  const statements: string[] = [];
  const counted = (q: Queryable): Queryable => ({
    query(sql, params) {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return q.query(sql, params);
    },
  });
  return {
    engine: db.engine,
    statements,
    reset: () => void statements.splice(0),
    query: counted(db).query,
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(counted(tx))),
    close: () => db.close(),
  };
}

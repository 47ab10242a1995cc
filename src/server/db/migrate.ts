/** Applies the numbered SQL files of migrations/ that have not run yet, all in one transaction. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(): { version: number; name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Several processes may start at once against one PostgreSQL: the first migrates, the others wait.
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(72231)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations ' +
        '(version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrationFiles()) {
      if (done.has(m.version)) continue;
      // Statements are separated by lines holding only ';' -free SQL; run them one by one so pg and PGlite agree.
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}

/** Splits on semicolons at line ends, outside dollar-quoted bodies (we write no such bodies with inner ';\n'). */
export function splitStatements(sql: string): string[] {
  const noComments = sql.replace(/^\s*--.*$/gm, '');
  return noComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The client_events table (migration 007): error reports and analytics events, kept for a retention period. */
import type { Queryable } from '../db/db.ts';

export interface ClientEventRow {
  occurredAt: number;
  locale: string;
  kind: 'error' | 'analytics';
  name: string;
  build: string;
  route: string;
  message: string | null;
  stack: string | null;
  props: Record<string, unknown> | null;
}

const COLUMNS = 10;

/** Stores a batch in one statement and deletes what is older than `keepFrom` (epoch ms) in the same round. */
export async function storeClientEvents(q: Queryable, rows: ClientEventRow[], now: number, keepFrom: number): Promise<void> {
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    values.push(
      new Date(now).toISOString(),
      new Date(r.occurredAt).toISOString(),
      r.locale,
      r.kind,
      r.name,
      r.build,
      r.route,
      r.message,
      r.stack,
      r.props === null ? null : JSON.stringify(r.props),
    );
    const p = (n: number) => `$${i * COLUMNS + n}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, ${p(10)}::jsonb)`;
  });
  await q.query(
    `INSERT INTO client_events (received_at, occurred_at, locale, kind, name, build, route, message, stack, props) ` +
      `VALUES ${tuples.join(', ')}`,
    values,
  );
  await q.query('DELETE FROM client_events WHERE received_at < $1', [new Date(keepFrom).toISOString()]);
}

/**
 * The queue change announcements (live/changes.ts): a committed change is heard once with its new version, a
 * rolled-back one never; on PostgreSQL a NOTIFY from any connection is heard, and a dropped LISTEN connection
 * comes back and tells every listener to drop what it kept.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { ChangeEvent } from '../../../src/server/live/changes.ts';
import { inShop } from '../../../src/server/queue/orders.ts';
import { harness, usePostgres, type Harness } from '../harness.ts';

const changes = suite('queue change announcements');
let h: Harness;
const heard: ChangeEvent[] = [];
changes.before(async () => {
  h = await harness({ seed: seedDemo });
  h.deps.changes.subscribe((e) => heard.push(e));
});
changes.after(async () => h.close());

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(ok());
};

changes('a committed change is heard once with the shop and its new version; a rolled-back one never', async () => {
  heard.splice(0);
  const { rows } = await h.db.query<{ v: number }>('SELECT queue_version AS v FROM shops WHERE id = 3');
  await inShop(h.deps, 3, async () => {});
  await inShop(h.deps, 3, async () => {
    throw new Error('rolled back');
  }).catch(() => {});
  // On PostgreSQL the process also hears its own NOTIFY; it is the same change and not heard again.
  await new Promise((r) => setTimeout(r, 200));
  const shop3 = heard.filter((e) => e.kind === 'shop' && e.change.shopId === 3);
  assert.equal(shop3, [{ kind: 'shop', change: { shopId: 3, country: 'FI', version: Number(rows[0].v) + 1 } }]);
});

changes('PostgreSQL: a change another process announces is heard; a lost LISTEN connection returns and drops everything', async () => {
  if (!usePostgres) return;
  heard.splice(0);
  await h.db.query("SELECT pg_notify('queue_changes', '4 9999 FI')");
  await until(() => heard.some((e) => e.kind === 'shop' && e.change.shopId === 4 && e.change.version === 9999));
  heard.splice(0);
  // The listener's connection by its name (its last statement may be its heartbeat's NOTIFY rather than the LISTEN).
  const { rows: ended } = await h.db.query<{ ok: boolean }>(
    "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'walkin-listener'",
  );
  assert.equal(ended, [{ ok: true }], 'the one listener connection ended');
  await until(() => heard.some((e) => e.kind === 'all'));
  assert.ok(h.deps.changes.live, 'listening again');
  heard.splice(0);
  await h.db.query("SELECT pg_notify('queue_changes', '4 10000 FI')");
  await until(() => heard.some((e) => e.kind === 'shop' && e.change.version === 10000));
});

changes.run();

/**
 * The no-bump guard's record (repos/guard.ts, orders.pinned_at) and how the snapshot carries it to the engine:
 * the engine lists the checked-in orders due within 5 minutes, the caller pins them in the same transaction,
 * and from then on a later joiner of any priority queues behind them.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { markPinned } from '../../../src/server/repos/guard.ts';
import { getShop } from '../../../src/server/repos/shops.ts';
import { loadQueues } from '../../../src/server/queue/snapshot.ts';
import { schedule } from '../../../src/server/queue/engine/schedule.ts';
import type { Queryable } from '../../../src/server/db/db.ts';

// Shop 2 of the demo seed, Kallio: open round the clock, idle (no queue), barbers on shift at the harness time.
const SHOP = 2;
let h: Harness;

async function addOrder(q: Queryable, o: { status?: string; priority?: number; checkedIn?: boolean; joinedAt: number }): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO orders (shop_id, walk_in_name, status, priority, duration, customer_at_pob, joined_at)
     VALUES ($1, 'Guard test', $2, $3, 30, $4, $5) RETURNING id`,
    [SHOP, o.status ?? 'active', o.priority ?? 0, o.checkedIn ?? false, new Date(o.joinedAt).toISOString()],
  );
  return rows[0].id;
}

async function pinnedAt(ids: number[]): Promise<(number | null)[]> {
  const { rows } = await h.db.query<{ id: number; pinned_at: unknown }>('SELECT id, pinned_at FROM orders WHERE id = ANY($1::int[])', [
    ids,
  ]);
  const by = new Map(rows.map((r) => [r.id, r.pinned_at == null ? null : new Date(r.pinned_at as string).getTime()]));
  return ids.map((id) => by.get(id) ?? null);
}

async function queue(now: number) {
  const shop = (await getShop(h.db, SHOP))!;
  return (await loadQueues(h.db, [shop], now)).get(SHOP)!;
}

/** Ends every open order of the shop, so each test starts from an empty queue. */
const clearShop = () =>
  h.db.query(`UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`, [
    SHOP,
  ]);

const guard = suite('no-bump guard: markPinned and the snapshot');
guard.before(async () => {
  h = await harness({ seed: seedDemo });
});
guard.after(async () => {
  await h.close();
});
guard.before.each(async () => {
  await clearShop();
});

guard('markPinned pins active orders once, keeps the first time, leaves other statuses alone', async () => {
  const now = h.clock.now();
  assert.equal(await markPinned(h.db, [], now), [], 'nothing to pin runs no query');
  const a = await addOrder(h.db, { checkedIn: true, joinedAt: now - 10 * 60_000 });
  const b = await addOrder(h.db, { joinedAt: now - 9 * 60_000 });
  const cancelled = await addOrder(h.db, { status: 'cancelled', joinedAt: now - 8 * 60_000 });
  assert.equal(
    await markPinned(h.db, [b, a, cancelled, 999_999], now),
    [a, b].sort((x, y) => x - y),
  );
  assert.equal(await pinnedAt([a, b, cancelled]), [now, now, null]);
  // Pinned again later (the next recalculation): the first pin time stays.
  assert.equal(await markPinned(h.db, [a], now + 60_000), []);
  assert.equal(await pinnedAt([a]), [now]);
  // Taken into service: no longer waiting, so it is not pinned.
  const c = await addOrder(h.db, { checkedIn: true, joinedAt: now - 7 * 60_000 });
  await h.db.query(`UPDATE orders SET status = 'in_service' WHERE id = $1`, [c]);
  assert.equal(await markPinned(h.db, [c], now), []);
  assert.equal(await pinnedAt([c]), [null]);
});

guard('the snapshot carries pinned_at as pinned', async () => {
  const now = h.clock.now();
  const a = await addOrder(h.db, { checkedIn: true, joinedAt: now - 10 * 60_000 });
  const b = await addOrder(h.db, { checkedIn: true, joinedAt: now - 9 * 60_000 });
  await markPinned(h.db, [a], now);
  const orders = (await queue(now)).snapshot.orders.filter((o) => o.id === a || o.id === b);
  assert.equal(
    orders.map((o) => [o.id, o.pinned]),
    [
      [a, true],
      [b, false],
    ],
  );
});

guard('due orders pinned in the recalculating transaction stay ahead of a later Platinum joiner', async () => {
  const now = h.clock.now();
  const waiting = await addOrder(h.db, { checkedIn: true, joinedAt: now - 5 * 60_000 });
  // The shop is idle: the checked-in order starts at once, so it is due; the recalculation records it.
  const pinned = await h.db.transaction(async (tx) => {
    const shop = (await getShop(tx, SHOP))!;
    const s = schedule((await loadQueues(tx, [shop], now)).get(SHOP)!.snapshot);
    assert.equal(s.due, [waiting]);
    return markPinned(tx, s.due, now);
  });
  assert.equal(pinned, [waiting]);
  assert.equal(schedule((await queue(now)).snapshot).due, [], 'pinned once, never listed again');
  // A Platinum joins a minute later: the pinned order is still served first.
  const platinum = await addOrder(h.db, { priority: 3, joinedAt: now + 60_000 });
  const after = schedule((await queue(now + 60_000)).snapshot).orders.map((o) => o.id);
  assert.equal(after.slice(0, 2), [waiting, platinum]);
  // The same order not pinned would have been overtaken.
  await h.db.query('UPDATE orders SET pinned_at = NULL WHERE id = $1', [waiting]);
  const unpinned = schedule((await queue(now + 60_000)).snapshot).orders.map((o) => o.id);
  assert.equal(unpinned.slice(0, 2), [platinum, waiting]);
});

guard.run();

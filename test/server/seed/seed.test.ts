import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { buildDemo, seedIfEmpty } from '../../../src/server/seed/index.ts';
import { SHOPS, TIMEZONES } from '../../../src/server/seed/shops.ts';
import { DAYS } from '../../../src/server/seed/shifts.ts';
import { localDay, addDays } from '../../../src/server/lib/tz.ts';

const NOW = Date.parse('2026-11-24T10:00:00Z'); // Tuesday 12:00 in Helsinki
const MIN = 60_000;

let h: Harness;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['shops', 'shop_hours', 'services', 'extra_services', 'barbers', 'shifts', 'orders', 'order_items']) {
    out[t] = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  }
  return out;
}

const once = suite('seedIfEmpty');
// One database for the file: the first suite opens it, the last one closes it.
once.before(async () => {
  h = await harness({ start: NOW });
});

once('seeds an empty database once, then leaves it alone', async () => {
  const first = await seedIfEmpty(h.db, { now: NOW, development: false });
  assert.ok(first);
  const after = await counts();
  const { accounts, ...seeded } = first!;
  assert.equal(seeded, { shops: after.shops, barbers: after.barbers, orders: after.orders });
  // One demo customer per membership level and one without, all able to log in with the README's password.
  assert.equal(accounts.map((a) => a.level).sort(), ['gold', 'none', 'platinum', 'silver']);
  const login = await h.app.inject({
    method: 'POST',
    url: '/api/fi/login/',
    payload: { phone: accounts[0].phone, password: accounts[0].password },
  });
  assert.is(login.statusCode, 200);
  assert.is(await seedIfEmpty(h.db, { now: NOW + 60 * MIN, development: true }), null);
  assert.equal(await counts(), after);
});

once('new orders and shifts continue after the seeded ids', async () => {
  const { rows } = await h.db.query<{ id: number }>(
    "INSERT INTO orders (shop_id, walk_in_name, duration) VALUES (1, 'Late K.', 30) RETURNING id",
  );
  const max = (await h.db.query<{ m: number }>("SELECT max(id)::int AS m FROM orders WHERE walk_in_name <> 'Late K.'")).rows[0].m;
  assert.is(rows[0].id, max + 1);
  await h.db.query('DELETE FROM orders WHERE id = $1', [rows[0].id]);
});

once('orders are consistent with their items and the menu', async () => {
  const { rows } = await h.db.query<{ bad: number }>(
    `SELECT count(*)::int AS bad FROM orders o
     WHERE o.duration <> (SELECT sum(i.duration) FROM order_items i WHERE i.order_id = o.id)
        OR o.price <> (SELECT sum(i.price) FROM order_items i WHERE i.order_id = o.id)
        OR EXISTS (SELECT 1 FROM order_items i JOIN services s ON s.id = i.service_id WHERE i.order_id = o.id AND s.shop_id <> o.shop_id)`,
  );
  assert.is(rows[0].bad, 0);
  const walkIns = await h.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE customer_id IS NULL AND walk_in_name IS NOT NULL',
  );
  assert.is(walkIns.rows[0].n, (await counts()).orders);
});

once.run();

const data = suite('the demo data');
data.after(() => h.close());

data('is the same for the same instant (seeded PRNG)', () => {
  assert.equal(buildDemo(NOW), buildDemo(NOW));
});

data('shops across five countries at plausible coordinates, with test shops apart', () => {
  const real = SHOPS.filter((s) => !s.isTest);
  assert.ok(real.length >= 24);
  const per = (c: string) => real.filter((s) => s.country === c).length;
  assert.ok(per('FI') >= 10 && per('EE') >= 3 && per('NO') >= 3 && per('DK') >= 3 && per('SE') >= 4);
  assert.ok(real.filter((s) => s.city === 'Helsinki').length >= 5);
  for (const s of real) {
    assert.ok(s.lat > 55 && s.lat < 66 && s.lng > 5 && s.lng < 27, s.name);
    assert.ok(s.chairs >= 1 && s.chairs <= 8, s.name);
  }
  assert.equal(
    SHOPS.map((s) => s.id),
    SHOPS.map((_, i) => i + 1),
    'ids 1..N',
  );
  const tests = SHOPS.filter((s) => s.isTest);
  assert.is(tests.length, 2);
  assert.ok(tests.every((s) => s.name.startsWith('TEST')));
});

data('barbers: 60+ visible, 2 hidden, most with a home shop', () => {
  const { barbers } = buildDemo(NOW);
  assert.ok(barbers.filter((b) => !b.hidden).length >= 60);
  assert.is(barbers.filter((b) => b.hidden).length, 2);
  assert.ok(barbers.filter((b) => b.homeShopId !== null).length > barbers.length * 0.8);
  assert.is(new Set(barbers.map((b) => `${b.firstname} ${b.lastname}`)).size, barbers.length, 'distinct names');
});

data('shifts fall on today and the next 6 local days, inside opening hours', () => {
  const { shifts } = buildDemo(NOW);
  for (const s of shifts) {
    const shop = SHOPS[s.shopId - 1];
    const tz = TIMEZONES[shop.country];
    const today = localDay(NOW, tz).date;
    const date = localDay(s.start, tz).date;
    assert.ok(date >= today && date <= addDays(today, DAYS - 1), `${date} at ${shop.name}`);
    assert.is(localDay(s.end - 1, tz).date, date, 'ends the same day');
  }
  assert.is(new Set(shifts.map((s) => s.id)).size, shifts.length);
});

data('the queue is live: recent walk-ins, barbers busy, only in open shops', () => {
  const { orders, shifts } = buildDemo(NOW);
  assert.ok(orders.some((o) => o.status === 'in_service') && orders.some((o) => o.status === 'active'));
  assert.ok(orders.some((o) => o.priority > 0));
  for (const o of orders) {
    if (o.status === 'active') assert.ok(o.joinedAt <= NOW && o.joinedAt >= NOW - 60 * MIN, 'waiting since the last hour');
    if (o.status === 'in_service') {
      assert.ok(o.startedAt! >= o.joinedAt && o.startedAt! <= NOW && o.startedAt! > NOW - 90 * MIN);
      assert.ok(
        shifts.some((s) => s.barberId === o.barberId && s.shopId === o.shopId && s.start <= NOW && NOW < s.end),
        'served by a barber on shift',
      );
    }
  }
  // At 03:00 only the round-the-clock shops (one per country) are open, and only they have a queue.
  const night = buildDemo(Date.parse('2026-11-24T01:00:00Z'));
  const allDay = new Set(SHOPS.filter((s) => s.hours.every((h) => h && h[0] === '00:00' && h[1] === '24:00')).map((s) => s.id));
  assert.equal([...new Set(SHOPS.filter((s) => allDay.has(s.id)).map((s) => s.country))].sort(), ['DK', 'EE', 'FI', 'NO', 'SE']);
  assert.ok(night.orders.length > 0);
  assert.ok(night.orders.every((o) => allDay.has(o.shopId)));
  for (const id of allDay)
    assert.ok(
      night.shifts.some(
        (s) => s.shopId === id && s.start <= Date.parse('2026-11-24T01:00:00Z') && Date.parse('2026-11-24T01:00:00Z') < s.end,
      ),
      `someone on shift at night in shop ${id}`,
    );
  assert.ok(night.shifts.length > 200);
});

data('the shop that must look closed is closed on whatever day the demo starts', () => {
  for (let d = 0; d < 7; d++) {
    const now = NOW + d * 24 * 60 * MIN;
    const { shifts } = buildDemo(now);
    const oulu = SHOPS.find((s) => s.closedToday)!;
    const today = localDay(now, TIMEZONES[oulu.country]).date;
    assert.not.ok(shifts.some((s) => s.shopId === oulu.id && localDay(s.start, TIMEZONES[oulu.country]).date === today));
  }
});

data('the past customers were told a wait and a window at join, most of them served inside it', () => {
  const { history } = buildDemo(NOW);
  const served = history.filter((o) => o.startedAt !== null);
  for (const o of history) assert.ok(o.quotedLow <= o.quotedWait && o.quotedWait <= o.quotedHigh, JSON.stringify(o));
  const inside = served.filter((o) => {
    const waited = (o.startedAt! - o.joinedAt) / MIN;
    return waited >= o.quotedLow && waited <= o.quotedHigh;
  });
  const share = inside.length / served.length;
  assert.ok(share > 0.6 && share < 1, `served inside the window they were told: ${share.toFixed(2)}`);
});

data.run();

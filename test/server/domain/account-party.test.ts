/**
 * A party in the customer's own data (docs/decisions.md, "Parties and stepping out"): the export carries his
 * companions' names and services; deleting the account ends the waiting party and removes the names, while the
 * receipts keep their rows without them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertReceipt } from '../../../src/server/repos/receipts.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, newCustomer, PASSWORD } from '../accounts-helpers.ts';
import { item, menu } from '../queue-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness({}, seedDemo);
});
test.after(async () => h.close());

test('the export lists companions; deleting the account removes their names, receipts keep their rows', async () => {
  const s = await newCustomer(h, {});
  const m = await menu(h, 2);
  const cut = m.services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, {
    method: 'POST',
    url: `/api/fi/customers/${s.id}/orders/`,
    token: s.access,
    body: { pob_id: 2, items: [item(cut)], companions: [{ name: 'Son Eino', items: [item(cut)] }] },
  });
  assert.is(joined.status, 201, JSON.stringify(joined.json));
  const orderId = joined.json.id as number;
  // An earlier party's receipt with the son's row.
  await insertReceipt(h.db, {
    customerId: s.id,
    pob: { name: 'Kallio', address: 'Hämeentie 1', city: 'Helsinki' },
    createdAt: h.clock.now() - 86_400_000,
    rows: [
      { name: 'Hiustenleikkaus', amount: 1, price: 3500, vat: 25.5 },
      { name: 'Hiustenleikkaus', amount: 1, price: 3500, vat: 25.5, person: 1, personName: 'Son Eino' },
    ],
  });
  const exported = await call(h, { url: `/api/fi/customers/${s.id}/export/`, token: s.access });
  assert.is(exported.status, 200);
  const order = exported.json.orders.find((o: { id: number }) => o.id === orderId);
  assert.equal(
    order.companions.map((c: { person: number; name: string; status: string; items: { title: string }[] }) => [
      c.person,
      c.name,
      c.status,
      c.items.length,
    ]),
    [[1, 'Son Eino', 'active', 1]],
  );
  assert.equal(
    exported.json.receipts[0].rows.map((r: { person: number; person_name: string | null }) => [r.person, r.person_name]),
    [
      [0, null],
      [1, 'Son Eino'],
    ],
  );
  const gone = await call(h, { method: 'DELETE', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { password: PASSWORD } });
  assert.is(gone.status, 200, JSON.stringify(gone.json));
  const { rows } = await h.db.query<{ status: string; walk_in_name: string | null; customer_id: number | null }>(
    'SELECT status, walk_in_name, customer_id FROM orders WHERE id = $1 OR party_of = $1 ORDER BY person',
    [orderId],
  );
  assert.equal(
    rows.map((r) => [r.status, r.walk_in_name, r.customer_id]),
    [
      ['cancelled', null, null],
      ['cancelled', null, null],
    ],
    'the party left the queue; no name stays',
  );
  const { rows: kept } = await h.db.query<{ n: number; named: number }>(
    `SELECT count(*)::int AS n, count(person_name)::int AS named FROM receipt_rows x JOIN receipts r ON r.id = x.receipt_id
      WHERE r.customer_id IS NULL AND x.name = 'Hiustenleikkaus' AND r.pob_name = 'Kallio'`,
  );
  assert.ok(kept[0].n >= 2, 'the rows stay for the books');
  assert.is(kept[0].named, 0, 'without the names');
  const { rows: anyName } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM receipt_rows WHERE person_name = 'Son Eino'`);
  assert.is(anyName[0].n, 0);
});

test.run();

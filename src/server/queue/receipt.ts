/**
 * The customer's receipt for what his order's people were served: one receipt per order, written once everyone of
 * the party has ended (a party of one at his own finish), with each person's rows, his number and a companion's
 * name (docs/decisions.md, "Parties and stepping out"). Runs inside the shop's transaction that ended the last one.
 */
import type { Queryable } from '../db/db.ts';
import { itemsOf } from '../repos/order-items.ts';
import { orderById, type OrderRow } from '../repos/orders.ts';
import { companionsOf } from '../repos/parties.ts';
import { insertReceipt, VAT_GENERAL } from '../repos/receipts.ts';
import { menuTextsOf, type ShopRow } from '../repos/shops.ts';

/** VAT of barber services by country, percent, prices VAT inclusive. */
export const VAT_BY_COUNTRY: Record<string, number> = { FI: VAT_GENERAL, EE: 24, NO: 25, DK: 25, SE: 25 };

const isOpen = (o: OrderRow) => o.status === 'active' || o.status === 'in_service';

async function writeReceipt(tx: Queryable, head: OrderRow, served: OrderRow[], shop: ShopRow, now: number): Promise<void> {
  const vat = VAT_BY_COUNTRY[shop.country] ?? VAT_GENERAL;
  const items = await itemsOf(
    tx,
    served.map((o) => o.id),
  );
  const texts = await menuTextsOf(
    tx,
    items.map((i) => i.serviceId),
    items.flatMap((i) => i.extras.map((e) => e.id)),
  );
  // Each row keeps its name in every language the menu has, so the customer reads it in theirs.
  const names = (key: string): Record<string, string> =>
    Object.fromEntries(Object.entries(texts.get(key) ?? {}).flatMap(([lang, t]) => (t.title ? [[lang, t.title]] : [])));
  const rows = served.flatMap((o) => {
    const who = { person: o.person, personName: o.person === 0 ? null : o.walkInName };
    return items
      .filter((i) => i.orderId === o.id)
      .flatMap((i) => [
        { name: i.title, amount: 1, price: i.price, vat, texts: names(`s${i.serviceId}`), ...who },
        ...i.extras.map((e) => ({ name: e.title, amount: 1, price: e.price, vat, texts: names(`e${e.id}`), ...who })),
      ]);
  });
  await insertReceipt(tx, {
    customerId: head.customerId!,
    orderId: head.id,
    shopId: shop.id,
    pob: { name: shop.name, address: shop.address, city: shop.city },
    createdAt: now,
    rows,
  });
}

/**
 * After `ended` (a person of an order) has ended: once nobody of his party is waiting or in service, the receipt of
 * everyone served is written for the customer (none for a walk-in, none when nobody was served).
 */
export async function receiptWhenDone(tx: Queryable, ended: OrderRow, shop: ShopRow, now: number): Promise<void> {
  const head = ended.partyOf === null ? ended : await orderById(tx, ended.partyOf);
  if (!head || head.customerId === null) return;
  const party = [head, ...(await companionsOf(tx, [head.id]))].map((o) => (o.id === ended.id ? ended : o));
  if (party.some(isOpen)) return;
  const served = party.filter((o) => o.status === 'serviced');
  if (served.length) await writeReceipt(tx, head, served, shop, now);
}

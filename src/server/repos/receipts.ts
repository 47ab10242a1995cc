/**
 * Receipts with their rows. Prices are cents, VAT inclusive, per unit; each row's VAT amount is computed
 * here once, from the row total, so every reader shows the same cents. The queue writes one receipt per
 * serviced order (order_id is unique, so writing twice is refused by the database).
 */
import type { Queryable } from '../db/db.ts';
import { rowVat } from '../../shared/receipt.ts';
import type { WireReceipt, WireReceiptRow } from '../../shared/wire-account.ts';

/** Finnish VAT: the general rate (25.5 % since 1.9.2024) and the reduced rate of some goods and services. */
export const VAT_GENERAL = 25.5;
export const VAT_REDUCED = 14;

export { vatIncluded } from '../../shared/receipt.ts';

export interface NewReceipt {
  customerId: number;
  orderId?: number | null;
  shopId?: number | null;
  pob: { name: string; address: string; city: string };
  status?: string;
  type?: string;
  createdAt: number;
  /** `texts`: the row's name in every language it has (language → name); a reader picks its own. */
  /** `person`: whose row (0 the customer, 1.. a companion) and `personName` the companion's name, for a party's receipt. */
  rows: {
    name: string;
    amount: number;
    price: number;
    vat: number;
    texts?: Record<string, string>;
    person?: number;
    personName?: string | null;
  }[];
}

export async function insertReceipt(q: Queryable, r: NewReceipt): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO receipts (customer_id, order_id, shop_id, pob_name, pob_address, pob_city, status, type, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      r.customerId,
      r.orderId ?? null,
      r.shopId ?? null,
      r.pob.name,
      r.pob.address,
      r.pob.city,
      r.status ?? 'paid',
      r.type ?? 'service',
      new Date(r.createdAt).toISOString(),
    ],
  );
  const id = rows[0].id;
  for (const [i, row] of r.rows.entries()) {
    await q.query(
      'INSERT INTO receipt_rows (receipt_id, position, name, amount, price, vat, vat_amount, texts, person, person_name) ' +
        'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [
        id,
        i,
        row.name,
        row.amount,
        row.price,
        row.vat,
        rowVat(row),
        JSON.stringify(row.texts ?? {}),
        row.person ?? 0,
        row.personName ?? null,
      ],
    );
  }
  return id;
}

interface Row {
  id: number;
  order_id: number | null;
  created_at: number;
  status: string;
  type: string;
  shop_id: number | null;
  pob_name: string;
  pob_address: string;
  pob_city: string;
  rows: WireReceiptRow[] | null;
}

export type ReceiptAnswer = WireReceipt & { order_id: number | null; total: number };

/** The customer's receipts, newest first, each with its rows in printed order, named in `lang` (else Finnish, else as written). */
export async function listReceipts(q: Queryable, customerId: number, lang: string): Promise<ReceiptAnswer[]> {
  const { rows } = await q.query<Row>(
    `SELECT r.id, r.order_id, (extract(epoch FROM r.created_at) * 1000)::bigint AS created_at, r.status, r.type,
            r.shop_id, r.pob_name, r.pob_address, r.pob_city,
            (SELECT json_agg(json_build_object('name', coalesce(x.texts->>$2::text, x.texts->>'fi', x.name), 'amount', x.amount,
                                               'price', x.price, 'vat', x.vat, 'vat_amount', x.vat_amount,
                                               'person', x.person, 'person_name', x.person_name) ORDER BY x.position)
               FROM receipt_rows x WHERE x.receipt_id = r.id) AS rows
       FROM receipts r
      WHERE r.customer_id = $1
      ORDER BY r.created_at DESC, r.id DESC`,
    [customerId, lang],
  );
  return rows.map((r) => {
    // json_agg turns numeric into a JSON number already; Number() guards drivers that give strings.
    const items = (r.rows ?? []).map((x) => ({
      name: x.name,
      amount: Number(x.amount),
      price: Number(x.price),
      vat: Number(x.vat),
      vat_amount: Number(x.vat_amount),
      person: Number(x.person ?? 0),
      person_name: x.person_name ?? null,
    }));
    return {
      id: r.id,
      order_id: r.order_id,
      created: new Date(Number(r.created_at)).toISOString(),
      rows: items,
      pob: { id: r.shop_id, name: r.pob_name, address: r.pob_address, city: r.pob_city },
      status: r.status,
      type: r.type,
      total: items.reduce((sum, x) => sum + x.amount * x.price, 0),
    };
  });
}

/**
 * What the data export reads and what an account deletion removes beyond the customer row's own cascades
 * (GDPR articles 15, 17 and 20). SQL only.
 */
import type { Queryable } from '../db/db.ts';

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | number | Date).toISOString());

/** The account's dates: when it was made, when the terms were accepted, when the password last changed. */
export async function accountDates(q: Queryable, customerId: number) {
  const { rows } = await q.query<{ created_at: unknown; terms_accepted_at: unknown; password_changed_at: unknown }>(
    'SELECT created_at, terms_accepted_at, password_changed_at FROM customers WHERE id = $1',
    [customerId],
  );
  const r = rows[0];
  return r
    ? { created_at: iso(r.created_at), terms_accepted_at: iso(r.terms_accepted_at), password_changed_at: iso(r.password_changed_at) }
    : null;
}

/** Every order the customer made, oldest first, with the services as sold. */
export async function ordersForExport(q: Queryable, customerId: number) {
  const { rows } = await q.query<{
    id: number;
    shop_id: number;
    shop: string | null;
    status: string;
    price: number;
    duration: number;
    customer_at_pob: boolean;
    joined_at: unknown;
    started_at: unknown;
    finished_at: unknown;
    items: { title: string; price: number; duration: number }[] | null;
    companions:
      | { person: number; name: string | null; status: string; items: { title: string; price: number; duration: number }[] | null }[]
      | null;
  }>(
    `SELECT o.id, o.shop_id, s.name AS shop, o.status, o.price, o.duration, o.customer_at_pob, o.joined_at, o.started_at, o.finished_at,
            (SELECT json_agg(json_build_object('title', i.title, 'price', i.price, 'duration', i.duration) ORDER BY i.id)
               FROM order_items i WHERE i.order_id = o.id) AS items,
            (SELECT json_agg(json_build_object('person', c.person, 'name', c.walk_in_name, 'status', c.status,
                      'items', (SELECT json_agg(json_build_object('title', i.title, 'price', i.price, 'duration', i.duration) ORDER BY i.id)
                                  FROM order_items i WHERE i.order_id = c.id)) ORDER BY c.person)
               FROM orders c WHERE c.party_of = o.id) AS companions
       FROM orders o LEFT JOIN shops s ON s.id = o.shop_id
      WHERE o.customer_id = $1
      ORDER BY o.id`,
    [customerId],
  );
  return rows.map((r) => ({
    id: r.id,
    shop_id: r.shop_id,
    shop: r.shop,
    status: r.status,
    price: r.price,
    duration: r.duration,
    checked_in: r.customer_at_pob,
    joined_at: iso(r.joined_at),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
    items: r.items ?? [],
    // The people who came with him (docs/decisions.md, "Parties and stepping out").
    companions: (r.companions ?? []).map((c) => ({ ...c, items: c.items ?? [] })),
  }));
}

/** Messages sent to this customer in person (every locale and language), and when they read any message. */
export async function messagesForExport(q: Queryable, customerId: number) {
  const { rows } = await q.query<{
    id: number;
    locale: string;
    created_at: unknown;
    texts: { language: string; title: string; content: string }[];
    read_at: unknown;
  }>(
    `SELECT m.id, m.locale, m.created_at,
            (SELECT json_agg(json_build_object('language', t.language, 'title', t.title, 'content', t.content) ORDER BY t.language)
               FROM message_texts t WHERE t.message_id = m.id) AS texts,
            r.read_at
       FROM messages m LEFT JOIN message_reads r ON r.message_id = m.id AND r.customer_id = $1
      WHERE m.customer_id = $1 OR r.customer_id = $1
      ORDER BY m.created_at, m.id`,
    [customerId],
  );
  return rows.map((r) => ({ id: r.id, locale: r.locale, date: iso(r.created_at), read_at: iso(r.read_at), texts: r.texts ?? [] }));
}

/** Bonus-teaser sign-ups made by the customer or with their e-mail address. */
export async function teaserSignupsOf(q: Queryable, customerId: number, email: string | null) {
  const { rows } = await q.query<{ email: string; locale: string; allow_email: boolean; created_at: unknown }>(
    'SELECT email, locale, allow_email, created_at FROM bonus_teaser_signups ' +
      'WHERE customer_id = $1 OR email = lower($2) ORDER BY created_at',
    [customerId, email],
  );
  return rows.map((r) => ({ email: r.email, locale: r.locale, allow_email: r.allow_email, date: iso(r.created_at) }));
}

/**
 * Deletes the customer. His companions' names go first (their orders and the receipts' rows stay for the books
 * without them). The foreign keys do the rest: sessions, SMS codes, membership, bonus, benefits, their
 * messages and reads go with the row; orders and receipts stay for the books with customer_id null. The teaser
 * sign-ups of the e-mail address are removed here (an address signed up before the account existed has no link).
 */
export async function deleteAccountData(q: Queryable, customerId: number, email: string | null): Promise<void> {
  await q.query('DELETE FROM bonus_teaser_signups WHERE customer_id = $1 OR email = lower($2)', [customerId, email]);
  await q.query('UPDATE orders SET walk_in_name = NULL WHERE party_of IN (SELECT id FROM orders WHERE customer_id = $1)', [customerId]);
  await q.query(
    'UPDATE receipt_rows SET person_name = NULL WHERE person_name IS NOT NULL AND receipt_id IN (SELECT id FROM receipts WHERE customer_id = $1)',
    [customerId],
  );
  await q.query('DELETE FROM customers WHERE id = $1', [customerId]);
}

/**
 * What the turn notifications need: the customers' contact settings, and the claims that make each notice go
 * out at most once per order, kind and channel (the primary key decides, across processes).
 */
import type { Queryable } from '../db/db.ts';
import { iso } from '../lib/time.ts';

export type NoticeKind = 'near' | 'now' | 'ended' | 'barber-left' | 'back';
export type NoticeChannel = 'push' | 'sms';

export interface ContactRow {
  id: number;
  phone: string;
  fcmToken: string | null;
  allowSms: boolean;
  /** The number was proven by a code sent to it; until then no SMS but a code goes to it. */
  phoneProven: boolean;
  /** The number's owner stopped turn-alert SMS with the link an alert carries. */
  smsStopped: boolean;
  language: string | null;
  /** Minutes before the turn the customer wants the turn alert (10, 20, 30), or null for the default. */
  alertLead: number | null;
}

export async function contactsOf(q: Queryable, customerIds: number[]): Promise<Map<number, ContactRow>> {
  if (!customerIds.length) return new Map();
  const { rows } = await q.query<ContactRow>(
    `SELECT id, phone, fcm_token AS "fcmToken", allow_sms AS "allowSms",
       phone_proven_at IS NOT NULL AS "phoneProven", language, alert_lead_minutes AS "alertLead",
       EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = customers.phone) AS "smsStopped"
     FROM customers WHERE id = ANY($1::int[])`,
    [customerIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Shops with a customer's order waiting or in service: the only ones a turn check has to look at. */
export async function shopsWithCustomerOrders(q: Queryable): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT DISTINCT shop_id AS id FROM orders WHERE customer_id IS NOT NULL AND status IN ('active', 'in_service') ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

/**
 * Claims a notice; false when it was claimed before (by this or another process), or, with `whileOpen`, when the
 * order is no longer waiting or in service (a turn alert for a cancelled order never goes out).
 */
export async function claimNotice(
  q: Queryable,
  orderId: number,
  kind: NoticeKind,
  channel: NoticeChannel,
  now: number,
  note: string | null = null,
  whileOpen = false,
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO order_notifications (order_id, kind, channel, claimed_at, error)
     SELECT $1, $2, $3, $4, $5
      WHERE NOT $6::boolean OR EXISTS (SELECT 1 FROM orders WHERE id = $1 AND status IN ('active', 'in_service'))
     ON CONFLICT DO NOTHING RETURNING order_id`,
    [orderId, kind, channel, iso(now), note, whileOpen],
  );
  return rows.length > 0;
}

/** Stops turn-alert SMS to a number (a second stop changes nothing). */
export async function stopTurnSms(q: Queryable, phone: string, now: number): Promise<void> {
  await q.query('INSERT INTO sms_opt_outs (phone, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [phone, iso(now)]);
}

/** Records how a claimed notice went: sent, or the error (it is not retried: at most once). */
export async function settleNotice(
  q: Queryable,
  orderId: number,
  kind: NoticeKind,
  channel: NoticeChannel,
  now: number,
  error: string | null,
): Promise<void> {
  await q.query('UPDATE order_notifications SET sent_at = $4, error = $5 WHERE order_id = $1 AND kind = $2 AND channel = $3', [
    orderId,
    kind,
    channel,
    error ? null : iso(now),
    error,
  ]);
}

/** Forgets a push token FCM called dead, unless the customer has set a new one meanwhile. */
export async function forgetPushToken(q: Queryable, customerId: number, token: string): Promise<void> {
  await q.query('UPDATE customers SET fcm_token = NULL WHERE id = $1 AND fcm_token = $2', [customerId, token]);
}

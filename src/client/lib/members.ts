/** Membership, messages, benefits and receipts. */
import { UNREAD_MESSAGE_MONTHS } from '../../shared/constants.ts';
import type { WireBenefit, WireMessage } from '../../shared/wire-account.ts';
import type { ReceiptRow } from './types.ts';

// Membership's queue priority is the first route's (the session), in a module of its own.
export { isMember, membershipPriority, type MembershipLevel } from './membership.ts';

/** Same day one calendar month earlier, clamped to the month's end (31 Mar → 29 Feb, not 2 Mar). */
function monthsBefore(now: Date, months: number): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(
    y,
    m,
    Math.min(now.getUTCDate(), last),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
    now.getUTCMilliseconds(),
  );
}

/** Unread: neither flagged read by the server nor read locally, and less than one month old. */
export function isUnread(message: Pick<WireMessage, 'id' | 'read' | 'date'>, readIds: ReadonlySet<number>, now: Date): boolean {
  if (message.read || readIds.has(message.id)) return false;
  const t = Date.parse(message.date);
  return Number.isFinite(t) && t > monthsBefore(now, UNREAD_MESSAGE_MONTHS);
}

export function unreadCount(messages: readonly Pick<WireMessage, 'id' | 'read' | 'date'>[], readIds: readonly number[], now: Date): number {
  const read = new Set(readIds);
  return messages.filter((m) => isUnread(m, read, now)).length;
}

/** Redeemable benefits first, then oldest issued first. */
export function sortBenefits<T extends Pick<WireBenefit, 'isRedeemable' | 'dateIssued'>>(benefits: readonly T[]): T[] {
  return [...benefits].sort(
    (a, b) => Number(b.isRedeemable) - Number(a.isRedeemable) || Date.parse(a.dateIssued) - Date.parse(b.dateIssued),
  );
}

export type BenefitState = 'redeemed' | 'redeemable' | 'not-redeemable';

export function benefitState(b: Pick<WireBenefit, 'isRedeemable' | 'dateRedeemed'>): BenefitState {
  if (b.dateRedeemed) return 'redeemed';
  return b.isRedeemable ? 'redeemable' : 'not-redeemable';
}

/**
 * The receipt's VAT column: one rate for every row shows that percent; mixed rates show each row's
 * VAT amount (cents) instead, since a single percent would be wrong for some rows.
 */
export type VatColumn = { kind: 'percent'; values: number[] } | { kind: 'amount'; values: number[] };

export function vatColumn(rows: readonly Pick<ReceiptRow, 'vat' | 'vat_amount'>[]): VatColumn {
  const same = rows.every((r) => r.vat === rows[0]?.vat);
  return same ? { kind: 'percent', values: rows.map((r) => r.vat) } : { kind: 'amount', values: rows.map((r) => r.vat_amount) };
}

/** Total in cents; prices already include VAT, so nothing is added on top. A row's price is per unit. */
export function receiptTotal(rows: readonly Pick<ReceiptRow, 'price' | 'amount'>[]): number {
  return rows.reduce((sum, r) => sum + r.price * r.amount, 0);
}

/** The VAT contained in the total, in cents: a row's vat_amount already covers its whole amount. */
export function receiptVat(rows: readonly Pick<ReceiptRow, 'vat_amount'>[]): number {
  return rows.reduce((sum, r) => sum + r.vat_amount, 0);
}

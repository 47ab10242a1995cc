/**
 * The order calls, through the one HTTP wrapper with the bearer token (so a 401/422 may
 * refresh once). State modules call these; screens never do.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import type { WireOrder, WireOrderInput, WireOrderPatch, WireQuote } from '../../shared/wire-order.ts';
import { request } from './http.ts';

const base = (customerId: number) => `/customers/${customerId}/orders/`;
/** Where a call goes and the UI language its answer names the services in (an order keeps them as sold, in one). */
export interface OrderCallsIn {
  locale: Locale;
  language: Language;
}
const inLanguage = (at: OrderCallsIn) => `?lang=${at.language}`;

/**
 * POST the order with its Idempotency-Key: one key per send, the same key when the same send is
 * retried, so a join whose answer was lost is answered again instead of being refused as a second order.
 */
export const createOrder = (at: OrderCallsIn, customerId: number, body: WireOrderInput, idempotencyKey: string) =>
  request<WireOrder>(at.locale, `${base(customerId)}${inLanguage(at)}`, {
    method: 'POST',
    body,
    auth: true,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** What the join of exactly this body would be told now; places nothing (the review's quote). */
export const quoteOrder = (locale: Locale, customerId: number, body: WireOrderInput) =>
  request<WireQuote>(locale, `/customers/${customerId}/quote/`, { method: 'POST', body, auth: true });

/** A new Idempotency-Key: a UUID where the browser has randomUUID (secure contexts only), else 128 random bits. */
export function newIdempotencyKey(
  cryptoApi: Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>> | undefined = globalThis.crypto,
): string {
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  if (typeof cryptoApi?.getRandomValues === 'function')
    return Array.from(cryptoApi.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  // No Web Crypto at all: still unique enough per customer for a day.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** The key of a send: the previous one when the body is the same (a retry of that send), else a new one. */
export function keyForSend(
  previous: { key: string; body: string } | null,
  body: string,
  make: () => string = newIdempotencyKey,
): { key: string; body: string } {
  return previous && previous.body === body ? previous : { key: make(), body };
}

export const fetchOrder = (at: OrderCallsIn, customerId: number, orderId: number, signal?: AbortSignal) =>
  request<WireOrder>(at.locale, `${base(customerId)}${orderId}/${inLanguage(at)}`, { auth: true, signal });

export const patchOrder = (at: OrderCallsIn, customerId: number, orderId: number, body: WireOrderPatch) =>
  request<WireOrder>(at.locale, `${base(customerId)}${orderId}/${inLanguage(at)}`, { method: 'PATCH', body, auth: true });

/** The move to another shop of the chain (docs/decisions.md, "A shorter queue nearby"): 201 with the new order, the old one cancelled. */
export interface MoveInput {
  pob_id: number;
  /** When he expects to be at the other shop, minutes from now. */
  eta_minutes?: number;
}

export const moveOrder = (at: OrderCallsIn, customerId: number, orderId: number, body: MoveInput) =>
  request<WireOrder>(at.locale, `${base(customerId)}${orderId}/move/${inLanguage(at)}`, { method: 'POST', body, auth: true });

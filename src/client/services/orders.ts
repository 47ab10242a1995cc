/**
 * The order calls of SPEC.md §7, through the one HTTP wrapper with the bearer token (so a 401/422 may
 * refresh once). State modules call these; screens never do.
 */
import type { Locale } from '../../shared/locales.ts';
import type { WireOrder, WireOrderInput, WireOrderPatch } from '../../shared/wire-order.ts';
import { request } from './http.ts';

const base = (customerId: number) => `/customers/${customerId}/orders/`;

export const createOrder = (locale: Locale, customerId: number, body: WireOrderInput) =>
  request<WireOrder>(locale, base(customerId), { method: 'POST', body, auth: true });

export const fetchOrder = (locale: Locale, customerId: number, orderId: number, signal?: AbortSignal) =>
  request<WireOrder>(locale, `${base(customerId)}${orderId}/`, { auth: true, signal });

export const patchOrder = (locale: Locale, customerId: number, orderId: number, body: WireOrderPatch) =>
  request<WireOrder>(locale, `${base(customerId)}${orderId}/`, { method: 'PATCH', body, auth: true });

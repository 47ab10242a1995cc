/**
 * Pure rules of building and sending an order: the selection of services and their extras, the build status, totals,
 * the low-wait threshold, the POST items, and which send error a server text is.
 */
import { ITEM_AMOUNT, LOW_WAIT_MINUTES, MAX_ORDER_EXTRAS, MAX_ORDER_ITEMS } from '../../shared/constants.ts';
import type { WireOrderItemInput } from '../../shared/wire-order.ts';
import type { Extra, Service } from './types.ts';

export interface Selection {
  /** In the order the customer chose them. */
  serviceIds: number[];
  /** Service id → chosen extra ids, sorted by the extras' order; a service without extras has no entry. */
  extraServiceIds: Record<number, number[]>;
}

export const EMPTY_SELECTION: Selection = { serviceIds: [], extraServiceIds: {} };

/** idle: nothing chosen; pending: editing; accepted: the review is open. */
export type BuildStatus = 'idle' | 'pending' | 'accepted';
export type SendStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';
export type SendError = 'timeslot' | 'unknown';

function withoutKey(map: Record<number, number[]>, key: number): Record<number, number[]> {
  const next = { ...map };
  delete next[key];
  return next;
}

/** Removing a service removes its extras too. */
export function removeService(sel: Selection, serviceId: number): Selection {
  if (!sel.serviceIds.includes(serviceId)) return sel;
  return { serviceIds: sel.serviceIds.filter((id) => id !== serviceId), extraServiceIds: withoutKey(sel.extraServiceIds, serviceId) };
}

/** Whether another service can be added: the server takes at most MAX_ORDER_ITEMS in one order. */
export const isFull = (sel: Selection) => sel.serviceIds.length >= MAX_ORDER_ITEMS;

export function toggleService(sel: Selection, serviceId: number): Selection {
  if (sel.serviceIds.includes(serviceId)) return removeService(sel, serviceId);
  if (isFull(sel)) return sel;
  return { ...sel, serviceIds: [...sel.serviceIds, serviceId] };
}

/**
 * Toggles an extra (a sub-option) of a service, choosing the service too when it was not chosen. Several
 * extras only where the service allows multiple options; otherwise the new one replaces the old. The list
 * stays sorted by the extras' order, and a list that becomes empty is dropped.
 */
export function toggleExtra(
  sel: Selection,
  service: Pick<Service, 'id' | 'multiple'>,
  extraId: number,
  extras: readonly Pick<Extra, 'id' | 'order'>[],
): Selection {
  const current = sel.extraServiceIds[service.id] ?? [];
  const added = !sel.serviceIds.includes(service.id);
  // Past the limits (services in the order, extras under one service) nothing is added.
  if (added && isFull(sel)) return sel;
  const serviceIds = added ? [...sel.serviceIds, service.id] : sel.serviceIds;
  let chosen: number[];
  if (current.includes(extraId)) chosen = current.filter((id) => id !== extraId);
  else if (service.multiple && current.length >= MAX_ORDER_EXTRAS) return sel;
  else chosen = service.multiple ? [...current, extraId] : [extraId];
  const order = new Map(extras.map((e) => [e.id, e.order]));
  chosen.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const extraServiceIds = chosen.length ? { ...sel.extraServiceIds, [service.id]: chosen } : withoutKey(sel.extraServiceIds, service.id);
  return { serviceIds, extraServiceIds };
}

export const isEmpty = (sel: Selection) => sel.serviceIds.length === 0;

/** idle → pending once a service is added, back to idle when the last one is removed; accepted stays. */
export function statusAfter(status: BuildStatus, sel: Selection): BuildStatus {
  if (isEmpty(sel)) return 'idle';
  return status === 'idle' ? 'pending' : status;
}

export interface OrderLine {
  service: Service;
  extras: Extra[];
}

/** The chosen services with their chosen extras (sorted by order); ids the shop no longer lists are skipped. */
export function orderLines(
  sel: Selection,
  services: readonly Service[],
  extrasByService: Readonly<Record<number, readonly Extra[]>>,
): OrderLine[] {
  const byId = new Map(services.map((s) => [s.id, s]));
  return sel.serviceIds.flatMap((id) => {
    const service = byId.get(id);
    if (!service) return [];
    const list = extrasByService[id] ?? [];
    const chosen = new Set(sel.extraServiceIds[id] ?? []);
    return [{ service, extras: list.filter((e) => chosen.has(e.id)).sort((a, b) => a.order - b.order) }];
  });
}

export interface Totals {
  /** Cents. */
  price: number;
  /** Minutes. */
  duration: number;
  services: number;
  extras: number;
}

export function orderTotals(lines: readonly OrderLine[]): Totals {
  return lines.reduce<Totals>(
    (t, { service, extras }) => ({
      price: t.price + service.price + extras.reduce((a, e) => a + e.price, 0),
      duration: t.duration + service.duration + extras.reduce((a, e) => a + e.duration, 0),
      services: t.services + 1,
      extras: t.extras + extras.length,
    }),
    { price: 0, duration: 0, services: 0, extras: 0 },
  );
}

/** POST items: every service and extra with amount 1, the service's info as the client saw it. */
export function orderItems(lines: readonly OrderLine[]): WireOrderItemInput[] {
  return lines.map(({ service, extras }) => ({
    amount: ITEM_AMOUNT,
    service_id: service.id,
    service_info: { duration: service.duration, group_id: service.groupId, id: service.id, price: service.price, title: service.title },
    extra_services: extras.map((e) => ({ amount: ITEM_AMOUNT, service_id: e.id, title: e.title })),
  }));
}

/** A known wait under 5 minutes asks the customer to confirm before accepting. */
export function isLowWait(wait: number | null | undefined): boolean {
  return typeof wait === 'number' && Number.isFinite(wait) && wait < LOW_WAIT_MINUTES;
}

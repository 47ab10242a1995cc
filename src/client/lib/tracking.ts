/**
 * Pure rules of the tracking screen: the order as the screen reads it (a party's people too), which statuses end it,
 * the check-in label, when stepping out is offered, and when the message changes.
 */
import type { WireOrder, WireOrderExtra, WireOrderService, WirePartyPerson } from '../../shared/wire-order.ts';
import { queueMessage, type QueueMessage } from './queue-message.ts';
import type { LatLng, Shop } from './types.ts';

/** 'unknown' stands for a status this client does not know yet: seen, but not an end. */
export type OrderStatus = 'active' | 'cancelled' | 'serviced' | 'no-show' | 'unknown';

export interface OrderExtra {
  id: number;
  amount: number;
  name: string;
  description: string;
  order: number;
  price: number; // cents
  duration: number; // minutes
}

export interface OrderService extends OrderExtra {
  groupName: string;
  extraServices: OrderExtra[];
}

export interface TrackedOrder {
  orderId: number;
  userId: number;
  date: string;
  barbershopId: number;
  status: OrderStatus;
  /** The barber has started: still 'active' on the wire. */
  inService: boolean;
  checkedIn: boolean;
  /** Wait in minutes; null when unknown. */
  queue: number | null;
  /** The likely window of queue (8 of 10 are served within it); null when the server sends none. */
  queueLow: number | null;
  queueHigh: number | null;
  ahead: number;
  shop: { name: string; address: string; city: string; coords: LatLng };
  barber: { id: number; name: string } | null;
  services: OrderService[];
  price: number;
  duration: number;
  /** When the server expects the customer at the shop (epoch ms); null when it does not say. */
  expectedAt: number | null;
  /** The server holds his turn for his arrival: it comes about at expectedAt. */
  waitsForArrival: boolean;
  /**
   * When the server tells him to leave (epoch ms; the alert's and the console's moment); null when there is none,
   * undefined from a server that does not say (the phone then counts it itself).
   */
  leaveBy?: number | null;
  /** Everyone of the order, the customer first (one entry alone, none from a server before parties). */
  party: PartyPerson[];
  /** Minutes until the last of the party is likely done, and its window; null when nobody waits or not told. */
  partyDone: number | null;
  partyDoneLow: number | null;
  partyDoneHigh: number | null;
  /** Stepped out: when he said he would be back (epoch ms); null when he is not out. */
  steppedOutUntil: number | null;
  /** How many more times he may step out (0 from a server before stepping out). */
  stepOutsLeft: number;
}

const STATUSES: readonly OrderStatus[] = ['active', 'cancelled', 'serviced', 'no-show'];
const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const orNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const when = (v: unknown) => (typeof v === 'string' && Number.isFinite(Date.parse(v)) ? Date.parse(v) : null);

export function toOrderStatus(status: unknown): OrderStatus {
  return STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : 'unknown';
}

/** A service or an extra as sold: the fields both share. */
function line(e: WireOrderExtra): OrderExtra {
  return {
    id: e.id,
    amount: num(e.amount, 1),
    name: e.title,
    description: e.description ?? '',
    order: num(e.order),
    price: num(e.price),
    duration: num(e.duration),
  };
}

const service = (s: WireOrderService): OrderService => ({
  ...line(s),
  groupName: s.group_name ?? '',
  extraServices: [...(s.extra_services ?? [])].sort(byOrder).map(line),
});

/** One person of a party as the screen reads him (docs/decisions.md, "Parties and stepping out"). */
export interface PartyPerson {
  /** 0 the customer, 1–4 his companions. */
  person: number;
  name: string;
  status: OrderStatus;
  inService: boolean;
  queue: number | null;
  queueLow: number | null;
  queueHigh: number | null;
  barber: string | null;
  services: OrderService[];
  price: number;
  duration: number;
}

export function toPartyPerson(p: WirePartyPerson): PartyPerson {
  return {
    person: num(p.person),
    name: p.name ?? '',
    status: toOrderStatus(p.status),
    inService: p.in_service === true,
    queue: typeof p.queue === 'number' && Number.isFinite(p.queue) ? Math.max(0, Math.round(p.queue)) : null,
    queueLow: orNull(p.queue_low),
    queueHigh: orNull(p.queue_high),
    barber: p.barber?.name ?? null,
    services: [...(p.services ?? [])].sort(byOrder).map(service),
    price: num(p.price),
    duration: num(p.duration),
  };
}

/** A party is more than the customer: a solo order (or a server from before parties) has none to show. */
export const isParty = (people: readonly PartyPerson[]) => people.length > 1;

/**
 * Whether a person still counts in the party: not taken off (cancelled) and not marked absent by the shop (no-show).
 * The party's count, total and receipt are of these.
 */
export const stillInParty = (p: Pick<PartyPerson, 'status'>) => p.status !== 'cancelled' && p.status !== 'no-show';

/** A companion may be taken off while he waits, not once in the chair. */
export const canTakeOff = (p: PartyPerson) => p.person > 0 && p.status === 'active' && !p.inService;

/** When the first of the party starts: 0 when one is in the chair, else the shortest wait among those waiting. */
export function firstStart(people: readonly PartyPerson[]): number | null {
  const active = people.filter((p) => p.status === 'active');
  if (active.some((p) => p.inService)) return 0;
  const waits = active.map((p) => p.queue).filter((q): q is number => q !== null);
  return waits.length ? Math.min(...waits) : null;
}

export function toTrackedOrder(w: WireOrder): TrackedOrder {
  return {
    orderId: w.id,
    userId: w.customer_id,
    date: w.date,
    barbershopId: w.pob_id,
    status: toOrderStatus(w.status),
    inService: w.in_service === true,
    checkedIn: w.customer_at_pob === true,
    queue: typeof w.queue === 'number' && Number.isFinite(w.queue) ? Math.max(0, Math.round(w.queue)) : null,
    queueLow: typeof w.queue_low === 'number' && Number.isFinite(w.queue_low) ? w.queue_low : null,
    queueHigh: typeof w.queue_high === 'number' && Number.isFinite(w.queue_high) ? w.queue_high : null,
    ahead: Math.max(0, num(w.ahead)),
    shop: {
      name: w.pob?.name ?? '',
      address: w.pob?.address ?? '',
      city: w.pob?.city ?? '',
      coords: { lat: num(w.pob?.location?.latitude, NaN), lng: num(w.pob?.location?.longitude, NaN) },
    },
    barber: w.barber ? { id: w.barber.id, name: w.barber.name } : null,
    services: [...(w.services ?? [])].sort(byOrder).map(service),
    price: num(w.price),
    duration: num(w.duration),
    expectedAt: when(w.expected_at),
    waitsForArrival: w.waits_for_arrival === true,
    ...('leave_by' in w && { leaveBy: when(w.leave_by) }),
    party: (w.party ?? []).map(toPartyPerson).sort((a, b) => a.person - b.person),
    partyDone: orNull(w.party_done),
    partyDoneLow: orNull(w.party_done_low),
    partyDoneHigh: orNull(w.party_done_high),
    steppedOutUntil: when(w.stepped_out_until),
    stepOutsLeft: Math.max(0, num(w.step_outs_left)),
  };
}

/** Cancelled, serviced and no-show end the order; the active order is then cleared. */
export function isEnded(status: OrderStatus): boolean {
  return status === 'cancelled' || status === 'serviced' || status === 'no-show';
}

/** 'check in early' while the queue is unknown or above 0, else 'check in'. */
export function checkInLabel(queue: number | null): 'early' | 'now' {
  return queue === null || queue > 0 ? 'early' : 'now';
}

/** Stepping out is offered after check-in and before service, while he has step-outs left and is not out already. */
export function canStepOut(o: Pick<TrackedOrder, 'status' | 'inService' | 'checkedIn' | 'steppedOutUntil' | 'stepOutsLeft'>): boolean {
  return o.status === 'active' && o.checkedIn && !o.inService && o.steppedOutUntil === null && o.stepOutsLeft > 0;
}

/** Leaving is offered only while the order waits: active and not yet in the chair. */
export function canLeave(order: Pick<TrackedOrder, 'status' | 'inService'>): boolean {
  return order.status === 'active' && !order.inService;
}

/**
 * The message after a refresh: chosen by the change in wait (queue-message.ts). A refresh that leaves a
 * non-zero wait as it was keeps the current message, so an 'increase' text does not vanish after 30 s.
 */
export function nextMessage(
  current: QueueMessage,
  prev: number | null,
  next: number | null,
  random: () => number = Math.random,
): QueueMessage {
  const chosen = queueMessage(prev, next, random);
  if (chosen.kind === 'neutral' && prev !== null && prev === next) return current;
  return chosen;
}

/** The neutral text's flavour: 'verySoon' when the turn is a few minutes away. */
export function neutralKey(queue: number | null): 'neutral' | 'verySoon' {
  return queue !== null && queue > 0 && queue < 5 ? 'verySoon' : 'neutral';
}

/** The order's shop as a map needs it (ShopMapDialog): its marker shows the order's wait. */
export function shopOfOrder(o: TrackedOrder, country: string): Shop {
  return {
    id: o.barbershopId,
    name: o.shop.name,
    city: o.shop.city,
    address: o.shop.address,
    country,
    open: true,
    openingHours: null,
    openTime: null,
    closeTime: null,
    closingSoon: false,
    coords: o.shop.coords,
    queue: o.queue,
    queueState: 'open',
    chairCount: 0,
    isTest: false,
  };
}

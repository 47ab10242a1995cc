/**
 * Client entities: what the screens and state hold after the mappers have turned the
 * server's wire payloads (src/shared/wire.ts) into camel-cased, display-ready values.
 */
import type { Extra, Service, ServiceGroup } from '../../shared/menu.ts';
import type { QueueState, WireOpenTime } from '../../shared/wire.ts';
import type { WireReceiptRow } from '../../shared/wire-account.ts';

export type { Extra, Service, ServiceGroup } from '../../shared/menu.ts';
export type { QueueState } from '../../shared/wire.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

export type ShopCardState = 'taking-orders' | 'full' | 'closed' | 'unknown';

/** Shop list item. */
export interface Shop {
  id: number;
  name: string;
  city: string;
  address: string;
  country: string;
  open: boolean;
  /** Today's hours, null when the shop does not open today. */
  openingHours: { open: string; close: string } | null;
  openTime: string | null; // "HH:MM"
  closeTime: string | null; // "HH:MM"
  closingSoon: boolean;
  coords: LatLng;
  /** Wait in minutes for this customer's priority, null when unknown. */
  queue: number | null;
  /** Its likely window (8 of 10 are served within it), null when the server sends none. */
  queueLow?: number | null;
  queueHigh?: number | null;
  queueState: QueueState | null;
  chairCount: number;
  isTest: boolean;
}

export interface BarberQueue {
  barber: { id: number; name: string; image: string | null };
  waitTime: number | null;
  waitLow: number | null;
  waitHigh: number | null;
  queueOpen: boolean;
}

export interface ShopDetail extends Shop {
  image: string | false;
  floor: string | null;
  notices: string[];
  serviceGroups: ServiceGroup[];
  services: Service[];
  /** Keyed by service id, each list sorted by order. */
  extraServices: Record<number, Extra[]>;
  queues: BarberQueue[];
  openTimes: WireOpenTime[];
}

export interface Shift {
  id: number;
  date: string; // YYYY-MM-DD
  start: string; // ISO timestamp
  end: string; // ISO timestamp
  pobId: number | null;
  pobName: string;
}

export interface BarberShop {
  id: number;
  name: string;
  address: string;
  city: string;
}

export interface Barber {
  id: number;
  firstname: string;
  lastname: string;
  fullName: string;
  /** Already resolved between avatar and image (see barberImage). */
  image: string | null;
  description: string;
  status: 'active' | 'inactive';
  shifts: Shift[];
  barbershop: BarberShop | null;
  activePob: BarberShop | null;
  pobId: number | null;
}

export interface Membership {
  type: string | null;
  priority?: number | null;
  begin_date?: string | null;
  end_date?: string | null;
  credits?: number;
  wp_prem_credits?: number;
  wp_prod_credits?: number;
}

/** Receipt row as the server sends it: price per unit, vat_amount per row (see WireReceiptRow). */
export type ReceiptRow = WireReceiptRow;

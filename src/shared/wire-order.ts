/**
 * Wire types of the customer's order: joining (his items, his companions), the order as he follows it and its party,
 * his own changes, moving it to another shop, and the quote of a join before it. Field names are the server's.
 */

/** POST /customers/{id}/orders/ body item. service_info is the client's copy; the server reads ids only. */
export interface WireOrderItemInput {
  amount: 1;
  service_id: number;
  service_info?: { duration: number; group_id: number; id: number; price: number; title: string };
  /** service_id here is the extra service's id. */
  extra_services?: { amount: 1; service_id: number; title?: string }[];
}

export interface WireOrderInput {
  pob_id: number;
  barber_id?: number | null;
  items: WireOrderItemInput[];
  /** When the customer expects to be at the shop, minutes from now (integer 0–180). */
  eta_minutes?: number;
  /** The people who come with him (a party): at most partyMax − 1 of them (config.json, setting PARTY_MAX). */
  companions?: WireCompanionInput[];
}

/** A companion in a join: his own name or label, services and extras (the per-person limits), barber or anyone. */
export interface WireCompanionInput {
  /** 1–30 characters after trimming, no control characters ("Son"). */
  name: string;
  items: WireOrderItemInput[];
  barber_id?: number | null;
}

/**
 * PATCH /customers/{id}/orders/{orderId}/ body: one of these (eta_minutes: "Running late?", 409 after check-in).
 * cancel with person N (1–4) takes that companion off and leaves the rest; without it everyone leaves.
 * step_out_minutes (10, 20 or 30): after check-in and before service, the party steps out and keeps its place;
 * customer_at_pob while stepped out is "I'm back".
 */
export type WireOrderPatch =
  | { customer_at_pob: true }
  | { cancel: true; person?: number }
  | { eta_minutes: number }
  | { step_out_minutes: number };

/** One person of an order's party: the customer first (person 0), then his companions in the order given. */
export interface WirePartyPerson {
  /** 0 the customer, 1–4 his companions in the order given; never renumbered (a companion taken off stays, cancelled). */
  person: number;
  name: string;
  status: WireOrderStatus;
  in_service: boolean;
  /** His own wait in minutes and its window, as WireOrder's queue; null when ended or not servable today. */
  queue: number | null;
  queue_low?: number | null;
  queue_high?: number | null;
  /** The barber serving him, else the one chosen for him; null for anyone. */
  barber: WireOrderBarber | null;
  services: WireOrderService[];
  price: number; // cents, his services and extras
  duration: number; // minutes listed
}

/** On the wire, waiting and in service are both 'active'; in_service tells them apart. */
export type WireOrderStatus = 'active' | 'cancelled' | 'serviced' | 'no-show';

export interface WireOrderExtra {
  id: number;
  amount: number;
  title: string;
  description: string;
  order: number;
  price: number; // cents, as sold
  duration: number; // minutes
}

export interface WireOrderService {
  id: number;
  amount: number;
  title: string;
  description: string;
  order: number;
  price: number; // cents, the service alone, as sold
  duration: number; // minutes, the service alone
  group_id: number;
  group_name: string;
  extra_services: WireOrderExtra[];
}

export interface WireOrderBarber {
  id: number;
  name: string; // first name and last initial
  image: string | null;
}

/** POST /customers/{id}/orders/ →, GET and PATCH /customers/{id}/orders/{orderId}/ → */
/** POST /customers/{id}/orders/{orderId}/move/ → 201 WireOrder (the new order at the other shop). */
export interface WireMoveOrder {
  pob_id: number;
  /** Minutes until the customer expects to be at the other shop (0–MAX_ETA_MINUTES); absent or null: not said. */
  eta_minutes?: number | null;
}

export interface WireOrder {
  id: number;
  customer_id: number;
  pob_id: number;
  pob: { id: number; name: string; address: string; city: string; location: { latitude: number; longitude: number } };
  status: WireOrderStatus;
  in_service: boolean;
  customer_at_pob: boolean;
  /** Current wait in minutes from the queue engine: 0 in service, null when ended or not servable today. */
  queue: number | null;
  /** The likely window of queue (minutes; 8 of 10 customers are served within it); null with queue. Optional. */
  queue_low?: number | null;
  queue_high?: number | null;
  /** Customers ahead in the queue (0 in service or ended). */
  ahead: number;
  /** The wait quoted when the order was placed. */
  quoted_wait: number | null;
  /** The window told at join beside quoted_wait; null on orders from before it was kept. Optional. */
  quoted_low?: number | null;
  quoted_high?: number | null;
  /** When the customer is expected at the shop (ISO; null once checked in or when not known). Optional: older servers leave it out. */
  expected_at?: string | null;
  /**
   * The engine holds his turn for his arrival (a barber would be free before he is there): the turn comes about
   * at expected_at. Optional: older servers leave it out.
   */
  waits_for_arrival?: boolean;
  /**
   * When a customer on his way should leave to arrive as the low end of his window comes (ISO, whole minutes, never
   * before the current minute; the moment of the "time to leave" alert and of the console's expected arrival); null
   * at the shop, in service or without a window. Optional: older servers leave it out.
   */
  leave_by?: string | null;
  date: string; // ISO, when the order joined the queue
  started_at: string | null;
  finished_at: string | null;
  /** The barber serving the order, else the one chosen; null for anyone. */
  barber: WireOrderBarber | null;
  chosen_barber_id: number | null;
  services: WireOrderService[];
  price: number; // cents, total
  duration: number; // minutes, total listed
  /**
   * Everyone of the order, the customer first; services, price and duration above are the customer's own.
   * Optional: servers from before parties leave it out.
   */
  party?: WirePartyPerson[];
  /** Minutes from now until the last of the party is likely done, and its window; null when nobody waits. */
  party_done?: number | null;
  party_done_low?: number | null;
  party_done_high?: number | null;
  /** Stepped out: when he said he would be back (ISO); null otherwise. */
  stepped_out_until?: string | null;
  /** How many more times this order may step out (setting STEP_OUTS_PER_ORDER). */
  step_outs_left?: number;
}

/**
 * POST /customers/{id}/quote/ → : what a join of exactly this body would be told now, placing nothing (the body is
 * the join's, WireOrderInput). The fields are named as the order's.
 */
export interface WireQuote {
  pob_id: number;
  /** The membership priority the quote is for: the token's customer's, as the join would take it. */
  priority: number;
  /** The customer's wait, minutes, and its likely window. */
  queue: number;
  queue_low: number | null;
  queue_high: number | null;
  /** Customers ahead of him. */
  ahead: number;
  /** When the shop would expect him (ISO), as the join's expected_at; null when planned as present. */
  expected_at: string | null;
  /** When to leave to be there at the low end of his window (ISO); null at the shop or without a trip. */
  leave_by: string | null;
  /** The barber the engine plans him with (his choice, or whoever is free first). */
  barber_id: number | null;
  /** Cents and listed minutes of his own services, as the join prices them. */
  price: number;
  duration: number;
  /** Everyone quoted, the customer first (person 0): each one's wait and window. */
  party: { person: number; queue: number; queue_low: number | null; queue_high: number | null }[];
  party_done: number | null;
  party_done_low: number | null;
  party_done_high: number | null;
  /** The shop's queue version the quote was read at, and when (ISO): a join at another version may answer otherwise. */
  queue_version: number;
  quoted_at: string;
}

/**
 * Wire types of the queue: the customer's order calls and the shop's operator API. Field names are the server's.
 */
import type { WirePobDetail } from './wire.ts';

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

/** GET /operator/pobs/{id}/queue/ → : the shop's floor for the operator. */
export interface WireOperatorQueue {
  pob: {
    id: number;
    name: string;
    open: boolean;
    full: boolean;
    queue_state: 'open' | 'closed' | 'full';
    closing_soon: boolean;
    queue_version: number;
    /**
     * The wait a walk-in (no membership, anyone) is quoted now, with its window: the shop list's figure, from the
     * same plan; null unless the queue is open. Optional: older servers leave it out.
     */
    wait_time?: number | null;
    wait_low?: number | null;
    wait_high?: number | null;
  };
  barbers: {
    id: number;
    name: string;
    image: string | null;
    on_shift: boolean;
    shifts: { start: string; end: string }[];
    speed: number;
    serving: number | null; // order id
    wait_time: number | null; // a new customer choosing this barber
    wait_low?: number | null;
    wait_high?: number | null;
    queue_open: boolean;
    /** The start of the service in progress, and when the engine expects it to end. */
    serving_since: string | null;
    expected_finish: string | null;
    /** The waiting order the engine plans next for him. */
    next_order: number | null;
    /** The end of the break he is on now, or null. */
    on_break_until: string | null;
  }[];
  orders: WireOperatorOrder[];
}

/** A paired device's role: a console acts, a display only shows. */
export type DeviceRole = 'console' | 'display';

/** GET /operator/pobs/{id}/devices/ (and the owner's GET /operator/owner/devices/) → an entry. */
export interface WireDevice {
  id: number;
  name: string;
  role: PairedRole;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

/** A paired browser's role: a shop's device, or one of the chain owner's (of no shop). */
export type PairedRole = DeviceRole | 'owner';

/** POST /operator/pairing/ → the device's own key (shown once) and who it is (the owner's: pob_id null). */
export interface WirePairedDevice {
  key: string;
  role: PairedRole;
  pob_id: number | null;
  device_id: number;
  name: string;
}

/** GET /operator/me/ → who the bearer is: the shop's own key (no device), a paired device, or the chain owner's (no shop). */
export interface WireOperatorMe {
  pob_id: number | null;
  pob_name: string | null;
  role: 'shop' | PairedRole;
  device_id: number | null;
  name: string | null;
}

/** POST /operator/pobs/{id}/walk-ins/ body (the server reads it with input/orders.ts parseWalkIn). */
export interface WireWalkIn {
  name: string;
  services: { service_id: number; amount: 1; extra_services: number[] }[];
  barber_id: number | null;
  phone?: string;
}

/** The shop's menu as the console's walk-in form reads it from GET /pobs/{id}/. */
export type WireWalkInMenu = Pick<WirePobDetail, 'services' | 'extra_services'>;

/** POST /operator/pobs/{id}/pairing-codes/ (and the owner's, made on the server's machine) → */
export interface WirePairingCode {
  code: string;
  role: PairedRole;
  expires_at: string;
}

/** GET /operator/pobs/{id}/stats/ → today and week, each of these (the honesty shares by queue/engine/accuracy.ts). */
export interface WireShopStats {
  served: number;
  waiting: number;
  no_shows: number;
  walk_ins: number;
  remote_joins: number;
  mean_wait_minutes: number | null;
  mean_quoted_minutes: number | null;
  mean_actual_minutes: number | null;
  within_10_share: number | null;
  waited_longer_share: number | null;
  /** Served more than 10 minutes sooner than quoted: with the two above, adds up to 1. Optional: older servers. */
  served_sooner_share?: number | null;
  /**
   * Over the started orders told a window at join: the shares served before its low end, inside it and after its
   * high end (adding up to 1), and its mean width in minutes. Optional: servers from before the window leave them out.
   */
  before_window_share?: number | null;
  in_window_share?: number | null;
  past_window_share?: number | null;
  mean_window_minutes?: number | null;
  /**
   * Orders of the period that moved in from another shop of the chain, and that moved out to one (a later order
   * moved from them). Optional: servers from before moves leave them out.
   */
  moved_in?: number;
  moved_out?: number;
}

export interface WireOperatorOrder {
  id: number;
  name: string; // walk-in name, or the customer's first name and last initial
  customer: boolean; // placed through the app
  status: 'waiting' | 'in_service';
  priority: number;
  customer_at_pob: boolean;
  chosen_barber_id: number | null;
  /** Serving barber, or the barber the engine plans. */
  barber_id: number | null;
  joined_at: string;
  started_at: string | null;
  /** Engine's planned start (waiting) or expected end (in service). */
  start: string | null;
  expected_end: string | null;
  wait: number | null;
  /** The window of wait, as his phone shows it; null with it. Optional: older servers leave them out. */
  wait_low?: number | null;
  wait_high?: number | null;
  /** Place in the order of service (0 = next): by the wait each is told, so a place never waits longer than the next. */
  position: number | null;
  duration: number;
  /** His services' names as sold, each followed by its extras' (in the operator's language when asked). */
  services: string[];
  /**
   * The same services by id, in the same order, each with its extras' ids: the items of the desk's change
   * (PATCH /operator/orders/{id}/ services), so the console's change dialog opens with what he has. Optional: older
   * servers leave it out. `title`: the service's name as sold (the change dialog names one no longer on the menu).
   */
  items?: { service_id: number; title?: string; extra_services: number[] }[];
  /** 'app': joined from the customer's phone; 'desk': a walk-in. */
  source: 'app' | 'desk';
  /** When the customer was first seen at the shop (check-in or start), or null. */
  checked_in_at: string | null;
  /** When the engine expects the customer at the shop; null once checked in (or a desk order planned as present). */
  expected_at: string | null;
  /** When his phone tells him to leave (WireOrder.leave_by); null at the shop. Optional: older servers. */
  leave_by?: string | null;
  /** For "Mikko K.": the first name, and the last name's initial without the dot (null when there is none). */
  first_name: string;
  last_initial: string | null;
  /** Membership level the order was placed with, 0–3; null for an anonymous walk-in. */
  membership: number | null;
  /** A desk order linked to an account by the customer's phone. */
  phone_linked: boolean;
  /**
   * A party: companions' orders name their customer's order (party_of) and their number (person 1–4); the
   * customer's own order has person 0 and party_size, the people still in it. Optional: older servers.
   */
  party_of?: number | null;
  person?: number;
  party_size?: number;
  /** Stepped out: when he said he would be back (ISO); null otherwise. */
  stepped_out_until?: string | null;
  /** From when the shop may mark a stepped-out order a no-show (back time + STEP_OUT_GRACE_MINUTES); null otherwise. */
  no_show_from?: string | null;
}

/**
 * POST /operator/orders/{id}/start/, finish/, check-in/, no-show/ → : the order's state after the change. status
 * carries the server's own names (in_service apart from active), unlike the customer's WireOrderStatus.
 */
export interface WireOrderState {
  id: number;
  pob_id: number;
  status: 'active' | 'in_service' | 'serviced' | 'cancelled' | 'no-show';
  barber_id: number | null;
  customer_at_pob: boolean;
  started_at: string | null;
  finished_at: string | null;
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

/** GET /operator/chain/ (and its `chain` stream) → one row per shop, for the chain owner (server/live/chain-rows.ts). */
export interface WireChainShop {
  id: number;
  name: string;
  open: boolean;
  queue_state: 'open' | 'closed' | 'full';
  /** When today's hours end (ISO), null when closed for the rest of today. */
  closes_at: string | null;
  chairs: number;
  barbers_on_shift: number;
  /** Waiting and at the shop (checked in, or a desk order) / waiting and not there yet. */
  waiting_present: number;
  waiting_on_way: number;
  in_service: number;
  /** The shortest wait a walk-in gets now (any open barber), with its window; null when none takes one. */
  wait: { minutes: number; low: number | null; high: number | null } | null;
  /**
   * The wait a new customer of each priority (0 one-time, 1 silver, 2 gold, 3 platinum) gets now choosing anyone, with
   * its window: the shop's own figures (its page's service_time_estimates). Empty while the shop takes no one.
   */
  waits: { priority: number; minutes: number; low: number | null; high: number | null }[];
  /** Its wait is over CHAIN_FLAG_WAIT_MINUTES while the shops of nearby_room (within NEARBY_RADIUS_M) wait under it. */
  crowded: boolean;
  nearby_room: number[];
  figures: { today: WireShopStats; week: WireShopStats };
}

export interface WireChain {
  pobs: WireChainShop[];
}

/**
 * The chain stream's `chain-rows` event: what changed since the frame of version `from` (the `id` of the stream's
 * `chain` event, or of the `chain-rows` before it): the shops whose row changed, whole (a changed crowded flag
 * included), and the shops gone. A client merges the rows by id; one whose version is not `from` missed a frame
 * and reopens the stream (its first event is the whole chain again).
 */
export interface WireChainRows {
  from: number;
  version: number;
  pobs: WireChainShop[];
  removed: number[];
}

/** A shift of a shop (POST/PATCH /operator/pobs/{id}/shifts/… answer it). */
export interface WireShift {
  id: number;
  barber_id: number;
  start: string;
  end: string;
}

/** GET /operator/pobs/{id}/shifts/ → the shop's plan for today and the next 14 days (server/operator/shifts.ts). */
export interface WireShiftPlan {
  pob_id: number;
  /** The shop's time zone: the days and times are its local ones. */
  timezone: string;
  /** Today first; opens/closes "HH:MM", null when closed that day. */
  days: { date: string; opens: string | null; closes: string | null }[];
  /** The barbers who may be planned, the shop's own (`here`) first. */
  barbers: { id: number; name: string; here: boolean }[];
  shifts: WireShift[];
}

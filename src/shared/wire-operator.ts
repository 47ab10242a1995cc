/**
 * Wire types of the shop's console (the operator API): the floor, each order on it and an action's answer, a
 * walk-in and the menu its form reads, the shop's figures, and the shifts planned ahead. Field names are the server's.
 */
import type { WirePobDetail } from './wire.ts';

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

/** POST /operator/pobs/{id}/walk-ins/ body (the server reads it with input/orders.ts parseWalkIn). */
export interface WireWalkIn {
  name: string;
  services: { service_id: number; amount: 1; extra_services: number[] }[];
  barber_id: number | null;
  phone?: string;
}

/** The shop's menu as the console's walk-in form reads it from GET /pobs/{id}/. */
export type WireWalkInMenu = Pick<WirePobDetail, 'services' | 'extra_services'>;

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

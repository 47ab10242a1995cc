/**
 * Wire types of the chain owner's view: one row per shop with its figures, and the chain stream's changed rows.
 * Field names are the server's.
 */
import type { WireShopStats } from './wire-operator.ts';

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

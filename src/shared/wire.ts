/**
 * Wire types: the JSON bodies of the API, with the server field names.
 * Both sides import these; neither side's internals appear here.
 */
import type { DevRenames } from './dev-renames.ts';

export type QueueState = 'open' | 'closed' | 'full';

/** Opening hours of one weekday, local shop time. weekday: 1 = Monday … 7 = Sunday. */
export interface WireOpenTime {
  weekday: number;
  open: string; // "HH:MM"
  close: string; // "HH:MM"
}

/** Wait a new customer of a given membership priority would get (0 none, 1 Silver, 2 Gold, 3 Platinum). */
export interface WireServiceTimeEstimate {
  priority: number;
  /** Minutes. A queue that is not open (queue_state closed or full) sends 0 where there is no wait, so the app's
   * shop state function reads its state; null only when an open queue cannot take this priority today. */
  wait_time: number | null;
  /**
   * The likely window of wait_time (minutes, 8 of 10 customers are served within it); null without a wait.
   * Optional: servers from before the window leave it out.
   */
  wait_low?: number | null;
  wait_high?: number | null;
}

/** GET /pobs/ item. */
export interface WirePob {
  id: number;
  name: string;
  city: string;
  address: string;
  country: string;
  open: boolean; // open right now
  open_times: WireOpenTime[]; // every weekday the shop opens
  closing_soon: boolean;
  location: { latitude: number; longitude: number };
  service_time_estimates: WireServiceTimeEstimate[];
  queue_state: QueueState;
  queue_info: { queue_employees: number; queue_length: number };
  chair_count: number;
  is_test?: boolean;
}

export interface WireServiceGroup {
  id: number;
  title: string;
  order: number;
  description: string;
  parent_id: number | null;
}

/** What a service and an extra both carry. */
interface WireMenuItem {
  id: number;
  title: string;
  order: number;
  description: string;
  long_description: string;
  price: number; // cents
  duration: number; // minutes
  /** The chain's key for this service or extra, the same at every shop that offers it (null: none given). */
  catalogue_key?: string | null;
}

export interface WireService extends WireMenuItem {
  group_id: number;
  multiple: boolean; // several options may be chosen
}

export interface WireExtraService extends WireMenuItem {
  service_id: number;
}

/** One barber's queue at a shop: the wait of a new customer who picks this barber. */
export interface WireQueue {
  barber: { id: number; name: string; image: string | null };
  wait_time: number | null;
  /** The likely window of wait_time, as in WireServiceTimeEstimate. shortest_queue's window is its queue's. */
  wait_low?: number | null;
  wait_high?: number | null;
  queue_open: boolean;
  /**
   * The same wait for a new customer of each priority 0..3 who picks this barber (optional, beside the spec's
   * fields, which are priority 0's), in priority order (index = priority): the app shows a member his own wait on the chip.
   */
  waits?: { priority: number; wait_time: number | null; wait_low: number | null; wait_high: number | null }[];
}

/** GET /pobs/{id}/ */
export interface WirePobDetail extends WirePob {
  image: string | false;
  floor: string | null;
  notices: string[];
  service_groups: WireServiceGroup[];
  services: WireService[];
  extra_services: Record<string, WireExtraService[]>; // keyed by service id
  shortest_queue: number | null; // minutes
  queues: WireQueue[];
}

export interface WireShift {
  id: number;
  date: string; // YYYY-MM-DD, shop local date
  start: string; // ISO timestamp
  end: string; // ISO timestamp
  pob_id: number;
  pob_name: string;
}

export interface WireActivePob {
  id: number;
  name: string;
  address: string;
  city: string;
}

/** GET /employees/ item and GET /employees/{id}/ */
export interface WireEmployee {
  id: number;
  firstname: string;
  lastname: string;
  full_name: string;
  image: string | null;
  has_image: boolean;
  avatar: string | null;
  avatar_active: boolean;
  has_avatar: boolean;
  description: string;
  status: 'active' | 'inactive';
  shifts: WireShift[];
  barbershop: WireActivePob | null; // the shop the barber works at today
  pob_id: number | null;
  active_pob: WireActivePob | null;
}

/** GET /config.json: runtime configuration. */
export interface WireConfig {
  apiBases: Record<string, string>; // locale → base URL
  mapsKey: string | null;
  firebase: Record<string, string> | null;
  vapidKey: string | null;
  allowedLanguages: string[];
  bonusLocales: string[];
  teaserLocales: string[];
  development: boolean;
  /** Error and analytics events one device may send a minute. */
  clientEventsPerMinute: number;
  /** Shop id → name, city, address; the client applies it in development mode only. */
  devRenames: DevRenames;
  /** When the app offers the chain's other shop with a shorter queue (absent from an older server: no offer). */
  nearby?: WireNearby;
  /** People in one order at most, the customer included (setting PARTY_MAX). Absent: no parties. */
  partyMax?: number;
  /** Minutes a checked-in customer may step out for, and how many times per order (STEP_OUTS_PER_ORDER). */
  stepOutMinutes?: number[];
  stepOutsPerOrder?: number;
}

/** The offer's thresholds (settings NEARBY_*). */
export interface WireNearby {
  /** Another shop within this many metres of the customer (of this shop when his position is unknown). */
  radiusMeters: number;
  /** In the chair at least this many minutes sooner there, trip counted. */
  gainMinutes: number;
  /** The condition holds this many seconds before the offer shows. */
  holdSeconds: number;
  /** A shown offer stays until the gain falls this many minutes below gainMinutes. */
  marginMinutes: number;
}

/** POST /client-events/: error reports and analytics events, batched. Texts are scrubbed (shared/scrub.ts). */
export interface WireClientEvent {
  kind: 'error' | 'analytics';
  /** error: 'error' | 'unhandledrejection' | 'render'; analytics: the event's name. */
  name: string;
  /** Epoch ms on the device. */
  at: number;
  /** The path of the screen (no query string). */
  route: string;
  message?: string;
  stack?: string;
  props?: Record<string, string | number | boolean | null>;
}

export interface WireClientEvents {
  build: string;
  events: WireClientEvent[];
}

/** Every 4xx/5xx body. */
export interface WireError {
  error: string;
  field?: string;
}

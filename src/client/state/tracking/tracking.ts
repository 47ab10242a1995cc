/**
 * Following the active order: the order starts from the answer of joining (no second fetch), follows the order's event
 * stream while visible (state/live.ts) and refreshes every 30 s whenever the stream is not delivering (paused while
 * hidden), when the active order changes, and again soon after a rejected fetch; check in; leave with a confirm; the
 * message chosen by the change in wait; and when the order ends or disappears, the active order is cleared
 * and / follows. Screens read the followed order from here (and what they show of it from tracking-view.ts); the
 * other files of state/tracking/ change it.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { REFRESH_MS, RETURN_HOME_MS } from '../../../shared/constants.ts';
import type { WireOrder } from '../../../shared/wire-order.ts';
import type { QueueMessage } from '../../lib/queue-message.ts';
import { isEnded, nextMessage, toTrackedOrder, type TrackedOrder } from '../../lib/tracking.ts';
import { loc, navigate } from '../../router/history.ts';
import { ApiError } from '../../services/http.ts';
import { load, save } from '../../services/storage.ts';
import * as api from '../../services/orders.ts';
import { noteActiveOrder } from '../account.ts';
import { language, locale, localeInfo } from '../i18n.ts';
import { formatClock } from '../../lib/format.ts';
import { intlOfLanguage as intlOf } from '../../lib/shop-detail.ts';
import { follow } from '../live.ts';
import { orderStreamUrl } from '../../services/live.ts';
import { activeRenames } from '../prefs.ts';
import { renameShop } from '../../../shared/dev-renames.ts';
import { activeOrderId, sync, user } from '../session.ts';

/** First retry after a rejected fetch; each further failure doubles it, up to the 30 s refresh. */
export const RETRY_MS = 5_000;

const NEUTRAL: QueueMessage = { kind: 'neutral', index: 0 };

export const order = signal<TrackedOrder | null>(null);
export const fetchStatus = signal<'idle' | 'loading' | 'fulfilled' | 'rejected'>('idle');
export const message = signal<QueueMessage>(NEUTRAL);
export const checkInStatus = signal<'idle' | 'pending' | 'error'>('idle');
export const leaveStatus = signal<'idle' | 'confirm' | 'pending'>('idle');
/** Set by a successful leave . */
export const canceled = signal(false);
/** The order ended or disappeared: the screen says so while / is 500 ms away. */
export const ended = signal(false);
export const receiptOpen = signal(false);

/** "Running late?": closed, choosing a new arrival, or sending it. */
export const lateStatus = signal<'idle' | 'choosing' | 'pending'>('idle');
/** The arrival this phone gave for its order (at join or when running late), for a server that does not send expected_at. */
export const givenArrival = signal<{ orderId: number; at: number } | null>(null);

/** When the customer is expected at the shop: the server's word, else what this phone gave for the same order. */
export const expectedAt = computed(() => {
  const o = order.value;
  if (!o) return null;
  if (o.expectedAt !== null) return o.expectedAt;
  const given = givenArrival.value;
  return given && given.orderId === o.orderId ? given.at : null;
});

/** A moment as the customer's language writes the time of day (14.20, 14:20), in the shop's time zone. */
export const clock = (at: number) => formatClock(at, intlOf(language.value), localeInfo.value.timezone);

/** The arrival this phone gave for an order (joining with an ETA, or "Running late?"), kept across a reload. */
export function noteExpected(orderId: number, at: number) {
  givenArrival.value = { orderId, at };
  void save('arrival', { orderId, at });
}

/** The stored arrival of the tracked order, when this phone has none in memory (after a reload). */
async function restoreArrival() {
  if (givenArrival.peek()) return;
  const stored = await load<{ orderId: unknown; at: unknown }>('arrival');
  if (givenArrival.peek() || !stored || typeof stored.orderId !== 'number' || typeof stored.at !== 'number' || !Number.isFinite(stored.at))
    return;
  givenArrival.value = { orderId: stored.orderId, at: stored.at };
}

let seq = 0;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let homeTimer: ReturnType<typeof setTimeout> | undefined;
/** When joining handed its answer over: tracking starting within a refresh period does not fetch it again. */
let handedOverAt: number | null = null;

/** The order is over (ended, cancelled, or gone): clear it and return to / after 500 ms. */
function finish() {
  if (ended.peek()) return;
  ended.value = true;
  forgetArrival();
  clearTimeout(retryTimer);
  // A non-active status clears the active order (until the next profile sync says so too).
  if (activeOrderId.peek() !== null) noteActiveOrder(null);
  clearTimeout(homeTimer);
  homeTimer = setTimeout(() => {
    // The customer may have gone elsewhere meanwhile; only tracking hands over to the gate.
    if (loc.peek().path === '/tracking') navigate('/', { replace: true });
  }, RETURN_HOME_MS);
}

function apply(w: WireOrder) {
  // Development renaming shows the shop under its demo name here too.
  const next = toTrackedOrder(w.pob ? { ...w, pob: renameShop(w.pob_id, w.pob, activeRenames.peek()) } : w);
  const prev = order.peek();
  const sameOrder = prev?.orderId === next.orderId;
  batch(() => {
    message.value = nextMessage(sameOrder ? message.peek() : NEUTRAL, sameOrder ? prev.queue : null, next.queue);
    order.value = next;
    fetchStatus.value = 'fulfilled';
  });
  if (isEnded(next.status)) finish();
}

/** Joining's POST answers the new order: tracking starts from it, and its first refresh comes in 30 s. */
export function handOver(w: WireOrder) {
  clearTracking();
  apply(w);
  handedOverAt = Date.now();
}

let refollow: (() => void) | null = null;
/** While tracking runs: follows the active order again from its own stream (a move handed another one over). */
export function followAgain() {
  refollow?.();
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  const delay = Math.min(REFRESH_MS, RETRY_MS * 2 ** failures);
  failures++;
  retryTimer = setTimeout(() => void refreshOrder(), delay);
}

/** Fetches the active order; a 404/403 means it is gone, other failures retry soon. */
export async function refreshOrder(): Promise<void> {
  const u = user.peek();
  const id = activeOrderId.peek();
  if (!u || ended.peek()) return;
  if (id === null) {
    // Decided only once the profile sync is done: a stored profile may still be on its way.
    if (sync.peek() !== 'syncing' && sync.peek() !== 'idle') finish();
    return;
  }
  const mine = ++seq;
  if (order.peek()?.orderId !== id) fetchStatus.value = 'loading';
  try {
    const w = await api.fetchOrder({ locale: locale.peek(), language: language.peek() }, u.id, id);
    if (mine !== seq) return;
    failures = 0;
    clearTimeout(retryTimer);
    apply(w);
  } catch (err) {
    if (mine !== seq || (err as Error).name === 'AbortError') return;
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return finish();
    // A lost login (401/422) is handled by the auth bridge, which leaves this page.
    if (err instanceof ApiError && (err.status === 401 || err.status === 422)) return;
    fetchStatus.value = 'rejected';
    scheduleRetry();
  }
}

/** An order the stream sent: the same answer as a refresh, so it counts as one (an older refresh on its way is dropped). */
function streamed(w: WireOrder) {
  if (!user.peek() || ended.peek() || w.id !== activeOrderId.peek()) return;
  seq++;
  failures = 0;
  clearTimeout(retryTimer);
  apply(w);
}

/**
 * Starts following the order; returns the stop. A change of the profile's active order id (a sync on
 * visibility, a login) is a status change: refetch, and with no active order left, end here.
 */
export function startTracking(): () => void {
  if (order.peek() && order.peek()!.orderId !== activeOrderId.peek()) clearTracking();
  const fresh = handedOverAt !== null && Date.now() - handedOverAt < REFRESH_MS && order.peek()?.orderId === activeOrderId.peek();
  handedOverAt = null;
  ended.value = false;
  void restoreArrival();
  // The order's stream while visible (a new ticket per connection), the 30 s refresh whenever it is not delivering.
  const open = (immediate: boolean) =>
    follow<WireOrder>({
      run: () => refreshOrder(),
      everyMs: REFRESH_MS,
      immediate,
      event: 'order',
      url: async () => {
        const u = user.peek();
        const id = activeOrderId.peek();
        if (!u || id === null || ended.peek()) return null;
        return orderStreamUrl(locale.peek(), u.id, id, language.peek());
      },
      onData: streamed,
    });
  let stopPoll = open(!fresh);
  // Another order handed over while here (a move): its own stream from now on.
  refollow = () => {
    stopPoll();
    stopPoll = open(false);
  };
  let first = true;
  const stopWatch = effect(() => {
    const id = activeOrderId.value;
    const s = sync.value;
    if (first) {
      first = false;
      return;
    }
    if (s === 'syncing') return;
    if (id !== (order.peek()?.orderId ?? null) || id === null) void refreshOrder();
  });
  return () => {
    refollow = null;
    stopPoll();
    stopWatch();
    seq++;
    clearTimeout(retryTimer);
  };
}

/** An answer of the customer's own change (check in, running late, leave): it supersedes any refresh on its way. */
export function applyChange(w: WireOrder) {
  seq++;
  apply(w);
}

/** The order is over by the customer's own doing (he left). */
export function finishOrder() {
  finish();
}

export function toggleReceipt() {
  receiptOpen.value = !receiptOpen.peek();
}

/** Forgets the tracked order (cleared when there is no active order). */
export function clearTracking() {
  seq++;
  failures = 0;
  handedOverAt = null;
  clearTimeout(retryTimer);
  batch(() => {
    order.value = null;
    fetchStatus.value = 'idle';
    message.value = NEUTRAL;
    checkInStatus.value = 'idle';
    leaveStatus.value = 'idle';
    lateStatus.value = 'idle';
    receiptOpen.value = false;
    ended.value = false;
  });
}

export function reset() {
  clearTimeout(homeTimer);
  clearTracking();
  canceled.value = false;
  forgetArrival();
}

/** The order is over: its arrival is forgotten on this phone too. */
function forgetArrival() {
  givenArrival.value = null;
  void save('arrival', null);
}

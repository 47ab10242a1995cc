/**
 * Building and sending an order on the shop page: the selection, Next (the login dialog when logged out, the under-5-minutes confirm), the
 * review, the POST, the 750 ms redirect to /tracking, and the send errors with their notices and analytics.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { ERROR_NOTICE_MS, REDIRECT_AFTER_SEND_MS } from '../../shared/constants.ts';
import type { WireOrderInput } from '../../shared/wire-order.ts';
import * as rules from '../lib/order.ts';
import { serverTextKey } from '../lib/account.ts';
import type { BuildStatus, Selection, SendError, SendStatus } from '../lib/order.ts';
import type { Service } from '../lib/types.ts';
import { loc, navigate, overlay } from '../router/history.ts';
import { closeOverlay, openOverlay } from '../router/overlay.ts';
import { clearDraft } from '../services/session-draft.ts';
import { track } from '../services/analytics.ts';
import { ApiError } from '../services/http.ts';
import * as api from '../services/orders.ts';
import { noteActiveOrder } from './account.ts';
import { language, locale, t } from './i18n.ts';
import { notify } from './notices.ts';
import { activeOrderId, loggedIn, user } from './session.ts';
import { pageState, selectBarber, selectedQueue, wait } from './shop-page.ts';
import { shop } from './shops.ts';
import { etaMinutes, resetEta } from './eta.ts';
import { handOver, noteExpected } from './tracking.ts';
import { checkIn } from './tracking-actions.ts';
import { companionsBody, resetParty, validate as validateParty } from './party.ts';

/** The review's layer over the shop page (router/history.ts): an entry of its own, so Back closes it. */
export const REVIEW = 'review';

export const barbershop = signal<number | null>(null);
export const selection = signal<Selection>(rules.EMPTY_SELECTION);
export const status = signal<BuildStatus>('idle');
export const sending = signal<SendStatus>('idle');
/**
 * The wait the review shows once the order is sent: the wait quoted when Join was pressed, then the joined order's
 * own. The shop's live wait must not replace it: as the join commits, the shop's next-joiner wait counts this
 * customer too (32 became 78 while the order itself waited 31).
 */
export const sentWait = signal<number | null>(null);
export const error = signal<SendError | null>(null);
export const errorMessage = signal<string | null>(null);
/** The id of the order the server accepted last (also stored under 'order'). */
export const orderId = signal<number | null>(null);
/** The flow's dialog on top of the page: the login form or the low-wait confirm (the review is 'accepted'). */
export const dialog = signal<'login' | 'low-wait' | null>(null);

export const serviceIds = computed(() => selection.value.serviceIds);
export const extraServiceIds = computed(() => selection.value.extraServiceIds);
/** Only a barber whose queue is open is sent; otherwise the order goes to anyone, as the wait shows. */
export const barber = computed(() => (selectedQueue.value?.queueOpen ? selectedQueue.value.barber.id : null));
export const loading = computed(() => sending.value === 'pending');
export const lines = computed(() => {
  const s = shop.value;
  return s ? rules.orderLines(selection.value, s.services, s.extraServices) : [];
});
export const totals = computed(() => rules.orderTotals(lines.value));
/** The order holds as many services as the server takes (MAX_ORDER_ITEMS): no other service can be added. */
export const full = computed(() => rules.isFull(selection.value));
/**
 * The customer is already in a queue (the server keeps one open order per customer): the page offers tracking
 * instead of building another order. The order this page has just sent is not another one.
 */
export const activeElsewhere = computed(() => activeOrderId.value !== null && sending.value !== 'fulfilled');
/** Only a shop taking orders lets the customer edit; nothing changes while sending or after, nor with an active order. */
export const editable = computed(
  () => pageState.value === 'taking-orders' && !activeElsewhere.value && sending.value !== 'pending' && sending.value !== 'fulfilled',
);

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

function setSelection(next: Selection) {
  batch(() => {
    selection.value = next;
    status.value = rules.statusAfter(status.peek(), next);
  });
}

export function toggleService(serviceId: number) {
  if (editable.peek()) setSelection(rules.toggleService(selection.peek(), serviceId));
}

export function removeService(serviceId: number) {
  if (editable.peek()) setSelection(rules.removeService(selection.peek(), serviceId));
}

export function toggleExtra(service: Pick<Service, 'id' | 'multiple'>, extraId: number) {
  if (!editable.peek()) return;
  const extras = shop.peek()?.extraServices[service.id] ?? [];
  setSelection(rules.toggleExtra(selection.peek(), service, extraId, extras));
}

/** A selection carried from another shop (lib/nearby-menu.ts): put in place as if picked, unless an order is active. */
export function preselect(next: Selection) {
  if (!activeElsewhere.peek() && !rules.isEmpty(next)) setSelection(next);
}

export function accept() {
  if (rules.isEmpty(selection.peek())) return;
  status.value = 'accepted';
  openOverlay(REVIEW);
}

/** After login (or when already logged in): the low-wait confirm first when the wait is under 5 minutes. */
function proceed() {
  if (rules.isEmpty(selection.peek()) || !editable.peek()) return;
  if (rules.isLowWait(wait.peek())) dialog.value = 'low-wait';
  else accept();
}

/** Next: the review when logged in, else the login dialog, after which the flow goes on. */
export function next() {
  if (rules.isEmpty(selection.peek()) || !editable.peek()) return;
  if (!loggedIn.peek()) dialog.value = 'login';
  else proceed();
}

export function loginSucceeded() {
  if (dialog.peek() === 'login') dialog.value = null;
  proceed();
}

/** The login dialog's close: called after a success too, when another dialog may already be open. */
export function closeLogin() {
  if (dialog.peek() === 'login') dialog.value = null;
}

export function confirmLowWait() {
  dialog.value = null;
  accept();
}

export function cancelLowWait() {
  dialog.value = null;
}

/** Going back in the review: editing again, with the selection kept. */
export function backToEditing() {
  if (sending.peek() === 'pending' || sending.peek() === 'fulfilled') return;
  status.value = rules.isEmpty(selection.peek()) ? 'idle' : 'pending';
  closeOverlay(REVIEW);
}

function failed(err: unknown) {
  const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  const kind = rules.sendErrorKind(message);
  batch(() => {
    sending.value = 'rejected';
    error.value = kind;
    errorMessage.value = message;
    // Back to editing, the selection kept.
    status.value = rules.isEmpty(selection.peek()) ? 'idle' : 'pending';
  });
  track('error', kind === 'timeslot' ? { type: 'timeSlot' } : { type: 'sendOrder', message });
  // A lost login has its own notice on the login page; this one must not cover it.
  if (!user.peek()) return;
  if (kind === 'timeslot')
    notify({ kind: 'error', title: t('order.errors.timeslot.title'), text: t('order.errors.timeslot.text') }, ERROR_NOTICE_MS);
  else {
    // A wire-contract text (src/shared/wire-errors.ts: one open order, a 503 while busy …) or a 429 in the customer's language.
    const known = serverTextKey(message) ?? (err instanceof ApiError && err.status === 429 ? 'account.tooMany' : null);
    notify(
      {
        kind: 'error',
        title: t('order.errors.unknown.title'),
        text: t('order.errors.unknown.code', { message: (known && t(known)) || message }),
      },
      ERROR_NOTICE_MS,
    );
  }
}

/** Sends the accepted order; on success tracks the confirmation and goes to /tracking after 750 ms. */
export async function sendOrder(): Promise<boolean> {
  const s = shop.peek();
  const u = user.peek();
  const chosen = lines.peek();
  if (!s || !u || !chosen.length || sending.peek() === 'pending' || sending.peek() === 'fulfilled') return false;
  // A companion without a name or services stops the send where his section says why.
  if (!validateParty()) return false;
  const barberId = barber.peek();
  const eta = etaMinutes.peek();
  const companions = companionsBody();
  const body: WireOrderInput = {
    pob_id: s.id,
    items: rules.orderItems(chosen),
    ...(barberId !== null ? { barber_id: barberId } : {}),
    ...(eta !== null ? { eta_minutes: eta } : {}),
    ...(companions ? { companions } : {}),
  };
  batch(() => {
    sending.value = 'pending';
    sentWait.value = wait.peek();
    error.value = null;
    errorMessage.value = null;
  });
  // One Idempotency-Key per send, kept after a failure so that sending the same order again is its retry.
  lastSend = api.keyForSend(lastSend, JSON.stringify(body));
  try {
    const answer = await api.createOrder({ locale: locale.peek(), language: language.peek() }, u.id, body, lastSend.key);
    lastSend = null;
    batch(() => {
      sending.value = 'fulfilled';
      if (typeof answer.queue === 'number') sentWait.value = answer.queue;
      if (answer.status !== 'active') return;
      orderId.value = answer.id;
      // The gate, the floating button and tracking follow the joined order; tracking starts from this answer.
      noteActiveOrder(answer.id, s.id);
      handOver(answer);
      if (eta) noteExpected(answer.id, Date.now() + eta * 60_000);
    });
    // "I'm here": the customer is at the shop, so the new order is checked in at once (as tracking's check-in does).
    if (eta === 0 && answer.status === 'active' && !answer.customer_at_pob) void checkIn();
    const sum = totals.peek();
    track('queue-confirmation', {
      pob_id: s.id,
      order_id: answer.id,
      barber_id: barberId,
      services: sum.services,
      extras: sum.extras,
      price: sum.price,
      duration: sum.duration,
      wait: answer.queue ?? null,
    });
    // The order is placed: its draft is done with.
    clearDraft();
    clearTimeout(redirectTimer);
    // Tracking takes the review's entry: Back from tracking is the shop page, not a review of a sent order.
    redirectTimer = setTimeout(() => navigate('/tracking', { replace: overlay.peek() === REVIEW }), REDIRECT_AFTER_SEND_MS);
    return true;
  } catch (err) {
    failed(err);
    return false;
  }
}

/** The Idempotency-Key of the last send that got no answer, with the body it went with (a retry reuses it). */
let lastSend: { key: string; body: string } | null = null;

/** Resets the whole order state (not the pending redirect, nor the stored order id). */
export function clearOrder() {
  lastSend = null;
  resetEta();
  resetParty();
  batch(() => {
    barbershop.value = null;
    selection.value = rules.EMPTY_SELECTION;
    status.value = 'idle';
    sending.value = 'idle';
    sentWait.value = null;
    error.value = null;
    errorMessage.value = null;
    dialog.value = null;
  });
}

/**
 * Entering the shop page: a new shop starts a new order, and `?barber={id}` (the barber page's join
 * button) preselects that barber. Call after enterShopPage, which may clear the barber. Returns the leave.
 */
export function enterOrder(idParam: string | undefined): () => void {
  const id = Number(idParam);
  if (barbershop.peek() !== id) clearOrder();
  barbershop.value = Number.isInteger(id) ? id : null;
  const wanted = new URLSearchParams(loc.peek().search).get('barber');
  if (wanted && /^\d+$/.test(wanted)) selectBarber(Number(wanted));
  // Back (or a closed layer) took the review's entry away: the review closes, the order kept.
  const stopReview = effect(() => {
    if (overlay.value !== REVIEW && status.peek() === 'accepted') backToEditing();
  });
  return () => {
    stopReview();
    clearOrder();
    // Left for another screen: the review's layer went with the page.
    if (overlay.peek() === REVIEW) overlay.value = null;
  };
}

export function reset() {
  clearTimeout(redirectTimer);
  clearDraft();
  clearOrder();
  orderId.value = null;
}

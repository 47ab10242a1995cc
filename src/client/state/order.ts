/**
 * Building an order on the shop page: the selection, Next (the login dialog when logged out, the under-5-minutes
 * confirm), the review; the send itself is state/order-send.ts's, loaded with the review.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import * as rules from '../lib/order.ts';
import type { BuildStatus, Selection, SendError, SendStatus } from '../lib/order.ts';
import type { Service } from '../lib/types.ts';
import { loc, overlay } from '../router/history.ts';
import { closeOverlay, openOverlay } from '../router/overlay.ts';
import { clearDraft } from '../services/session-draft.ts';
import { activeOrderId, loggedIn } from './session.ts';
import { pageState, selectBarber, selectedQueue, wait } from './shop-page.ts';
import { shop } from './shops.ts';
import { resetEta } from './eta-choice.ts';
import { resetParty } from './party.ts';

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

/**
 * What a send leaves for the next (state/order-send.ts): the Idempotency-Key of the last send that got no answer,
 * with the body it went with (a retry reuses it), and the timer of the move to tracking.
 */
export const sendMemo: { last: { key: string; body: string } | null; redirect: ReturnType<typeof setTimeout> | undefined } = {
  last: null,
  redirect: undefined,
};

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

/** What "Go there" (state/nearby-shop.ts) carries to the other shop's page until its menu is in. */
let carried: { shopId: number; selection: Selection } | null = null;

/** Carries `selection` to shop `shopId`'s page, where it is put in place once the menu is in. */
export function carry(shopId: number, selection: Selection) {
  carried = { shopId, selection };
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

/** Resets the whole order state (not the pending redirect, nor the stored order id). */
export function clearOrder() {
  sendMemo.last = null;
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
  // Another shop's order goes. None (a fresh start, or left cleared): a tap the app took while the page was hydrating,
  // before this ran, stays (components/early-taps.ts).
  const before = barbershop.peek();
  if (before !== null && before !== id) clearOrder();
  barbershop.value = Number.isInteger(id) ? id : null;
  const wanted = new URLSearchParams(loc.peek().search).get('barber');
  if (wanted && /^\d+$/.test(wanted)) selectBarber(Number(wanted));
  // A selection carried from another shop's offer is put in place once this shop's menu is in.
  const stopCarry = effect(() => {
    const s = shop.value;
    if (!carried || !s || s.id !== carried.shopId) return;
    const sel = carried.selection;
    carried = null;
    preselect(sel);
  });
  // Back (or a closed layer) took the review's entry away: the review closes, the order kept.
  const stopReview = effect(() => {
    if (overlay.value !== REVIEW && status.peek() === 'accepted') backToEditing();
  });
  return () => {
    stopCarry();
    stopReview();
    clearOrder();
    // Left for another screen: the review's layer went with the page.
    if (overlay.peek() === REVIEW) overlay.value = null;
  };
}

export function reset() {
  carried = null;
  clearTimeout(sendMemo.redirect);
  clearDraft();
  clearOrder();
  orderId.value = null;
}

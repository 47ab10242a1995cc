/**
 * Sending the accepted order (the review's Join): the POST, the hand-over to tracking and the 750 ms move there, and
 * the send errors with their notices and analytics. Loaded with the review, not with the shop page.
 */
import { batch, computed } from '@preact/signals-react';
import { ERROR_NOTICE_MS, REDIRECT_AFTER_SEND_MS } from '../../shared/constants.ts';
import type { WireOrderInput } from '../../shared/wire-order.ts';
import * as rules from '../lib/order.ts';
import { sendErrorKind } from '../lib/send-error.ts';
import { navigate, overlay } from '../router/history.ts';
import { track } from '../services/analytics.ts';
import { ApiError } from '../services/http.ts';
import * as api from '../services/orders.ts';
import { clearDraft } from '../services/session-draft.ts';
import { noteActiveOrder } from './account.ts';
import { language, locale, t } from './i18n.ts';
import { notify } from './notices.ts';
import { barber, error, errorMessage, lines, orderId, REVIEW, selection, sending, sendMemo, sentWait, status, totals } from './order.ts';
import { user } from './session.ts';
import { isOffline, reasonOf } from './failure.ts';
import { wait } from './shop-page.ts';
import { shop } from './shops.ts';
import { etaMinutes } from './eta.ts';
import { handOver, noteExpected } from './tracking/tracking.ts';
import { checkIn } from './tracking/tracking-actions.ts';
import { companions, companionsBody, validate as validateParty } from './party.ts';
import { confirmQuote } from './quote.ts';

function failed(err: unknown) {
  const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  const kind = sendErrorKind(message);
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
    // Offline says so; a wire-contract text (src/shared/wire-errors.ts: one open order, a 503 while busy …) or a 429
    // in the customer's language; anything else as its code.
    const reason = reasonOf(err);
    notify(
      {
        kind: 'error',
        title: t('order.errors.unknown.title'),
        text: isOffline(err) && reason ? reason : t('order.errors.unknown.code', { message: reason || message }),
      },
      ERROR_NOTICE_MS,
    );
  }
}

/** The join's body as the review would send it now (null: no shop or nothing chosen). The quote asks for the same. */
export const reviewBody = computed(() => {
  // Read to follow them: the body is made from their current values.
  void [shop.value, lines.value, barber.value, etaMinutes.value, companions.value];
  return joinBody();
});

export function joinBody(): WireOrderInput | null {
  const s = shop.peek();
  const chosen = lines.peek();
  if (!s || !chosen.length) return null;
  const barberId = barber.peek();
  const eta = etaMinutes.peek();
  const party = companionsBody();
  return {
    pob_id: s.id,
    items: rules.orderItems(chosen),
    ...(barberId !== null ? { barber_id: barberId } : {}),
    ...(eta !== null ? { eta_minutes: eta } : {}),
    ...(party ? { companions: party } : {}),
  };
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
  const body = joinBody()!;
  sending.value = 'pending';
  // The quote asked for at this press (state/quote.ts): when the queue has moved past the window shown, the review
  // shows the new figure and the customer confirms again; nothing is sent.
  const quoted = await confirmQuote({ locale: locale.peek(), customerId: u.id }, body);
  if (quoted === 'changed') {
    sending.value = 'idle';
    return false;
  }
  batch(() => {
    sentWait.value = quoted?.queue ?? wait.peek();
    error.value = null;
    errorMessage.value = null;
  });
  // One Idempotency-Key per send, kept after a failure so that sending the same order again is its retry.
  sendMemo.last = api.keyForSend(sendMemo.last, JSON.stringify(body));
  try {
    const answer = await api.createOrder({ locale: locale.peek(), language: language.peek() }, u.id, body, sendMemo.last.key);
    sendMemo.last = null;
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
    clearTimeout(sendMemo.redirect);
    // Tracking takes the review's entry: Back from tracking is the shop page, not a review of a sent order.
    sendMemo.redirect = setTimeout(() => navigate('/tracking', { replace: overlay.peek() === REVIEW }), REDIRECT_AFTER_SEND_MS);
    return true;
  } catch (err) {
    failed(err);
    return false;
  }
}

/**
 * The order draft on the shop page (docs/decisions.md, "The order draft"): what the customer chose (services, extras,
 * barber, the party's names and choices, the arrival) is kept for the tab's session as he chooses it, until the
 * order is placed or emptied, and put back when the page opens again for the same shop: after a reload, or Back from
 * the review or from another screen. A draft read against a menu that changed since keeps what still exists and
 * says what was dropped. A reload of the review opens the review again.
 */
import { batch, effect, untracked } from '@preact/signals-react';
import { draftHoldsSomething, isDraft, makeDraft, restoreDraft } from '../lib/draft.ts';
import { isEmpty } from '../lib/order.ts';
import { dropOverlay, reopenedOverlay } from '../router/overlay.ts';
import { clearDraft, readDraft, writeDraft } from '../services/session-draft.ts';
import { etaChoice } from './eta-choice.ts';
import { t } from './i18n.ts';
import { notify } from './notices.ts';
import { barbershop, editable, REVIEW, selection, sending, status } from './order.ts';
import { companions, restoreParty } from './party.ts';
import { loggedIn, sync } from './session.ts';
import { selectBarber, selectedBarberId } from './shop-page.ts';
import { shop } from './shops.ts';

/** Puts the stored draft of shop `id` in place against its menu now; says what it had to drop. */
function restore(id: number) {
  const s = shop.peek();
  const stored = readDraft();
  if (!s || !isDraft(stored) || stored.shopId !== id) {
    dropOverlay(REVIEW);
    return;
  }
  const back = restoreDraft(stored, s);
  if (!back) return;
  batch(() => {
    // A selection brought from another shop's offer is what the customer just asked for: it wins.
    if (isEmpty(selection.peek()) && !isEmpty(back.selection)) {
      selection.value = back.selection;
      status.value = 'pending';
    }
    if (back.barberId !== null) selectBarber(back.barberId);
    if (back.companions.length) restoreParty(back.companions);
    if (back.eta !== null) etaChoice.value = back.eta;
  });
  if (back.dropped.length)
    notify({
      kind: 'info',
      title: t('order.draft.dropped.title'),
      text: t('order.draft.dropped.text', { names: back.dropped.join(', ') }),
    });
}

/**
 * Reloaded on the review: it opens again once the stored login is back (the app puts it back after the page has
 * hydrated) if the customer is logged in and the shop takes orders; else its entry is forgotten. Returns the stop.
 */
function reopenReview(): () => void {
  if (!reopenedOverlay(REVIEW)) return () => {};
  let done = false;
  return effect(() => {
    if (done || sync.value === 'idle') return;
    done = true;
    untracked(() => {
      if (loggedIn.peek() && editable.peek() && !isEmpty(selection.peek())) status.value = 'accepted';
      else dropOverlay(REVIEW);
    });
  });
}

/**
 * Keeps the draft of shop `idParam`'s page: once its menu is in, the stored draft is put back, then every change is
 * stored; a placed order or an emptied one clears it. Call after enterOrder (which starts a new order for a new
 * shop). Returns the stop.
 */
export function keepDraft(idParam: string | undefined): () => void {
  const id = Number(idParam);
  let restored = false;
  let stopReview = () => {};
  const stop = effect(() => {
    const s = shop.value;
    // Leaving clears the shop and the order (their own stops): nothing of that is a change to keep.
    if (!s || s.id !== id || barbershop.value !== id) return;
    const sel = selection.value;
    const barberId = selectedBarberId.value;
    const party = companions.value;
    const eta = etaChoice.value;
    const sent = sending.value;
    if (!restored) {
      restored = true;
      untracked(() => {
        restore(id);
        stopReview = reopenReview();
      });
      return;
    }
    if (sent === 'fulfilled') {
      clearDraft();
      return;
    }
    const draft = makeDraft(id, s, sel, barberId, party, eta);
    if (draftHoldsSomething(draft)) writeDraft(draft);
    else if (untracked(() => (readDraft() as { shopId?: unknown } | null)?.shopId === id)) clearDraft();
  });
  return () => {
    stop();
    stopReview();
  };
}

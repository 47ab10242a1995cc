/**
 * The review's quote (docs/decisions.md, "One answer per person"): the server's answer for exactly the join the
 * review would send (his priority, services, barber, party and arrival), asked again whenever that body or the shop's
 * queue changes, and once more when he presses Join. The review shows its wait, window and leave-by, never a
 * shop-level figure. When an answer for the same body leaves the window the review showed (the queue moved
 * meanwhile), `changed` says so and the review shows the new figure; a Join pressed then sends nothing, and the
 * customer confirms again.
 */
import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-react';
import type { Locale } from '../../shared/locales.ts';
import type { WireOrderInput, WireQuote } from '../../shared/wire-order.ts';
import * as api from '../services/orders.ts';
import { locale } from './i18n.ts';
import { user } from './session.ts';
import { shop } from './shops.ts';

/** The quote shown, with the body it answers. */
export const quote = signal<{ body: string; value: WireQuote } | null>(null);
export const quoteStatus = signal<'idle' | 'pending' | 'fulfilled' | 'rejected'>('idle');
/** The body the review would send now (JSON), while it is open. */
const wanted = signal<string | null>(null);
/** The quote of what the review would send now; null while it is asked for (an older body's quote is not his). */
export const current = computed(() => {
  const q = quote.value;
  return q && q.body === wanted.value ? q.value : null;
});
/** The queue moved past the window shown: the review says so, and a Join pressed now only confirms the new figure. */
export const changed = signal<WireQuote | null>(null);

/**
 * The body a quote asks with: the join's, each companion's name replaced by his number (a name changes no wait, and
 * typing one must not ask again) and a companion without services yet left out (he cannot be placed).
 */
export function forQuote(body: WireOrderInput): WireOrderInput {
  if (!body.companions) return body;
  const companions = body.companions.filter((c) => c.items.length > 0).map((c, i) => ({ ...c, name: `${i + 1}` }));
  const { companions: _, ...rest } = body;
  return companions.length ? { ...rest, companions } : rest;
}

/** Whether a new wait leaves the window the customer was shown (a minute's rounding allowed). */
export function leavesWindow(shown: Pick<WireQuote, 'queue' | 'queue_low' | 'queue_high'>, next: Pick<WireQuote, 'queue'>): boolean {
  const low = shown.queue_low ?? shown.queue;
  const high = shown.queue_high ?? shown.queue;
  return next.queue < low - 1 || next.queue > high + 1;
}

/** Takes an answer for `body`: shown, and when it left the window shown for the same body, marked as changed. */
function take(body: string, next: WireQuote) {
  const shown = quote.peek();
  batch(() => {
    if (shown && shown.body === body && leavesWindow(shown.value, next)) changed.value = next;
    quote.value = { body, value: next };
    quoteStatus.value = 'fulfilled';
  });
}

let asked = 0;

async function ask(at: { locale: Locale; customerId: number }, body: WireOrderInput): Promise<WireQuote | null> {
  const key = JSON.stringify(body);
  const n = ++asked;
  if (quote.peek()?.body !== key) quoteStatus.value = 'pending';
  try {
    const answer = await api.quoteOrder(at.locale, at.customerId, body);
    // An answer to an older question is dropped: the body or the queue moved since.
    if (n === asked) take(key, answer);
    return answer;
  } catch {
    if (n === asked && quote.peek()?.body !== key) quoteStatus.value = 'rejected';
    return null;
  }
}

/**
 * While the review is open: a quote for the body, asked again when it changes or a frame of the shop arrives.
 * Returns the stop.
 */
export function startQuoting(body: ReadonlySignal<WireOrderInput | null>): () => void {
  let last: { key: string | null; frame: unknown } = { key: null, frame: null };
  return effect(() => {
    const full = body.value;
    const b = full && forQuote(full);
    // A new frame of the shop (its queue changed) asks again.
    const frame = shop.value;
    const u = user.value;
    const key = b ? JSON.stringify(b) : null;
    wanted.value = key;
    if (!b || !u || (key === last.key && frame === last.frame)) return;
    last = { key, frame };
    void ask({ locale: locale.peek(), customerId: u.id }, b);
  });
}

/**
 * At Join: the quote of the body about to be sent. 'changed' when its wait left the window shown (the review now
 * shows it and says so; nothing is to be sent), else the answer (null when none came: the join's answer decides).
 */
export async function confirmQuote(
  at: { locale: Locale; customerId: number },
  body: WireOrderInput,
): Promise<WireQuote | 'changed' | null> {
  const key = JSON.stringify(body);
  const shown = quote.peek();
  const acknowledged = changed.peek();
  const next = await ask(at, body);
  if (!next) return null;
  // Confirming a change already shown: the figure he confirmed is the one to hold to now.
  const against = acknowledged && shown?.body === key ? acknowledged : shown?.body === key ? shown.value : null;
  if (against && leavesWindow(against, next)) {
    changed.value = next;
    return 'changed';
  }
  changed.value = null;
  return next;
}

export function resetQuote() {
  asked++;
  batch(() => {
    quote.value = null;
    wanted.value = null;
    quoteStatus.value = 'idle';
    changed.value = null;
  });
}

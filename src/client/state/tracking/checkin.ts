/**
 * The check-in a QR code on a shop's door opens (/checkin/{shopId}): it checks in
 * the customer's active order when it is in that shop's queue. Logged out, the screen asks to log in first
 * and then checks in; no active order there says so.
 */
import { signal } from '@preact/signals-react';
import type { WireOrder } from '../../../shared/wire-order.ts';
import * as api from '../../services/orders.ts';
import { language, locale } from '../i18n.ts';
import { activeOrderId, loggedIn, sync, user } from '../session.ts';
import { handOver } from './tracking.ts';

export type CheckInState =
  | { kind: 'idle' }
  | { kind: 'login' }
  | { kind: 'working' }
  | { kind: 'done'; shop: string }
  | { kind: 'none' }
  | { kind: 'error' };

export const checkInState = signal<CheckInState>({ kind: 'idle' });
let seq = 0;

/** The order in that shop's queue and not yet over, or null. */
async function orderAt(shopId: number): Promise<WireOrder | null> {
  const u = user.peek();
  const id = activeOrderId.peek();
  if (!u || id === null) return null;
  const w = await api.fetchOrder({ locale: locale.peek(), language: language.peek() }, u.id, id);
  return w.pob_id === shopId && w.status === 'active' ? w : null;
}

/** Checks in at a shop; call again after a login (the screen does when the login succeeds). */
export async function checkInAt(shopId: number): Promise<void> {
  const mine = ++seq;
  if (!loggedIn.peek()) {
    checkInState.value = { kind: 'login' };
    return;
  }
  // A stored profile may still be syncing: its active order is decided once the sync is done.
  if (sync.peek() === 'syncing') {
    checkInState.value = { kind: 'working' };
    return;
  }
  checkInState.value = { kind: 'working' };
  try {
    const w = await orderAt(shopId);
    if (mine !== seq) return;
    if (!w) {
      checkInState.value = { kind: 'none' };
      return;
    }
    const done = w.customer_at_pob
      ? w
      : await api.patchOrder({ locale: locale.peek(), language: language.peek() }, user.peek()!.id, w.id, { customer_at_pob: true });
    if (mine !== seq) return;
    // Tracking starts from this answer, so "Follow my turn" shows the check-in at once.
    handOver(done);
    checkInState.value = { kind: 'done', shop: done.pob.name };
  } catch {
    if (mine === seq) checkInState.value = { kind: 'error' };
  }
}

export function reset() {
  seq++;
  checkInState.value = { kind: 'idle' };
}

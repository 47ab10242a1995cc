/**
 * The shorter queue nearby on tracking, after joining and before check-in (state/nearby.ts): the order's window
 * and services, and "Move my place": a confirm, then POST .../move/, after which tracking follows the new order at
 * once. A refusal (409, 404, no network) changes nothing: the current order is kept and the error is said.
 */
import { batch, effect, signal } from '@preact/signals-react';
import { ERROR_NOTICE_MS } from '../../../shared/constants.ts';
import { MAX_ETA_MINUTES } from '../../../shared/travel.ts';
import { ApiError } from '../../services/http.ts';
import { track } from '../../services/analytics.ts';
import * as api from '../../services/orders.ts';
import { noteActiveOrder } from '../account.ts';
import { language, locale, t } from '../i18n.ts';
import { reasonOf } from '../failure.ts';
import { offer, props, watchNearby } from '../nearby.ts';
import { notify } from '../notices.ts';
import { user } from '../session.ts';
import { followAgain, handOver, noteExpected, order } from './tracking.ts';

export const moveStatus = signal<'idle' | 'confirm' | 'pending'>('idle');
/** Why the last move was refused, in the customer's language; null when none was. */
export const moveError = signal<string | null>(null);

/** Watches while the order waits and he is not at the shop yet. Returns the stop. */
export function enterNearbyTracking(): () => void {
  // An offer gone while its confirm is open (it no longer holds, or the order changed) closes the confirm.
  const stopConfirm = effect(() => {
    if (!offer.value && moveStatus.peek() === 'confirm') moveStatus.value = 'idle';
  });
  const stop = watchNearby(() => {
    const o = order.value;
    if (o?.status !== 'active' || o.checkedIn || o.inService) return null;
    const extraServiceIds: Record<number, number[]> = {};
    for (const s of o.services) if (s.extraServices.length) extraServiceIds[s.id] = s.extraServices.map((e) => e.id);
    return {
      where: 'tracking',
      here: { id: o.barbershopId, coords: o.shop.coords, low: o.queueLow ?? o.queue },
      selection: { serviceIds: o.services.map((s) => s.id), extraServiceIds },
      refuseKey: `order:${o.orderId}`,
    };
  }, false);
  return () => {
    stop();
    stopConfirm();
    reset();
  };
}

export function askMove() {
  if (offer.peek()?.where === 'tracking' && moveStatus.peek() === 'idle') {
    moveError.value = null;
    moveStatus.value = 'confirm';
  }
}

export function cancelMove() {
  if (moveStatus.peek() === 'confirm') moveStatus.value = 'idle';
}

/** Moves the order to the offered shop; his arrival there is the trip the offer counted. */
export async function confirmMove(): Promise<boolean> {
  const o = offer.peek();
  const tracked = order.peek();
  const u = user.peek();
  if (o?.where !== 'tracking' || !tracked || !u || moveStatus.peek() === 'pending') return false;
  moveStatus.value = 'pending';
  const eta = Math.min(MAX_ETA_MINUTES, Math.max(0, Math.round(o.candidate.trip)));
  try {
    const w = await api.moveOrder({ locale: locale.peek(), language: language.peek() }, u.id, tracked.orderId, {
      pob_id: o.candidate.shop.id,
      eta_minutes: eta,
    });
    track('nearby-offer-taken', props(o));
    batch(() => {
      moveStatus.value = 'idle';
      moveError.value = null;
      // The new order first, then the active id: tracking sees them agree and fetches nothing more.
      handOver(w);
      noteActiveOrder(w.id, w.pob_id);
      noteExpected(w.id, Date.now() + eta * 60_000);
    });
    followAgain();
    notify({ kind: 'info', title: t('nearby.moved', { name: w.pob?.name ?? o.candidate.shop.name }) }, ERROR_NOTICE_MS);
    return true;
  } catch (err) {
    const message = err instanceof ApiError || err instanceof Error ? err.message.trim() : '';
    batch(() => {
      moveStatus.value = 'idle';
      moveError.value = [t('nearby.moveFailed', { name: tracked.shop.name }), reasonOf(err) ?? ''].filter(Boolean).join(' ');
    });
    track('error', { type: 'nearbyMove', message });
    return false;
  }
}

export function reset() {
  moveStatus.value = 'idle';
  moveError.value = null;
}

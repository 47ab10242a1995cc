/**
 * A party's and a checked-in customer's own changes on tracking (docs/decisions.md, "Parties and stepping out"):
 * taking one companion off (PATCH {cancel, person}, after a confirm), stepping out for 10, 20 or 30 minutes
 * (PATCH {step_out_minutes}) and "I'm back" (PATCH {customer_at_pob}). A refusal (409, 400) is said in the
 * customer's language and changes nothing here; the order is read again so the screen shows what holds.
 */
import { signal } from '@preact/signals-react';
import { ERROR_NOTICE_MS } from '../../../shared/constants.ts';
import type { WireOrderPatch } from '../../../shared/wire-order.ts';
import { ApiError } from '../../services/http.ts';
import * as api from '../../services/orders.ts';
import { language, locale, t } from '../i18n.ts';
import { reasonOf } from '../failure.ts';
import { notify } from '../notices.ts';
import { user } from '../session.ts';
import { applyChange, order, refreshOrder } from './tracking.ts';

/** Taking a companion off: whom the confirm asks about, and whether it is on its way. */
export const takeOff = signal<{ person: number; name: string; pending: boolean } | null>(null);
/** Stepping out: closed, choosing how long, sending; 'back' while "I'm back" is on its way. */
export const stepOutStatus = signal<'idle' | 'choosing' | 'pending' | 'back'>('idle');

async function patch(body: WireOrderPatch) {
  const o = order.peek();
  const u = user.peek();
  if (!o || !u) return null;
  return api.patchOrder({ locale: locale.peek(), language: language.peek() }, u.id, o.orderId, body);
}

/** A refusal: its title, the server's reason in the customer's language when it is a known text. */
function refused(err: unknown, title: string) {
  if (!user.peek()) return;
  const reason = reasonOf(err) ?? (err instanceof ApiError && (err.status === 409 || err.status === 400) ? t('party.refused') : '');
  notify({ kind: 'error', title, ...(reason ? { text: reason } : {}) }, ERROR_NOTICE_MS);
  if (err instanceof ApiError && (err.status === 409 || err.status === 400)) void refreshOrder();
}

export function askTakeOff(person: number, name: string) {
  if (person > 0 && !takeOff.peek()?.pending) takeOff.value = { person, name, pending: false };
}

export function cancelTakeOff() {
  if (!takeOff.peek()?.pending) takeOff.value = null;
}

/** Takes the asked companion off; the rest of the party keeps its place. */
export async function confirmTakeOff(): Promise<boolean> {
  const asked = takeOff.peek();
  if (!asked || asked.pending) return false;
  takeOff.value = { ...asked, pending: true };
  try {
    const w = await patch({ cancel: true, person: asked.person });
    takeOff.value = null;
    if (!w) return false;
    applyChange(w);
    notify({ kind: 'info', title: t('party.takeOff.done', { name: asked.name }) }, ERROR_NOTICE_MS);
    return true;
  } catch (err) {
    takeOff.value = null;
    refused(err, t('party.takeOff.error', { name: asked.name }));
    return false;
  }
}

export function askStepOut() {
  if (stepOutStatus.peek() === 'idle') stepOutStatus.value = 'choosing';
}

export function cancelStepOut() {
  if (stepOutStatus.peek() === 'choosing') stepOutStatus.value = 'idle';
}

/** Sends a step-out change while showing `busy`; a refusal says `error` and changes nothing. */
async function stepChange(body: Parameters<typeof patch>[0], busy: 'pending' | 'back', error: string): Promise<boolean> {
  if (stepOutStatus.peek() === 'pending' || stepOutStatus.peek() === 'back') return false;
  stepOutStatus.value = busy;
  try {
    const w = await patch(body);
    stepOutStatus.value = 'idle';
    if (!w) return false;
    applyChange(w);
    return true;
  } catch (err) {
    stepOutStatus.value = 'idle';
    refused(err, error);
    return false;
  }
}

export function stepOut(minutes: number): Promise<boolean> {
  return stepChange({ step_out_minutes: minutes }, 'pending', t('party.stepOut.error'));
}

/** "I'm back": checked in again, next among those he was ahead of. */
export function comeBack(): Promise<boolean> {
  return stepChange({ customer_at_pob: true }, 'back', t('party.stepOut.backError'));
}

export function resetPartyTracking() {
  takeOff.value = null;
  stepOutStatus.value = 'idle';
}

/**
 * The customer's own changes to his tracked order (tracking.ts): "I am here", "Running late?" with a new
 * arrival, and leaving the queue with a confirm. Each answer supersedes any refresh on its way.
 */
import { batch } from '@preact/signals-react';
import { ERROR_NOTICE_MS, SURVEY_NOTICE_MS } from '../../../shared/constants.ts';
import { WIRE_ERRORS } from '../../../shared/wire-errors.ts';
import { serverTextKey } from '../../lib/account.ts';
import { ApiError } from '../../services/http.ts';
import * as api from '../../services/orders.ts';
import { language, locale, t } from '../i18n.ts';
import { reasonOf } from '../failure.ts';
import { notify } from '../notices.ts';
import { user } from '../session.ts';
import {
  applyChange,
  canceled,
  checkInStatus,
  finishOrder,
  lateStatus,
  leaveStatus,
  noteExpected,
  order,
  refreshOrder,
} from './tracking.ts';

/** 'I am here': checkedIn true, then the shop-link message. */
export async function checkIn(): Promise<boolean> {
  const o = order.peek();
  const u = user.peek();
  if (!o || !u || checkInStatus.peek() === 'pending' || o.checkedIn) return false;
  checkInStatus.value = 'pending';
  try {
    const w = await api.patchOrder({ locale: locale.peek(), language: language.peek() }, u.id, o.orderId, { customer_at_pob: true });
    checkInStatus.value = 'idle';
    applyChange(w);
    return true;
  } catch {
    checkInStatus.value = 'error';
    if (user.peek()) notify({ kind: 'error', title: t('tracking.checkIn.error') }, ERROR_NOTICE_MS);
    return false;
  }
}

export function askLate() {
  const o = order.peek();
  if (o && o.status === 'active' && !o.checkedIn && !o.inService && lateStatus.peek() === 'idle') lateStatus.value = 'choosing';
}

export function cancelLate() {
  if (lateStatus.peek() === 'choosing') lateStatus.value = 'idle';
}

/**
 * "Running late?": the new arrival, minutes from now, as PATCH {eta_minutes}. A 409 is a refusal that changes
 * nothing: after check-in (the screen then refreshes to show it), or with the timeslot text when the shop cannot serve
 * the customer before closing if he arrives then; each is said in the customer's language.
 */
export async function sendLate(minutes: number): Promise<boolean> {
  const o = order.peek();
  const u = user.peek();
  if (!o || !u || lateStatus.peek() === 'pending') return false;
  lateStatus.value = 'pending';
  try {
    const w = await api.patchOrder({ locale: locale.peek(), language: language.peek() }, u.id, o.orderId, { eta_minutes: minutes });
    batch(() => {
      lateStatus.value = 'idle';
      noteExpected(o.orderId, Date.now() + minutes * 60_000);
      applyChange(w);
    });
    notify({ kind: 'info', title: t('tracking.late.saved') }, ERROR_NOTICE_MS);
    return true;
  } catch (err) {
    lateStatus.value = 'idle';
    if (!user.peek()) return false;
    const text = err instanceof ApiError ? err.message.trim() : '';
    if (err instanceof ApiError && err.status === 409 && text === WIRE_ERRORS.timeslot) {
      notify({ kind: 'error', title: t('tracking.late.timeslot.title'), text: t('tracking.late.timeslot.text') }, ERROR_NOTICE_MS);
    } else if (err instanceof ApiError && err.status === 409) {
      const known = serverTextKey(text);
      notify(
        { kind: 'error', title: t('tracking.late.refused'), text: (known && t(known)) || t('tracking.late.checkedIn') },
        ERROR_NOTICE_MS,
      );
      void refreshOrder();
    } else {
      const reason = reasonOf(err);
      notify({ kind: 'error', title: t('tracking.late.error'), ...(reason ? { text: reason } : {}) }, ERROR_NOTICE_MS);
    }
    return false;
  }
}

export function askLeave() {
  if (order.peek()) leaveStatus.value = 'confirm';
}

export function cancelLeave() {
  if (leaveStatus.peek() === 'confirm') leaveStatus.value = 'idle';
}

/** Leaves the queue: the order is cancelled, in Finnish a survey notice shows for 10 s, then / follows. */
export async function confirmLeave(): Promise<boolean> {
  const o = order.peek();
  const u = user.peek();
  if (!o || !u || leaveStatus.peek() === 'pending') return false;
  leaveStatus.value = 'pending';
  try {
    const w = await api.patchOrder({ locale: locale.peek(), language: language.peek() }, u.id, o.orderId, { cancel: true });
    canceled.value = true;
    leaveStatus.value = 'idle';
    if (language.peek() === 'fi') {
      notify(
        {
          kind: 'info',
          title: t('tracking.survey.title'),
          text: t('tracking.survey.text'),
          linkUrl: t('tracking.survey.url'),
          linkText: t('tracking.survey.link'),
        },
        SURVEY_NOTICE_MS,
      );
    }
    applyChange(w);
    finishOrder();
    return true;
  } catch {
    leaveStatus.value = 'confirm';
    if (user.peek()) notify({ kind: 'error', title: t('tracking.leave.error') }, ERROR_NOTICE_MS);
    return false;
  }
}

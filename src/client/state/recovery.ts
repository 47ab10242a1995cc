/**
 * Two-step password recovery: step 1 asks an SMS code for a phone, step 2 sends the
 * code with a new password. Progress is stored under `recovery` as { countryCode, phone, date } and is
 * dropped once the code is more than an hour old, so the entry gate only resumes a recovery that can work.
 */
import { signal } from '@preact/signals-react';
import { MIN_PHONE_LENGTH } from '../../shared/constants.ts';
import { validateRecovery, type RecoveryForm, type RecoveryField } from '../../shared/account-rules.ts';
import { dialCode, normalisePhone } from '../lib/validation.ts';
import { isPhoneError } from '../lib/account.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { createForm } from './account-form.ts';
import { locale, t } from './i18n.ts';
import { reasonOf } from './failure.ts';
import { recoveryPending } from './recovery-flag.ts';
import { save } from '../services/storage.ts';
import { fresh, progress, type RecoveryProgress, tokenSent } from './recovery-store.ts';

export function storeProgress(next: RecoveryProgress | null) {
  progress.value = next;
  tokenSent.value = next !== null;
  recoveryPending.value = next !== null;
  void save('recovery', next);
}

/** Drops progress older than an hour; returns whether a fresh one remains. */
export function checkFresh(now = Date.now()): boolean {
  const p = progress.peek();
  if (p && !fresh(p, now)) storeProgress(null);
  return progress.peek() !== null;
}

export const recoveryStatus = signal<'idle' | 'loading'>('idle');
export const recovered = signal(false);
/** Step 1 inputs. */
export const country = signal('FI');
export const phoneNumber = signal('');
export const phoneError = signal<string | null>(null);
/** A refused step 2 marks the code and the password; the text is the server's, translated when known. */
export const codeError = signal<string | null>(null);
export const otherError = signal<string | null>(null);

export const form = createForm<RecoveryForm, RecoveryField>(() => ({ token: '', password: '', repeat: '' }), validateRecovery);

const messageOf = (err: unknown) => {
  // A 4xx's own text when it has no translation (it names what is wrong); never a transport's or a 5xx's.
  const raw = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : '';
  return reasonOf(err) || raw || t('common.error');
};

/** Step 1: ask for the SMS code. */
export async function requestCode(now = Date.now()): Promise<boolean> {
  phoneError.value = null;
  otherError.value = null;
  if (phoneNumber.peek().replace(/\D/g, '').length < MIN_PHONE_LENGTH) {
    phoneError.value = t('account.validation.phone');
    return false;
  }
  const code = country.peek();
  const phone = normalisePhone(dialCode(code), phoneNumber.peek());
  recoveryStatus.value = 'loading';
  try {
    await api.requestResetToken(locale.peek(), phone);
    storeProgress({ countryCode: code, phone, date: now });
    form.reset();
    codeError.value = null;
    return true;
  } catch (err) {
    if (err instanceof ApiError && isPhoneError(err.message, err.field)) phoneError.value = messageOf(err);
    else otherError.value = messageOf(err);
    return false;
  } finally {
    recoveryStatus.value = 'idle';
  }
}

/** Step 2: the code and the new password. */
export async function submitNewPassword(now = Date.now()): Promise<boolean> {
  if (!form.attempt()) return false;
  if (!checkFresh(now)) {
    phoneError.value = t('recovery.expired');
    return false;
  }
  const p = progress.peek()!;
  const { token, password } = form.values.peek();
  codeError.value = null;
  otherError.value = null;
  recoveryStatus.value = 'loading';
  try {
    await api.resetPassword(locale.peek(), { phone: p.phone, token: token.trim(), password });
    storeProgress(null);
    recovered.value = true;
    return true;
  } catch (err) {
    if (err instanceof ApiError && isPhoneError(err.message, err.field)) {
      // The phone is missing or wrong, so back to step 1 with the phone marked.
      phoneError.value = messageOf(err);
      phoneNumber.value ||= p.phone;
      country.value = p.countryCode || country.peek();
      storeProgress(null);
    } else if (err instanceof ApiError && (err.network || err.status === 429 || err.status >= 500)) {
      otherError.value = messageOf(err);
    } else {
      codeError.value = messageOf(err);
    }
    return false;
  } finally {
    recoveryStatus.value = 'idle';
  }
}

/** 'Use another number': back to step 1. */
export function startOver() {
  country.value = progress.peek()?.countryCode || country.peek();
  storeProgress(null);
  phoneError.value = null;
  codeError.value = null;
  otherError.value = null;
}

export function setCountry(next: string) {
  country.value = next;
}
export function setPhoneNumber(next: string) {
  phoneNumber.value = next;
  phoneError.value = null;
}

/** Leaving the success message behind: a later visit starts at step 1. */
export function leaveRecovery() {
  if (recovered.peek()) {
    recovered.value = false;
    form.reset();
  }
}

export function reset() {
  progress.value = null;
  recoveryStatus.value = 'idle';
  tokenSent.value = false;
  recovered.value = false;
  country.value = 'FI';
  phoneNumber.value = '';
  phoneError.value = null;
  codeError.value = null;
  otherError.value = null;
  recoveryPending.value = false;
  form.reset();
}

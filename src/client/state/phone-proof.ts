/**
 * Proving the account's phone (docs/decisions.md, "A phone is proven before it is texted"): a code by SMS to the
 * number, typed back. Right after registration (before any login: the calls need no session), and later from the
 * profile or the notification settings. Until it is proven no SMS but a code goes to the number; skipping keeps SMS
 * alerts off, push and the app's own alerts work.
 */
import { batch, signal } from '@preact/signals-react';
import { serverTextKey } from '../lib/account.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { refreshProfile } from './account.ts';
import { locale, t } from './i18n.ts';
import { profile } from './session.ts';

/**
 * idle: nothing asked; sent: a code is on its way (or the request failed: `proofError` says so, and "send a new code"
 * tries again); proving: the code is being checked; proven; skipped (right after registration only).
 */
export type ProofStep = 'idle' | 'sending' | 'sent' | 'proving' | 'proven' | 'skipped';

export const proofStep = signal<ProofStep>('idle');
/** The number being proven, in international form. */
export const proofPhone = signal<string | null>(null);
export const proofCode = signal('');
/** The refusal of the last call, as text; null when none. */
export const proofError = signal<string | null>(null);
/** A new code was asked and sent (after the first). */
export const proofResent = signal(false);

const CODE = /^\d{6}$/;

function textOf(err: unknown): string {
  if (!(err instanceof ApiError)) return t('common.error');
  if (err.network) return t('account.networkError');
  if (err.status === 429) return t('account.tooMany');
  const key = serverTextKey(err.message);
  return key ? t(key) : t('common.error');
}

async function send(phone: string): Promise<void> {
  proofStep.value = 'sending';
  try {
    await api.requestPhoneProof(locale.peek(), phone);
    proofError.value = null;
  } catch (err) {
    proofError.value = textOf(err);
  } finally {
    proofStep.value = 'sent';
  }
}

/** Asks a code for `phone` and shows the code step. */
export async function startProof(phone: string): Promise<void> {
  batch(() => {
    proofPhone.value = phone;
    proofCode.value = '';
    proofError.value = null;
    proofResent.value = false;
  });
  await send(phone);
}

export async function resendProof(): Promise<void> {
  const phone = proofPhone.peek();
  if (!phone || proofStep.peek() === 'sending' || proofStep.peek() === 'proving') return;
  proofCode.value = '';
  await send(phone);
  proofResent.value = proofError.peek() === null;
}

export function editProofCode(value: string) {
  proofCode.value = value;
  proofError.value = null;
}

/** The code back; true once the number is proven (the profile, when logged in, is read again to say so). */
export async function submitProof(): Promise<boolean> {
  const phone = proofPhone.peek();
  const code = proofCode.peek().replace(/\s/g, '');
  if (!phone || proofStep.peek() === 'proving') return false;
  if (!CODE.test(code)) {
    proofError.value = t('proof.codeRule');
    return false;
  }
  proofStep.value = 'proving';
  try {
    await api.provePhone(locale.peek(), { phone, token: code });
    batch(() => {
      proofStep.value = 'proven';
      proofError.value = null;
    });
    if (profile.peek()?.phone === phone) await refreshProfile().catch(() => undefined);
    return true;
  } catch (err) {
    batch(() => {
      proofError.value = textOf(err);
      proofStep.value = 'sent';
    });
    return false;
  }
}

/** Not now: SMS alerts stay off until the number is proven. */
export function skipProof() {
  proofStep.value = 'skipped';
}

/** Leaving the step (a new registration or another visit starts afresh). */
export function resetProof() {
  batch(() => {
    proofStep.value = 'idle';
    proofPhone.value = null;
    proofCode.value = '';
    proofError.value = null;
    proofResent.value = false;
  });
}

/**
 * The e-mail form: the address, saved with a profile patch; success refreshes the profile. The server's refusal of
 * the address shows on the field; any other failure (offline, busy) under it.
 */
import { batch, signal } from '@preact/signals-react';
import { MAX_EMAIL_LENGTH } from '../../shared/constants.ts';
import { isEmail, type FieldErrors } from '../lib/validation.ts';
import { refreshProfile, savePatch } from './account.ts';
import { createForm } from './account-form.ts';
import { reasonOf, refuseOnField } from './failure.ts';
import { t } from './i18n.ts';
import type { FetchStatus } from './request.ts';
import { profile } from './session.ts';

const validateEmail = (v: { email: string }): FieldErrors<'email'> =>
  v.email.trim().length <= MAX_EMAIL_LENGTH && isEmail(v.email) ? {} : { email: 'validation.email' };

/** The error shows when the field has input, is not focused, and is invalid. */
export const emailForm = createForm<{ email: string }, 'email'>(() => ({ email: '' }), validateEmail, { show: 'settled' });
export const emailStatus = signal<FetchStatus>('idle');
/** Why the last save failed when the server named no field (offline, too many tries, busy). */
export const emailError = signal<string | null>(null);

export function openEmailForm() {
  emailForm.reset({ email: profile.peek()?.email ?? '' });
  emailStatus.value = 'idle';
  emailError.value = null;
}

export function setEmail(next: string) {
  emailForm.set('email', next);
  // A change after success starts over.
  if (emailStatus.peek() !== 'pending') emailStatus.value = 'idle';
  emailError.value = null;
}

/** Saves the e-mail; on success the profile is fetched again. A refusal of the address shows on the field. */
export async function saveEmail(): Promise<boolean> {
  if (!emailForm.valid.peek() || emailStatus.peek() === 'pending') return false;
  emailStatus.value = 'pending';
  const err = await savePatch({ email: emailForm.values.peek().email.trim() });
  batch(() => {
    emailStatus.value = err === null ? 'fulfilled' : 'rejected';
    if (err !== null && !refuseOnField(emailForm, err, (_, reason) => reason ?? t('email.invalid')))
      emailError.value = reasonOf(err) ?? t('account.patchFailed');
  });
  if (err === null) void refreshProfile();
  return err === null;
}

export function reset() {
  emailForm.reset();
  emailStatus.value = 'idle';
  emailError.value = null;
}

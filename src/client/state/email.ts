/** The e-mail form: the address, saved with a profile patch; success refreshes the profile. */
import { signal } from '@preact/signals-react';
import { isEmail, type FieldErrors } from '../lib/validation.ts';
import { patchProfile, refreshProfile } from './account.ts';
import { createForm } from './account-form.ts';
import type { FetchStatus } from './request.ts';
import { profile } from './session.ts';

const validateEmail = (v: { email: string }): FieldErrors<'email'> => (isEmail(v.email) ? {} : { email: 'validation.email' });

/** The error shows when the field has input, is not focused, and is invalid. */
export const emailForm = createForm<{ email: string }, 'email'>(() => ({ email: '' }), validateEmail, { show: 'settled' });
export const emailStatus = signal<FetchStatus>('idle');

export function openEmailForm() {
  emailForm.reset({ email: profile.peek()?.email ?? '' });
  emailStatus.value = 'idle';
}

export function setEmail(next: string) {
  emailForm.set('email', next);
  // A change after success starts over.
  if (emailStatus.peek() !== 'pending') emailStatus.value = 'idle';
}

/** Saves the e-mail; on success the profile is fetched again. A failure shows no message. */
export async function saveEmail(): Promise<boolean> {
  if (!emailForm.valid.peek() || emailStatus.peek() === 'pending') return false;
  emailStatus.value = 'pending';
  const ok = await patchProfile({ email: emailForm.values.peek().email.trim() });
  emailStatus.value = ok ? 'fulfilled' : 'rejected';
  if (ok) void refreshProfile();
  return ok;
}

export function reset() {
  emailForm.reset();
  emailStatus.value = 'idle';
}

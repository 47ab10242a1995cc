/**
 * The password change: current, new and confirm; the server's error text or a generic
 * one; a server that answers new tokens keeps the customer logged in.
 */
import { batch, signal } from '@preact/signals-react';
import { validatePasswordChange, type PasswordChangeField, type PasswordChangeForm } from '../../shared/account-rules.ts';
import { serverTextKey } from '../lib/account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { save } from '../services/storage.ts';
import { createForm } from './account-form.ts';
import { reasonOf, refuseOnField } from './failure.ts';
import { locale, t } from './i18n.ts';
import { user } from './session.ts';

export const passwordForm = createForm<PasswordChangeForm, PasswordChangeField>(
  () => ({ old_password: '', new_password: '', confirm: '' }),
  validatePasswordChange,
);
export const passwordStatus = signal<'idle' | 'pending' | 'success' | 'failure'>('idle');
export const passwordError = signal<string | null>(null);

export async function submitPasswordChange(): Promise<boolean> {
  if (!passwordForm.attempt() || passwordStatus.peek() === 'pending') return false;
  const { old_password, new_password } = passwordForm.values.peek();
  batch(() => {
    passwordStatus.value = 'pending';
    passwordError.value = null;
  });
  try {
    const answer = await api.changePassword(locale.peek(), { old_password, new_password });
    // The change revokes the old refresh token; a server that answers new tokens keeps the customer in.
    const current = user.peek();
    if (current && answer?.access_token) {
      user.value = { ...current, token: answer.access_token, refreshToken: answer.refresh_token ?? current.refreshToken };
      void save('user', user.peek());
    }
    passwordStatus.value = 'success';
    passwordForm.reset();
    return true;
  } catch (err) {
    // The server's message, otherwise the generic one. A weak-password refusal names the whole rule (the field's own
    // hint stays short: required, at least 8 characters).
    const known =
      err instanceof ApiError ? (err.message === WIRE_ERRORS.passwordTooWeak ? 'password.tooWeak' : serverTextKey(err.message)) : null;
    const text =
      err instanceof ApiError && !err.network && err.status !== 429 && err.message && err.status < 500
        ? (known && t(known)) || err.message
        : (reasonOf(err) ?? t('password.failed')); // offline or too many tries say so, not "check your password"
    // A refusal naming a field (the old password is wrong, the new one too weak) is said on that field.
    batch(() => {
      passwordError.value = refuseOnField(passwordForm, err, () => text) ? null : text;
      passwordStatus.value = 'failure';
    });
    return false;
  }
}

export function editPassword<K extends keyof PasswordChangeForm>(key: K, value: string) {
  passwordForm.set(key, value);
  if (passwordStatus.peek() === 'failure') passwordStatus.value = 'idle';
}

export function leavePassword() {
  batch(() => {
    passwordStatus.value = 'idle';
    passwordError.value = null;
    passwordForm.reset();
  });
}

export const reset = leavePassword;

/**
 * The profile's settings (SPEC.md §4): the e-mail form, the permission toggles (patching the inverse),
 * the password change and push notifications (firebase loaded only when the customer turns push on).
 */
import { computed, signal } from '@preact/signals-react';
import { isEmail, validatePasswordChange, type PasswordChangeField, type PasswordChangeForm } from '../lib/validation.ts';
import { serverTextKey } from '../lib/account.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { save } from '../services/storage.ts';
import { deletePushToken, getPushToken, pushSupported } from '../services/push.ts';
import { patchProfile, refreshProfile } from './account.ts';
import { createForm } from './account-form.ts';
import { config } from './config.ts';
import { locale, t } from './i18n.ts';
import { notify } from './notices.ts';
import { profile, user } from './session.ts';

// ---- e-mail ----

export const emailInput = signal('');
export const emailFocused = signal(false);
export const emailStatus = signal<'idle' | 'pending' | 'fulfilled' | 'rejected'>('idle');
export const emailValid = computed(() => isEmail(emailInput.value));
/** SPEC.md §5: the error shows when the field has input, is not focused, and is invalid. */
export const emailErrorShown = computed(() => emailInput.value.trim() !== '' && !emailFocused.value && !emailValid.value);

export function openEmailForm() {
  emailInput.value = profile.peek()?.email ?? '';
  emailStatus.value = 'idle';
}

export function setEmail(next: string) {
  emailInput.value = next;
  // A change after success starts over (SPEC.md §4 "E-mail form").
  if (emailStatus.peek() !== 'pending') emailStatus.value = 'idle';
}

export function setEmailFocus(focused: boolean) {
  emailFocused.value = focused;
}

/** Saves the e-mail; on success the profile is fetched again. A failure shows no message (SPEC.md §8). */
export async function saveEmail(): Promise<boolean> {
  if (!emailValid.peek() || emailStatus.peek() === 'pending') return false;
  emailStatus.value = 'pending';
  const ok = await patchProfile({ email: emailInput.peek().trim() });
  emailStatus.value = ok ? 'fulfilled' : 'rejected';
  if (ok) void refreshProfile();
  return ok;
}

// ---- permissions ----

/** SPEC.md §4: the e-mail and SMS permission toggles patch the profile with the inverse value. */
export function toggleEmailPermission() {
  return patchProfile({ allow_email: !profile.peek()?.allow_email });
}

export function toggleSmsPermission() {
  return patchProfile({ allow_sms: !profile.peek()?.allow_sms });
}

// ---- password change ----

export const passwordForm = createForm<PasswordChangeForm, PasswordChangeField>(
  () => ({ old_password: '', new_password: '', confirm: '' }),
  validatePasswordChange,
);
export const passwordStatus = signal<'idle' | 'pending' | 'success' | 'failure'>('idle');
export const passwordError = signal<string | null>(null);

export async function submitPasswordChange(): Promise<boolean> {
  if (!passwordForm.attempt() || passwordStatus.peek() === 'pending') return false;
  const { old_password, new_password } = passwordForm.values.peek();
  passwordStatus.value = 'pending';
  passwordError.value = null;
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
    // SPEC.md §8: the server's message, otherwise the generic one.
    const known = err instanceof ApiError ? serverTextKey(err.message) : null;
    passwordError.value =
      err instanceof ApiError && !err.network && err.status !== 429 && err.message && err.status < 500 ? (known && t(known)) || err.message : t('password.failed');
    passwordStatus.value = 'failure';
    return false;
  }
}

export function editPassword<K extends keyof PasswordChangeForm>(key: K, value: string) {
  passwordForm.set(key, value);
  if (passwordStatus.peek() === 'failure') passwordStatus.value = 'idle';
}

export function leavePassword() {
  passwordStatus.value = 'idle';
  passwordError.value = null;
  passwordForm.reset();
}

// ---- push ----

export const pushStatus = signal<'idle' | 'pending' | 'fulfilled' | 'rejected'>('idle');
/** Push works with a firebase config, on Android with Chrome (SPEC.md §6). */
export const pushAvailable = computed(() => Boolean(config.value.firebase) && pushSupported());
export const pushEnabled = computed(() => Boolean(profile.value?.fcm_token));

function unsupported() {
  notify({ kind: 'info', title: t('notifications.unsupportedTitle'), text: t('notifications.unsupported') });
}

export async function enablePush(): Promise<boolean> {
  const firebase = config.peek().firebase;
  if (!firebase || !pushSupported()) {
    unsupported();
    return false;
  }
  pushStatus.value = 'pending';
  try {
    const token = await getPushToken(firebase, config.peek().vapidKey);
    const ok = await patchProfile({ fcm_token: token });
    if (!ok) throw new Error('patch');
    void save('pushEnabled', true);
    pushStatus.value = 'fulfilled';
    return true;
  } catch (err) {
    pushStatus.value = 'rejected';
    if (err === 'unsupported') unsupported();
    return false;
  }
}

export async function disablePush(): Promise<boolean> {
  pushStatus.value = 'pending';
  const ok = await patchProfile({ fcm_token: null });
  const firebase = config.peek().firebase;
  if (ok && firebase) void deletePushToken(firebase).catch(() => {});
  if (ok) void save('pushEnabled', false);
  pushStatus.value = ok ? 'fulfilled' : 'rejected';
  return ok;
}

export const togglePush = () => (pushEnabled.peek() ? disablePush() : enablePush());

export function reset() {
  emailInput.value = '';
  emailFocused.value = false;
  emailStatus.value = 'idle';
  leavePassword();
  pushStatus.value = 'idle';
}

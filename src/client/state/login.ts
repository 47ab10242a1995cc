/**
 * The login form: dial code, phone, password and 'stay logged in', shared by the
 * login page and the login dialog of the shop page.
 */
import { computed } from '@preact/signals-react';
import { dialCode, normalisePhone, validateLogin } from '../lib/validation.ts';
import { landingPath } from '../lib/account.ts';
import { navigate } from '../router/history.ts';
import { createForm } from './account-form.ts';
import { login, loginFailure, loginStatus, tokenError } from './account.ts';
import { locale } from './i18n.ts';
import { rememberLogin } from './session.ts';
import type { Profile } from './session.ts';

export interface LoginValues {
  country: string;
  phone: string;
  password: string;
  remember: boolean;
}

const defaultCountry = () => (locale.peek() === 'EE' ? 'EE' : 'FI');

export const loginForm = createForm<LoginValues, 'phone' | 'password'>(
  () => ({ country: defaultCountry(), phone: '', password: '', remember: rememberLogin.peek() }),
  validateLogin,
);

/** Any failure marks both fields wrong. */
export const bothWrong = computed(() => loginStatus.value === 'failed');

/** Logs in with the form; resolves the profile or null. */
async function submitLogin(): Promise<Profile | null> {
  if (!loginForm.attempt() || loginStatus.peek() === 'pending') return null;
  const v = loginForm.values.peek();
  const next = await login(normalisePhone(dialCode(v.country), v.phone), v.password, v.remember);
  if (next) loginForm.reset({ remember: v.remember });
  return next;
}

/** The login page: after success go to /tracking with an active order, else /home. */
export async function submitLoginPage(): Promise<void> {
  const next = await submitLogin();
  if (next) navigate(landingPath(next), { replace: true });
}

/** Typing after a failure clears the marks, so the customer sees the new attempt fresh. */
export function editLogin<K extends keyof LoginValues>(key: K, value: LoginValues[K]) {
  loginForm.set(key, value);
  if (loginStatus.peek() === 'failed' && key !== 'remember') {
    loginStatus.value = 'idle';
    loginFailure.value = null;
  }
}

/** Leaving the login page forgets the 'Login again' reason. */
export function leaveLogin() {
  tokenError.value = null;
  if (loginStatus.peek() === 'failed') loginStatus.value = 'idle';
}

// ---- the login dialog (shop page) ----

/** The dialog's submit: on success the profile goes on to `onSuccess` (the shop continues the order). */
export async function submitLoginDialog(onSuccess?: (profile: Profile) => void): Promise<boolean> {
  const next = await submitLogin();
  if (!next) return false;
  onSuccess?.(next);
  return true;
}

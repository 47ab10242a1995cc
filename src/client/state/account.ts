/**
 * The session lifecycle: restore at start, profile sync (at start and
 * whenever the page becomes visible), login, logout, the one refresh on 401/422 when 'stay logged in' is
 * on, and the lost-login path with its 'Login again' notice. This module is on the first route, so the
 * form states live in their own modules (login, register, recovery, email, password, bonus, …).
 */
import { batch, signal } from '@preact/signals-react';
import { ERROR_NOTICE_MS } from '../../shared/constants.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireProfilePatch } from '../../shared/wire-account.ts';
import * as api from '../services/account.ts';
import { ApiError, setAuthBridge } from '../services/http.ts';
import { save } from '../services/storage.ts';
import { navigate } from '../router/history.ts';
import { language, locale, t } from './i18n.ts';
import { notify } from './notices.ts';
import { favouriteOwner } from './prefs.ts';
import { markWelcomeSeen } from './prefs-later.ts';
import { restoreRecovery } from './recovery-store.ts';
import { orderNews, profile, rememberLogin, sync, user, type LoginSession, type Profile } from './session.ts';

export type LoginStatus = 'idle' | 'pending' | 'failed';
export const loginStatus = signal<LoginStatus>('idle');
/** Why the last login failed: the HTTP status (0 = no answer) and the server's text. */
/** `retryAfter`: seconds until a refused (429) login may be tried again, when the server said. */
export const loginFailure = signal<{ status: number; message: string; retryAfter?: number } | null>(null);
/** Why the session ended by itself: the token expired, or the account status could not be checked. */
export const tokenError = signal<'expired' | 'status' | null>(null);
export const patchStatus = signal<'idle' | 'loading' | 'patched' | 'error'>('idle');

function isSession(v: unknown): v is LoginSession {
  const s = v as LoginSession | null;
  return Boolean(s && typeof s.id === 'number' && typeof s.token === 'string');
}

function setSession(next: LoginSession | null) {
  user.value = next;
  favouriteOwner.value = next ? String(next.id) : 'guest';
  void save('user', next);
}

/** Every profile the server answers goes through here, so the stored copy never lags. */
export function applyProfile(next: Profile) {
  const hadNews = orderNews.peek() !== null;
  // The server's profile already knows about an order joined or ended here.
  batch(() => {
    profile.value = next;
    orderNews.value = null;
  });
  void save('profile', next);
  if (hadNews) void save('order', null);
}

/**
 * The active order as this page knows it before the next profile sync: joined (with its shop) or ended
 * (null). Stored, so a reload offline still opens tracking, or no longer does.
 */
export function noteActiveOrder(id: number | null, barbershop?: number) {
  orderNews.value = { id };
  void save('order', id === null ? { id: null } : { id, barbershop });
}

// ---- refresh once, and the lost login ----

let refreshing: Promise<boolean> | null = null;

/** One refresh shared by every request that met a 401/422 at the same time. */
function refreshOnce(): Promise<boolean> {
  const current = user.peek();
  if (!current?.refreshToken || !rememberLogin.peek()) return Promise.resolve(false);
  refreshing ??= api
    .refresh(locale.peek(), current.refreshToken)
    .then(
      (answer) => {
        if (user.peek()?.refreshToken !== current.refreshToken || !answer?.access_token) return false;
        setSession({ ...current, id: answer.customer_id ?? current.id, token: answer.access_token });
        return true;
      },
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Log out, then the 'Login again' notice on the login page for 5 s. */
function loginLost() {
  // During a login the form shows its own failure; a stale request after logout has nothing to end.
  if (loginStatus.peek() === 'pending' || !user.peek()) return;
  tokenError.value = 'expired';
  void logout();
  navigate('/login', { replace: true });
  notify({ kind: 'error', title: t('account.loginAgain.title'), text: t('account.loginAgain.text') }, ERROR_NOTICE_MS);
}

setAuthBridge({ token: () => user.peek()?.token ?? null, refresh: refreshOnce, lost: loginLost });

// ---- profile sync ----

/** Fetches the profile; a refused one logs out (keeping the token error), no answer keeps the stored copy. */
async function fetchAndApply(): Promise<'synced' | 'failed'> {
  const current = user.peek();
  if (!current) return 'synced';
  try {
    const next = await api.fetchProfile(locale.peek(), current.id);
    if (user.peek()?.id === current.id) applyProfile(next);
    return 'synced';
  } catch (err) {
    // Offline or a server hiccup: a phone on a bad network must not be logged out for it.
    if (err instanceof ApiError && (err.network || err.status >= 500)) return 'synced';
    if ((err as Error).name === 'AbortError') return 'synced';
    if (user.peek()?.id === current.id) {
      tokenError.value ??= 'status';
      void logout();
      notify({ kind: 'error', title: t('account.loginAgain.title'), text: t('account.statusError') }, ERROR_NOTICE_MS);
    }
    return 'failed';
  }
}

/** A quiet refetch (after an e-mail save, a redeem): the sync status is left alone. */
export const refreshProfile = () => fetchAndApply();

let watching = false;
function watchVisibility() {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('visibilitychange', () => {
    // A quiet resync: the status stays 'synced' meanwhile so no screen falls back to a loader.
    if (document.visibilityState === 'visible' && user.peek() && loginStatus.peek() !== 'pending') void fetchAndApply();
  });
}

/** Puts the stored login back at start and syncs it; the gate waits for the sync and the recovery flag. */
export function restoreSession(storedUser: unknown, storedProfile: unknown, remember: unknown) {
  rememberLogin.value = remember === true;
  if (isSession(storedUser)) {
    user.value = storedUser;
    favouriteOwner.value = String(storedUser.id);
    profile.value = (storedProfile as Profile | undefined) ?? null;
  }
  sync.value = 'syncing';
  watchVisibility();
  void Promise.all([restoreRecovery(), fetchAndApply()]).then(([, outcome]) => {
    sync.value = outcome;
  });
}

// ---- login, logout, patch ----

/** Logs in and syncs the profile; resolves the profile, or null after a failure (both fields then wrong). */
export async function login(phone: string, password: string, remember: boolean): Promise<Profile | null> {
  loginStatus.value = 'pending';
  loginFailure.value = null;
  try {
    const answer = await api.login(locale.peek(), phone, password, language.peek());
    setSession({ id: answer.customer_id, token: answer.access_token, refreshToken: answer.refresh_token });
    rememberLogin.value = remember;
    void save('shouldRememberLogin', remember);
    // Someone who logs in knows the service: after the order ends the gate must not show the welcome carousel.
    markWelcomeSeen();
    const next = await api.fetchProfile(locale.peek(), answer.customer_id);
    applyProfile(next);
    tokenError.value = null;
    sync.value = 'synced';
    loginStatus.value = 'idle';
    return next;
  } catch (err) {
    // A profile error after the tokens arrived leaves no half session behind.
    if (user.peek()) clearSession();
    loginFailure.value =
      err instanceof ApiError
        ? { status: err.status, message: err.message, retryAfter: err.retryAfter }
        : { status: 0, message: String(err) };
    loginStatus.value = 'failed';
    return null;
  }
}

/** Ends the session on this device only (the account is gone on the server already: nothing to revoke). */
export const forgetSession = () => clearSession();

function clearSession() {
  setSession(null);
  batch(() => {
    profile.value = null;
    orderNews.value = null;
  });
  void save('order', null);
  void save('profile', null);
}

/** Logs out here at once, then tells the server to revoke the refresh token (best effort). */
export async function logout(): Promise<void> {
  const current = user.peek();
  clearSession();
  patchStatus.value = 'idle';
  if (!current?.refreshToken) return;
  try {
    await api.logout(locale.peek(), current.refreshToken);
  } catch {
    // Already expired or offline: the local session is gone either way.
  }
}

/** The profile menu's log out: end the session and go home. */
export async function logoutAndLeave() {
  tokenError.value = null;
  await logout();
  navigate('/home', { replace: true });
}

/** The language screen's choice goes to the server too (when logged in), so SMS and push go out in it. */
export async function sendLanguage(lang: Language): Promise<void> {
  if (user.peek() && profile.peek()?.language !== lang) await patchProfile({ language: lang });
}

/** Loading, then patched or error. */
export async function patchProfile(patch: WireProfilePatch): Promise<boolean> {
  return (await savePatch(patch)) === null;
}

/** The same patch, answering why it failed (an ApiError: a 400 names its field) or null when it was saved. */
export async function savePatch(patch: WireProfilePatch): Promise<unknown> {
  const current = user.peek();
  if (!current) return new Error('Not logged in');
  patchStatus.value = 'loading';
  try {
    applyProfile(await api.patchProfile(locale.peek(), current.id, patch));
    patchStatus.value = 'patched';
    return null;
  } catch (err) {
    patchStatus.value = 'error';
    return err;
  }
}

export function reset() {
  loginStatus.value = 'idle';
  loginFailure.value = null;
  tokenError.value = null;
  patchStatus.value = 'idle';
  refreshing = null;
}

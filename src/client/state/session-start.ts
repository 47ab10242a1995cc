/**
 * The session's start, light enough for the first route: a guest never downloads the account module;
 * a stored login is put back at once (so guarded routes open on reload) and the account module, loaded
 * right after, syncs the profile and installs the token refresh.
 */
import { favouriteOwner } from './prefs.ts';
import { restoreRecovery } from './recovery-store.ts';
import { orderNews, profile, rememberLogin, sync, user, type LoginSession, type Profile } from './session.ts';

function isSession(v: unknown): v is LoginSession {
  const s = v as LoginSession | null | undefined;
  return Boolean(s && typeof s.id === 'number' && typeof s.token === 'string');
}

/** The stored news of the active order (state/account.ts noteActiveOrder): `{ id }`, id a number or null. */
function storedNews(v: unknown): { id: number | null } | null {
  const id = (v as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' || id === null ? { id } : null;
}

export function startSession(storedUser: unknown, storedProfile: unknown, remember: unknown, storedOrder?: unknown) {
  sync.value = 'syncing';
  if (isSession(storedUser)) {
    rememberLogin.value = remember === true;
    user.value = storedUser;
    favouriteOwner.value = String(storedUser.id);
    profile.value = (storedProfile as Profile | undefined) ?? null;
    orderNews.value = storedNews(storedOrder);
    void import('./account.ts').then((m) => m.restoreSession(storedUser, storedProfile, remember));
    return;
  }
  void restoreRecovery().finally(() => {
    // A login that happened meanwhile (through the dialog) already set the status.
    if (!user.peek() && sync.peek() === 'syncing') sync.value = 'synced';
  });
}

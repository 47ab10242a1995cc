/**
 * The session's start, light enough for the first route: a guest never downloads the account module;
 * a stored login loads it at once (it syncs the profile and installs the token refresh).
 */
import { restoreRecovery } from './recovery-store.ts';
import { sync, user } from './session.ts';

export function startSession(storedUser: unknown, storedProfile: unknown, remember: unknown) {
  const s = storedUser as { id?: unknown; token?: unknown } | null | undefined;
  if (s && typeof s.id === 'number' && typeof s.token === 'string') {
    sync.value = 'syncing';
    void import('./account.ts').then((m) => m.restoreSession(storedUser, storedProfile, remember));
    return;
  }
  sync.value = 'syncing';
  void restoreRecovery().finally(() => {
    // A login that happened meanwhile (through the dialog) already set the status.
    if (!user.peek() && sync.peek() === 'syncing') sync.value = 'synced';
  });
}

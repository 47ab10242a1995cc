/**
 * The customer's own data (GDPR): "Download my data" saves the server's export as a JSON file; "Delete my account"
 * asks for the password, and after the server deleted the account clears this device's session and the local
 * data of that customer (profile, order, favourites, read messages, recovery progress, position).
 */
import { batch, signal } from '@preact/signals-react';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { save, type StoredKey } from '../services/storage.ts';
import { navigate } from '../router/history.ts';
import { forgetSession, tokenError } from './account.ts';
import { locale, t } from './i18n.ts';
import { reasonOf } from './failure.ts';
import { notify } from './notices.ts';
import { forgetFavouritesOf } from './prefs-later.ts';
import { user } from './session.ts';

export const exportStatus = signal<'idle' | 'pending' | 'failure'>('idle');
export const deleteStatus = signal<'idle' | 'pending' | 'failure'>('idle');
export const deleteError = signal<string | null>(null);
/** The refusal was of the password itself: its text goes on the password field. */
export const deletePasswordRefused = signal(false);

/** Keys that hold something of the person; language, locale and the development switch belong to the device. */
const PERSONAL: StoredKey[] = [
  'user',
  'profile',
  'order',
  'barbershop',
  'recovery',
  'readMessages',
  'pushEnabled',
  'userLatitude',
  'userLongitude',
  'shouldRememberLogin',
  'tutorialSeen',
];

/** Saves the export as a file named by the day; in the page, so no token ever appears in a URL. */
export async function downloadMyData(): Promise<boolean> {
  const me = user.peek();
  if (!me || exportStatus.peek() === 'pending') return false;
  exportStatus.value = 'pending';
  try {
    const data = await api.exportAccount(locale.peek(), me.id);
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `my-data-${me.id}-${new Date().toISOString().slice(0, 10)}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    exportStatus.value = 'idle';
    return true;
  } catch {
    exportStatus.value = 'failure';
    return false;
  }
}

export async function deleteMyAccount(password: string): Promise<boolean> {
  const me = user.peek();
  if (!me || deleteStatus.peek() === 'pending') return false;
  batch(() => {
    deleteStatus.value = 'pending';
    deleteError.value = null;
    deletePasswordRefused.value = false;
  });
  try {
    await api.deleteAccount(locale.peek(), me.id, password);
  } catch (err) {
    const wrong = err instanceof ApiError && (err.message === WIRE_ERRORS.wrongOldPassword || err.message === WIRE_ERRORS.missingPassword);
    batch(() => {
      deletePasswordRefused.value = wrong;
      deleteError.value = wrong
        ? t('accountData.wrongPassword')
        : err instanceof ApiError && (err.status === 429 || err.network)
          ? reasonOf(err)
          : t('accountData.deleteFailed');
      deleteStatus.value = 'failure';
    });
    return false;
  }
  forgetSession();
  tokenError.value = null;
  forgetFavouritesOf(String(me.id));
  await Promise.all(PERSONAL.map((k) => save(k, null)));
  deleteStatus.value = 'idle';
  navigate('/home', { replace: true });
  notify({ kind: 'info', title: t('accountData.deletedTitle'), text: t('accountData.deleted') });
  return true;
}

export function resetAccountData() {
  batch(() => {
    exportStatus.value = 'idle';
    deleteStatus.value = 'idle';
    deleteError.value = null;
    deletePasswordRefused.value = false;
  });
}

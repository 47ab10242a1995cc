/**
 * Why a call failed, as the customer reads it, in his language: no connection, too many tries, or a known text of the
 * wire contract; null when none applies (the caller words it). The transport's own text ("Network error", "Failed
 * to fetch") never reaches the screen.
 */
import { serverTextKey } from '../lib/account.ts';
import { ApiError } from '../services/http.ts';
import { t } from './i18n.ts';

/** No answer at all (offline, DNS, reset). */
export const isOffline = (err: unknown): boolean => err instanceof ApiError && err.network;

export function reasonOf(err: unknown): string | null {
  if (isOffline(err)) return t('account.networkError');
  if (!(err instanceof ApiError)) return null;
  if (err.status === 429) return t('account.tooMany');
  const key = serverTextKey(err.message);
  return (key && t(key)) || null;
}

/**
 * Why a call failed, as the customer reads it, in his language: no connection, too many tries, or a known text of the
 * wire contract; null when none applies (the caller words it). The transport's own text ("Network error", "Failed
 * to fetch") never reaches the screen.
 */
import { serverTextKey } from '../lib/account.ts';
import { ApiError } from '../services/http.ts';
import type { Form } from './account-form.ts';
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

/**
 * A refusal (4xx) naming one of the form's fields is shown on that field, in the customer's words: `say` gets the
 * field and the reason in his language when there is one (a known wire text), and words it. False when the refusal
 * names no field of the form (the caller says it elsewhere).
 */
export function refuseOnField<V extends object, F extends string>(
  form: Form<V, F>,
  err: unknown,
  say: (field: F, reason: string | null) => string,
  /** The form's name of a field the wire names otherwise (the SMS code is `token` on the wire). */
  aliases: Partial<Record<string, F>> = {},
): boolean {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500 || err.status === 429 || !err.field) return false;
  const field = aliases[err.field] ?? (err.field as F);
  if (!(field in form.values.peek())) return false;
  form.refuse(field, say(field, reasonOf(err)));
  return true;
}

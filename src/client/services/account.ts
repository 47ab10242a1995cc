/**
 * The account calls, also the ones the app's original API left without a path (e-mail, messages, push token),
 * each through the one HTTP wrapper. Screens never call these; the state modules do. Customer routes send the
 * bearer token and so may refresh once on 401/422.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import type {
  WireLoginAnswer,
  WireMessage,
  WireProfile,
  WireProfilePatch,
  WireReceipt,
  WireRefreshAnswer,
  WireRegistration,
} from '../../shared/wire-account.ts';
import { request } from './http.ts';

/** The UI language goes along, so the server sends SMS and push in it. */
export const login = (locale: Locale, phone: string, password: string, language?: Language) =>
  request<WireLoginAnswer>(locale, '/login/', { method: 'POST', body: language ? { phone, password, language } : { phone, password } });

/** The refresh token travels both as the bearer and in the body. */
export const refresh = (locale: Locale, refreshToken: string) =>
  request<WireRefreshAnswer>(locale, '/refresh/', { method: 'POST', body: { refresh: refreshToken }, bearer: refreshToken });

export const logout = (locale: Locale, refreshToken: string) =>
  request<unknown>(locale, '/logout/', { method: 'POST', body: { refresh: refreshToken }, bearer: refreshToken });

export const register = (locale: Locale, body: WireRegistration) => request<unknown>(locale, '/register/', { method: 'POST', body });

export const requestResetToken = (locale: Locale, phone: string) =>
  request<unknown>(locale, '/auth/reset-token/', { method: 'POST', body: { phone } });

export const resetPassword = (locale: Locale, body: { phone: string; token: string; password: string }) =>
  request<unknown>(locale, '/auth/reset/', { method: 'POST', body });

/** May answer fresh tokens, since a password change revokes the old refresh token. */
export const changePassword = (locale: Locale, body: { old_password: string; new_password: string }) =>
  request<Partial<WireLoginAnswer> | undefined>(locale, '/password/', { method: 'POST', body, auth: true });

export const fetchProfile = (locale: Locale, id: number, signal?: AbortSignal) =>
  request<WireProfile>(locale, `/customers/${id}/`, { auth: true, signal });

export const patchProfile = (locale: Locale, id: number, patch: WireProfilePatch) =>
  request<WireProfile>(locale, `/customers/${id}/`, { method: 'PATCH', body: patch, auth: true });

/** Lists may come bare or wrapped as { items } (or { results }); both are read. */
function items<T>(answer: T[] | { items?: T[]; results?: T[] } | null | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.items ?? answer?.results ?? [];
}

/** Receipts with their rows named in the UI language (?lang=). */
export const fetchReceipts = async (locale: Locale, lang: Language, id: number) =>
  items(await request<WireReceipt[] | { items?: WireReceipt[] }>(locale, `/customers/${id}/receipts/?lang=${lang}`, { auth: true }));

export const fetchMessages = async (locale: Locale, id: number) =>
  items(await request<WireMessage[] | { items?: WireMessage[] }>(locale, `/customers/${id}/messages/`, { auth: true }));

export const markMessageRead = (locale: Locale, id: number, messageId: number) =>
  request<unknown>(locale, `/customers/${id}/messages/${messageId}/`, { method: 'PATCH', body: { read: true }, auth: true });

export const redeemBenefit = (locale: Locale, id: number, benefitId: number) =>
  request<{ redeemCode?: string | null; dateRedeemed?: string | null } | undefined>(
    locale,
    `/customers/${id}/benefits/${benefitId}/redeem/`,
    {
      method: 'POST',
      body: {},
      auth: true,
    },
  );

export const sendBonusTeaser = (locale: Locale, body: { email: string; allow_email: boolean }) =>
  request<unknown>(locale, '/bonus-teaser/', { method: 'POST', body, auth: true });

/** Change phone, step 1: the current password and the new number; the server sends a code to that number. */
export const requestPhoneChange = (locale: Locale, id: number, body: { phone: string; password: string }) =>
  request<unknown>(locale, `/customers/${id}/phone/`, { method: 'POST', body, auth: true });

/** Change phone, step 2: the code; answers a new token pair (every other session has ended). */
export const confirmPhoneChange = (locale: Locale, id: number, body: { phone: string; token: string }) =>
  request<WireLoginAnswer>(locale, `/customers/${id}/phone/confirm/`, { method: 'POST', body, auth: true });

/** Everything the service keeps about the customer, as one JSON document (GDPR). */
export const exportAccount = (locale: Locale, id: number) => request<unknown>(locale, `/customers/${id}/export/`, { auth: true });

export const deleteAccount = (locale: Locale, id: number, password: string) =>
  request<unknown>(locale, `/customers/${id}/`, { method: 'DELETE', body: { password }, auth: true });

/** Proving the account's phone, step 1: a code by SMS to the number (the same answer whether or not it has an account). */
export const requestPhoneProof = (locale: Locale, phone: string) =>
  request<unknown>(locale, '/auth/phone-code/', { method: 'POST', body: { phone } });

/** Proving the account's phone, step 2: the code back; SMS alerts may go to the number from then on. */
export const provePhone = (locale: Locale, body: { phone: string; token: string }) =>
  request<unknown>(locale, '/auth/phone-proof/', { method: 'POST', body });

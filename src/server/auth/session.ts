/**
 * Logging in, staying logged in and out, and changing the password.
 *
 * Decisions:
 * - /refresh/ answers what the app expects ({customer_id, access_token}) and keeps the refresh token, since
 *   the app stores only the one it got at login. A client may opt in to rotation with
 *   `{rotate: true}`: the answer then also carries a new refresh_token and the old one is revoked; presenting
 *   a rotated token again revokes all of the customer's sessions (it was copied).
 * - Logout revokes the refresh token it is given. Access tokens are not revocable; they lapse within 15 minutes.
 * - A password change revokes every refresh token (all other devices end) and answers a fresh session for the
 *   device that made the change, so it stays logged in. The access token it used stays valid until it expires.
 */
import type { WireLoginAnswer, WireRefreshAnswer } from '../../shared/wire-account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, unauthorized } from '../lib/http-error.ts';
import { appLanguage } from '../../shared/locales.ts';
import { customerById, customerByPhone, setPasswordHash, updateCustomer, upgradePasswordHash } from '../repos/customers.ts';
import { insertRefreshToken, pruneRefreshTokens, refreshTokenByHash, revokeAllRefreshTokens, revokeRefreshToken } from '../repos/tokens.ts';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { assertNewPassword, assertPhone } from './rules.ts';
import { enforce, forget, forgetKey, LIMITS, phoneAddress } from './throttle.ts';
import { deviceOf, signDeviceCookie } from './device-cookie.ts';
import { hashRefreshToken, newRefreshToken, signAccessToken } from './tokens.ts';
import { MAX_PASSWORD_LENGTH } from '../../shared/constants.ts';

export const WRONG_LOGIN = 'Wrong phone number or password';

/** A new access + refresh pair for the customer. */
export async function issueSession(deps: Deps, customerId: number, q: Queryable = deps.db): Promise<WireLoginAnswer> {
  const now = deps.now();
  const refresh = newRefreshToken();
  await insertRefreshToken(q, customerId, hashRefreshToken(refresh), now, deps.config.refreshTtlMs);
  const access_token = await signAccessToken(deps.keys, customerId, now, deps.config.accessTtlMs);
  return { customer_id: customerId, access_token, refresh_token: refresh };
}

/**
 * Logs in. `deviceCookie` is the request's device cookie (auth/device-cookie.ts): valid for this phone, only its
 * own attempts are counted. The answer's `deviceCookie` is the one to set (a fresh one after every success).
 */
export async function login(
  deps: Deps,
  body: Record<string, unknown>,
  address: string,
  deviceCookie: string | null = null,
): Promise<{ answer: WireLoginAnswer; deviceCookie: string }> {
  if (body.phone === undefined || body.phone === null || body.phone === '') throw badRequest(WIRE_ERRORS.missingPhone, 'phone');
  if (body.password === undefined || body.password === null || body.password === '')
    throw badRequest(WIRE_ERRORS.missingPassword, 'password');
  const phone = assertPhone(body.phone, body.countryCode);
  if (typeof body.password !== 'string') throw badRequest(WIRE_ERRORS.missingPassword, 'password');
  const password = body.password;

  const { limits } = deps.config;
  const pair = phoneAddress(phone, address);
  // A device this phone logged in on before is held by its own limit only, never by what strangers spent.
  const device = await deviceOf(deps.keys, deviceCookie, phone, deps.now());
  const deviceLimit = {
    name: 'loginDevice',
    key: device ?? '',
    rule: { limit: limits.loginDevice, windowMs: LIMITS.loginPhoneAddress.windowMs, what: 'attempts' as const },
  };
  if (device) {
    await enforce(deps.db, deps.now(), [deviceLimit]);
  } else {
    // Per phone and address first. Once an address is blocked there its attempts stop at this check and never reach
    // the phone's own, higher ceiling, so a stranger cannot lock the owner out from elsewhere.
    await enforce(deps.db, deps.now(), [
      { name: 'loginPhoneAddress', key: pair, limit: limits.loginPhoneAddress },
      { name: 'loginAddress', key: address },
    ]);
    await enforce(deps.db, deps.now(), [{ name: 'loginPhone', key: phone, limit: limits.loginPhone }]);
  }
  const customer = await customerByPhone(deps.db, phone);
  let ok = false;
  if (password.length <= MAX_PASSWORD_LENGTH) {
    if (customer) ok = await verifyPassword(password, customer.password_hash);
    // An unknown phone costs one scrypt too, so the time taken does not tell whether the account exists.
    else await burnVerify(password, deps.config.scrypt);
  }
  if (!customer || !ok) throw unauthorized(WRONG_LOGIN);

  if (device) await forgetKey(deps.db, `${deviceLimit.name}:${device}`);
  else await forget(deps.db, 'loginPhoneAddress', pair);
  // The app sends the UI language it logs in with, so SMS and push go out in it; an unknown code is ignored
  // (a login must not fail over it).
  const language = appLanguage(body.language);
  if (language && language !== customer.language) await updateCustomer(deps.db, customer.id, { language });
  if (needsRehash(customer.password_hash, deps.config.scrypt)) {
    await upgradePasswordHash(deps.db, customer.id, customer.password_hash, await hashPassword(password, deps.config.scrypt));
  }
  // Expired records are dropped here rather than by a timer: logins are frequent enough.
  await pruneRefreshTokens(deps.db, deps.now());
  return { answer: await issueSession(deps, customer.id), deviceCookie: await signDeviceCookie(deps.keys, phone, deps.now()) };
}

/**
 * The refresh token from the body's `refresh` or the bearer header (the app sends both). The body wins: a
 * logout may come with the access token as its bearer.
 */
export function refreshTokenOf(bearer: string | null, body: Record<string, unknown>): string | null {
  if (typeof body.refresh === 'string' && body.refresh) return body.refresh;
  return bearer;
}

export async function refresh(deps: Deps, token: string | null, rotate: boolean): Promise<WireRefreshAnswer & { refresh_token?: string }> {
  if (!token) throw unauthorized('Missing refresh token');
  const now = deps.now();
  const record = await refreshTokenByHash(deps.db, hashRefreshToken(token), now);
  if (!record) throw unauthorized('Invalid refresh token');
  if (record.revoked) {
    if (record.revoked_reason === 'rotated') await revokeAllRefreshTokens(deps.db, record.customer_id, 'reuse', now);
    throw unauthorized('Invalid refresh token');
  }
  if (record.expired) throw unauthorized('Invalid refresh token');
  if (rotate) {
    return deps.db.transaction(async (tx) => {
      // Conditional revoke: of two parallel rotations of one token only one gets a new token.
      if (!(await revokeRefreshToken(tx, record.id, 'rotated', now))) throw unauthorized('Invalid refresh token');
      return issueSession(deps, record.customer_id, tx);
    });
  }
  const access_token = await signAccessToken(deps.keys, record.customer_id, now, deps.config.accessTtlMs);
  return { customer_id: record.customer_id, access_token };
}

/**
 * Revokes the given refresh token; with `all`, every session of its customer. Unknown or already revoked
 * tokens answer the same: logging out always succeeds from the client's side.
 */
export async function logout(deps: Deps, token: string | null, all: boolean): Promise<void> {
  if (!token) throw badRequest('Missing refresh parameter', 'refresh');
  const now = deps.now();
  const record = await refreshTokenByHash(deps.db, hashRefreshToken(token), now);
  if (!record || record.revoked) return;
  if (all) await revokeAllRefreshTokens(deps.db, record.customer_id, 'logout', now);
  else await revokeRefreshToken(deps.db, record.id, 'logout', now);
}

export async function changePassword(deps: Deps, customerId: number, body: Record<string, unknown>): Promise<WireLoginAnswer> {
  const old = body.old_password;
  if (old === undefined || old === null || old === '') throw badRequest('Missing old_password parameter', 'old_password');
  if (typeof old !== 'string') throw badRequest(WIRE_ERRORS.wrongOldPassword, 'old_password');
  const next = assertNewPassword(body.new_password, 'new_password');

  await enforce(deps.db, deps.now(), [{ name: 'passwordCustomer', key: String(customerId) }]);
  const customer = await customerById(deps.db, customerId);
  if (!customer) throw unauthorized(WIRE_ERRORS.userNotFound);
  if (old.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(old, customer.password_hash)))
    throw badRequest(WIRE_ERRORS.wrongOldPassword, 'old_password');

  const hash = await hashPassword(next, deps.config.scrypt);
  const session = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, customerId, hash, deps.now());
    await revokeAllRefreshTokens(tx, customerId, 'password', deps.now());
    return issueSession(deps, customerId, tx);
  });
  await forget(deps.db, 'passwordCustomer', String(customerId));
  return session;
}

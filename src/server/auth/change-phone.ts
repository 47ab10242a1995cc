/**
 * Changing the account's phone number, in two steps:
 * 1. POST /customers/{id}/phone/ {password, phone}: the current password proves the owner; a 6-digit code goes by
 *    SMS to the NEW number (valid 1 h, single use, 5 tries; stored with purpose 'phone' and bound to this customer,
 *    so a recovery code can never change a phone and another customer's code cannot either).
 * 2. POST /customers/{id}/phone/confirm/ {phone, token}: the code proves the new number. The phone changes, every
 *    refresh token is revoked (the other devices log out), this device gets a new session, the new number is proven,
 *    and the OLD number, if it was proven, gets an SMS saying the number changed. From then on login works with the
 *    new number only.
 * A number that already has an account is refused with the registration's text, which names no one.
 */
import { timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_VALID_MS } from '../../shared/constants.ts';
import { languageOfLocale, type Locale } from '../../shared/locales.ts';
import type { WireLoginAnswer } from '../../shared/wire-account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, unauthorized } from '../lib/http-error.ts';
import type { Body } from '../input/body.ts';
import { phoneChangedText, phoneCodeText } from '../notify/texts.ts';
import { customerById, customerByPhone, setPhone } from '../repos/customers.ts';
import { insertCode, markUsed, pruneCodes, takeTry } from '../repos/sms-codes.ts';
import { revokeAllRefreshTokens } from '../repos/tokens.ts';
import { assertCurrentPassword } from './current-password.ts';
import { MAX_CODE_TRIES, newCode } from './recovery.ts';
import { assertPhone } from './rules.ts';
import { issueSession } from './session.ts';
import { enforce, forget } from './throttle.ts';
import { hashCode } from './tokens.ts';

export const SAME_PHONE = 'This is already your phone number';

// The purpose is part of the keyed hash too: a recovery code's hash never equals a phone code's.
const phoneCodeHash = (deps: Deps, phone: string, code: string) => hashCode(deps.keys, `phone:${phone}`, code);

export async function requestPhoneCode(deps: Deps, customerId: number, body: Body, locale: Locale, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const me = await assertCurrentPassword(deps, customerId, body.password);
  if (me.phone === phone) throw badRequest(SAME_PHONE, 'phone');
  // The same limits as recovery codes: a number gets at most a few SMS an hour, whoever asks.
  await enforce(deps.db, deps.now(), [
    { name: 'codePhone', key: phone, limit: deps.config.limits.codePhone },
    { name: 'codeAddress', key: address, limit: deps.config.limits.codeAddress },
  ]);
  if (await customerByPhone(deps.db, phone)) throw conflict(WIRE_ERRORS.phoneTaken, 'phone');

  const code = newCode();
  const now = deps.now();
  await pruneCodes(deps.db, now);
  await insertCode(deps.db, {
    purpose: 'phone',
    customerId,
    phone,
    codeHash: phoneCodeHash(deps, phone, code),
    now,
    validMs: RECOVERY_CODE_VALID_MS,
  });
  await deps.sms.send(phone, phoneCodeText(me.language ?? languageOfLocale(locale), code));
  return { ok: true };
}

export async function confirmPhone(deps: Deps, customerId: number, body: Body, locale: Locale, address: string): Promise<WireLoginAnswer> {
  const phone = assertPhone(body.phone, body.countryCode);
  const token = body.token;
  if (token === undefined || token === null || token === '') throw badRequest(WIRE_ERRORS.missingToken, 'token');
  const code = typeof token === 'string' ? token.trim() : '';
  // Not six digits cannot be a code: refused without spending one of the code's tries.
  if (!/^\d{6}$/.test(code)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  await enforce(deps.db, deps.now(), [{ name: 'resetAddress', key: address, limit: deps.config.limits.codeTryAddress }]);
  const attempt = await takeTry(deps.db, 'phone', phone, deps.now(), MAX_CODE_TRIES, customerId);
  if (!attempt) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  const given = Buffer.from(phoneCodeHash(deps, phone, code), 'hex');
  const stored = Buffer.from(attempt.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  const before = await customerById(deps.db, customerId);
  if (!before) throw unauthorized(WIRE_ERRORS.userNotFound);
  const session = await deps.db.transaction(async (tx) => {
    if (!(await markUsed(tx, attempt.id, deps.now()))) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
    // Someone may have registered the number since the code was sent: the unique index decides.
    if (!(await setPhone(tx, customerId, phone, deps.now()))) throw conflict(WIRE_ERRORS.phoneTaken, 'phone');
    await revokeAllRefreshTokens(tx, customerId, 'phone', deps.now());
    return issueSession(deps, customerId, tx);
  });
  await forget(deps.db, 'loginPhone', phone);
  // No SMS but a code goes to a number nobody proved (docs/decisions.md, "A phone is proven before it is texted").
  if (!before.phone_proven) return session;
  const language = before.language ?? languageOfLocale(locale);
  // Not awaited: the change is done; a gateway failure must not turn it into an error.
  deps.sms
    .send(before.phone, phoneChangedText(language, phone))
    .catch((err: Error) => deps.log.error({ err: err.message }, 'phone-changed SMS failed'));
  return session;
}

/**
 * Password recovery by SMS code: 6 random digits, valid 1 hour, single use, at most 5 tries each. The
 * answers never tell whether a phone has an account: an unknown phone gets the same answer and no SMS, and
 * the SMS leaves after the answer so timing does not tell either.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_VALID_MS } from '../../shared/constants.ts';
import { languageOfLocale, type Locale } from '../../shared/locales.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../lib/http-error.ts';
import { codeText } from '../notify/texts.ts';
import { customerByPhone, setPasswordHash } from '../repos/customers.ts';
import { insertCode, markUsed, pruneCodes, takeTry } from '../repos/sms-codes.ts';
import { revokeAllRefreshTokens } from '../repos/tokens.ts';
import type { Body } from '../input/body.ts';
import { hashPassword } from './passwords.ts';
import { assertNewPassword, assertPhone } from './rules.ts';
import { enforce, forgetPhone, LIMITS } from './throttle.ts';
import { hashCode } from './tokens.ts';

export const MAX_CODE_TRIES = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function requestCode(deps: Deps, body: Body, locale: Locale, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const customer = await customerByPhone(deps.db, phone);
  // A number without an account spends nobody's limits (not the number's, which its owner may register tomorrow,
  // nor its SMS budget): its requests are counted in a bucket of their own under the same rule, so its answers,
  // 429s included, are the very ones an account's number gets and tell nothing.
  await enforce(deps.db, deps.now(), [
    customer ? { name: 'codePhone', key: phone } : { name: 'codeNoAccount', key: phone, rule: LIMITS.codePhone },
    { name: 'codeAddress', key: address },
  ]);
  if (!customer) return { ok: true };
  // The number's SMS budget (notify/sms-budget.ts) is counted before the code is made, so the code is in the
  // outbox by the time the answer arrives.
  const allowed = await deps.sms.take(phone);

  const code = newCode();
  const now = deps.now();
  await pruneCodes(deps.db, now);
  await insertCode(deps.db, {
    purpose: 'recovery',
    customerId: customer.id,
    phone,
    codeHash: hashCode(deps.keys, phone, code),
    now,
    validMs: RECOVERY_CODE_VALID_MS,
  });
  const text = codeText(customer.language ?? languageOfLocale(locale), code);
  if (!allowed) {
    deps.log.warn({ to: phone }, 'recovery SMS not sent: the number has had its SMS budget');
    return { ok: true };
  }
  // Not awaited: the answer must not wait for the gateway (that would time the account's existence).
  deps.sms.sendTaken(phone, text).catch((err: Error) => deps.log.error({ err: err.message, to: phone }, 'recovery SMS failed'));
  return { ok: true };
}

export async function resetPassword(deps: Deps, body: Body, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const token = body.token;
  if (token === undefined || token === null || token === '') throw badRequest(WIRE_ERRORS.missingToken, 'token');
  const password = assertNewPassword(body.password);
  const code = typeof token === 'number' ? String(token).padStart(6, '0') : typeof token === 'string' ? token.trim() : '';
  // Not six digits cannot be a code: refused without spending one of the code's tries.
  if (!/^\d{6}$/.test(code)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  await enforce(deps.db, deps.now(), [{ name: 'resetAddress', key: address }]);
  const attempt = await takeTry(deps.db, 'recovery', phone, deps.now(), MAX_CODE_TRIES);
  if (!attempt) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  const given = Buffer.from(hashCode(deps.keys, phone, code), 'hex');
  const stored = Buffer.from(attempt.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  const hash = await hashPassword(password, deps.config.scrypt);
  await deps.db.transaction(async (tx) => {
    if (!(await markUsed(tx, attempt.id, deps.now()))) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
    await setPasswordHash(tx, attempt.customer_id, hash, deps.now());
    await revokeAllRefreshTokens(tx, attempt.customer_id, 'recovery', deps.now());
  });
  // The owner proved the phone: earlier wrong logins no longer block it, from any address.
  await forgetPhone(deps.db, phone);
  return { ok: true };
}

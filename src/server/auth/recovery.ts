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
import { customerByPhone, provePhone, setPasswordHash } from '../repos/customers.ts';
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
  await sendCode(deps, {
    purpose: 'recovery',
    phone,
    customer,
    address,
    hashKey: phone,
    text: (code) => codeText(customer?.language ?? languageOfLocale(locale), code),
  });
  return { ok: true };
}

/**
 * Sends a code to a phone under the limits of every code the server texts (LIMITS.codePhone, codeAddress), the
 * recovery code's and the phone proof's alike, so they share one count per number and per address. `customer` null
 * (no account has the number) or `send` false: the limits are counted and nothing is sent, so the answer tells
 * nothing.
 */
export async function sendCode(
  deps: Deps,
  c: {
    purpose: 'recovery' | 'proof';
    phone: string;
    customer: { id: number } | null;
    address: string;
    /** What the code's keyed hash binds it to (the phone, with the purpose when not recovery). */
    hashKey: string;
    text: (code: string) => string;
    send?: boolean;
  },
): Promise<void> {
  const { phone, customer, address } = c;
  // A number without an account spends nobody's limits (not the number's, which its owner may register tomorrow,
  // nor its SMS budget): its requests are counted in a bucket of their own under the same rule, so its answers,
  // 429s included, are the very ones an account's number gets and tell nothing.
  const limits = deps.config.limits;
  await enforce(deps.db, deps.now(), [
    customer
      ? { name: 'codePhone', key: phone, limit: limits.codePhone }
      : { name: 'codeNoAccount', key: phone, rule: { ...LIMITS.codePhone, limit: limits.codePhone } },
    { name: 'codeAddress', key: address, limit: limits.codeAddress },
  ]);
  if (!customer || c.send === false) return;
  // The number's SMS budget (notify/sms-budget.ts) is counted before the code is made, so the code is in the
  // outbox by the time the answer arrives.
  const allowed = await deps.sms.take(phone);

  const code = newCode();
  const now = deps.now();
  await pruneCodes(deps.db, now);
  await insertCode(deps.db, {
    purpose: c.purpose,
    customerId: customer.id,
    phone,
    codeHash: hashCode(deps.keys, c.hashKey, code),
    now,
    validMs: RECOVERY_CODE_VALID_MS,
  });
  if (!allowed) {
    deps.log.warn({ to: phone, purpose: c.purpose }, 'code SMS not sent: the number has had its SMS budget');
    return;
  }
  // Not awaited: the answer must not wait for the gateway (that would time the account's existence).
  deps.sms.sendTaken(phone, c.text(code)).catch((err: Error) => deps.log.error({ err: err.message, to: phone }, 'code SMS failed'));
}

export async function resetPassword(deps: Deps, body: Body, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const token = body.token;
  if (token === undefined || token === null || token === '') throw badRequest(WIRE_ERRORS.missingToken, 'token');
  const password = assertNewPassword(body.password);
  const code = typeof token === 'number' ? String(token).padStart(6, '0') : typeof token === 'string' ? token.trim() : '';
  // Not six digits cannot be a code: refused without spending one of the code's tries.
  if (!/^\d{6}$/.test(code)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  await enforce(deps.db, deps.now(), [{ name: 'resetAddress', key: address, limit: deps.config.limits.codeTryAddress }]);
  const attempt = await takeTry(deps.db, 'recovery', phone, deps.now(), MAX_CODE_TRIES);
  if (!attempt) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  const given = Buffer.from(hashCode(deps.keys, phone, code), 'hex');
  const stored = Buffer.from(attempt.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  const hash = await hashPassword(password, deps.config.scrypt);
  await deps.db.transaction(async (tx) => {
    if (!(await markUsed(tx, attempt.id, deps.now()))) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
    await setPasswordHash(tx, attempt.customer_id, hash, deps.now());
    // The code came to this phone: it is proven too.
    await provePhone(tx, attempt.customer_id, phone, deps.now());
    await revokeAllRefreshTokens(tx, attempt.customer_id, 'recovery', deps.now());
  });
  // The owner proved the phone: earlier wrong logins no longer block it, from any address.
  await forgetPhone(deps.db, phone);
  return { ok: true };
}

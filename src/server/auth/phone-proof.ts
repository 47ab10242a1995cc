/**
 * Proving the account's phone (docs/decisions.md, "A phone is proven before it is texted"): until its owner types a
 * code sent to it, no SMS but a code goes to the number, whatever allow_sms says. Two calls without a session, as
 * recovery (the app asks for the code right after registration, before any login; the profile asks the same later):
 * 1. POST /auth/phone-code/ {countryCode, phone}: a 6-digit code to the number if an account has it and it is not
 *    proven yet (valid 1 h, single use, 5 tries), under the recovery codes' limits and the same answer either way.
 * 2. POST /auth/phone-proof/ {countryCode, phone, token}: the code proves the number; the account keeps it proven
 *    (a later phone change proves the new number by its own code).
 */
import { timingSafeEqual } from 'node:crypto';
import { languageOfLocale, type Locale } from '../../shared/locales.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../lib/http-error.ts';
import type { Body } from '../input/body.ts';
import { proofCodeText } from '../notify/texts.ts';
import { customerByPhone, provePhone } from '../repos/customers.ts';
import { markUsed, takeTry } from '../repos/sms-codes.ts';
import { MAX_CODE_TRIES, sendCode } from './recovery.ts';
import { assertPhone } from './rules.ts';
import { enforce } from './throttle.ts';
import { hashCode } from './tokens.ts';

// The purpose is part of the keyed hash too: a proof code's hash never equals a recovery or phone-change code's.
const proofKey = (phone: string) => `proof:${phone}`;

export async function requestProofCode(deps: Deps, body: Body, locale: Locale, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const customer = await customerByPhone(deps.db, phone);
  await sendCode(deps, {
    purpose: 'proof',
    phone,
    customer,
    address,
    hashKey: proofKey(phone),
    text: (code) => proofCodeText(customer?.language ?? languageOfLocale(locale), code),
    // A proven number needs no code: counted, not sent, and the answer is the same.
    send: !customer?.phone_proven,
  });
  return { ok: true };
}

export async function provePhoneByCode(deps: Deps, body: Body, address: string): Promise<{ ok: true }> {
  const phone = assertPhone(body.phone, body.countryCode);
  const token = body.token;
  if (token === undefined || token === null || token === '') throw badRequest(WIRE_ERRORS.missingToken, 'token');
  const code = typeof token === 'number' ? String(token).padStart(6, '0') : typeof token === 'string' ? token.trim() : '';
  // Not six digits cannot be a code: refused without spending one of the code's tries.
  if (!/^\d{6}$/.test(code)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');

  await enforce(deps.db, deps.now(), [{ name: 'resetAddress', key: address, limit: deps.config.limits.codeTryAddress }]);
  const attempt = await takeTry(deps.db, 'proof', phone, deps.now(), MAX_CODE_TRIES);
  if (!attempt) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  const given = Buffer.from(hashCode(deps.keys, proofKey(phone), code), 'hex');
  const stored = Buffer.from(attempt.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  await deps.db.transaction(async (tx) => {
    if (!(await markUsed(tx, attempt.id, deps.now()))) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
    // The account moved to another number since the code was sent: this code proves nothing about it.
    if (!(await provePhone(tx, attempt.customer_id, phone, deps.now()))) throw badRequest(WIRE_ERRORS.invalidCode, 'token');
  });
  return { ok: true };
}

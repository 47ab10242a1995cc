/**
 * The server's side of the form rules: the shared checks the forms make as the customer types
 * (src/shared/account-rules.ts: password length, composition and the common-password list), plus phone
 * numbers in one international form so one person cannot hold two accounts as "040…" and "+35840…".
 */
import { passwordProblem as problemOf } from '../../shared/account-rules.ts';
import { dialCode, isEmail, normalisePhone } from '../../shared/validation.ts';
import { missingParameter, WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { badRequest } from '../lib/http-error.ts';

export { isEmail };

// Dial codes of the served countries. A national number never starts with 0 after them, so a trunk 0
// typed after the code ("+358 040 …") is dropped.
const SERVED_DIAL_CODES = ['+358', '+372', '+47', '+45', '+46'];

/**
 * Any typed phone → E.164 (`+358401234567`), or null when it cannot be a phone number.
 * `country` may be a dial code (`+372`) or a country (`EE`); numbers without one get +358.
 */
export function toInternationalPhone(raw: string, country?: string | null): string | null {
  const c = (country ?? '').trim();
  const dial = /^\+?\d{1,4}$/.test(c) ? (c.startsWith('+') ? c : `+${c}`) : dialCode(c);
  let phone = normalisePhone(dial, raw.trim());
  for (const code of SERVED_DIAL_CODES) {
    if (phone.startsWith(`${code}0`)) {
      phone = code + phone.slice(code.length + 1);
      break;
    }
  }
  // E.164: no leading zero, at most 15 digits; at least 8, the shortest numbers of the served countries (+358 + 5).
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : null;
}

/** Why a new password is refused, as the exact text the client shows, or null when fine. */
export function passwordProblem(password: string): string | null {
  // A common password keeps the wire's 'Password too weak'; the forms carry the same list and say "too common".
  const problem = problemOf(password);
  if (problem === 'long') return WIRE_ERRORS.passwordTooLong;
  return problem ? WIRE_ERRORS.passwordTooWeak : null;
}

/**
 * Throws the recovery/registration texts for a new password ('Missing password parameter',
 * 'Password too weak'); `field` names the body field, and the missing text names it too.
 */
export function assertNewPassword(password: unknown, field = 'password'): string {
  if (password === undefined || password === null || password === '') throw badRequest(missingParameter(field), field);
  if (typeof password !== 'string') throw badRequest(WIRE_ERRORS.passwordTooWeak, field);
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem, field);
  return password;
}

/** Throws 'Missing phone parameter' / 'Invalid phone number'; returns the E.164 form. */
export function assertPhone(phone: unknown, country?: unknown): string {
  if (phone === undefined || phone === null || phone === '') throw badRequest(WIRE_ERRORS.missingPhone, 'phone');
  const normal = typeof phone === 'string' ? toInternationalPhone(phone, typeof country === 'string' ? country : null) : null;
  if (!normal) throw badRequest(WIRE_ERRORS.invalidPhone, 'phone');
  return normal;
}

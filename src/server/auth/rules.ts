/**
 * The server's side of the form rules: the shared checks (src/shared/validation.ts) plus what only
 * the server can enforce — a maximum password length, the common-password list, and phone numbers in one
 * international form so one person cannot hold two accounts as "040…" and "+35840…".
 */
import { MAX_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { dialCode, isEmail, isStrongPassword, normalisePhone } from '../../shared/validation.ts';
import { missingParameter, WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { badRequest } from '../errors.ts';
import { isCommonPassword } from './common-passwords.ts';

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
  if (password.length > MAX_PASSWORD_LENGTH) return WIRE_ERRORS.passwordTooLong;
  if (!isStrongPassword(password) || isCommonPassword(password)) return WIRE_ERRORS.passwordTooWeak;
  return null;
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

/**
 * Form rules, shared so the server enforces exactly what the client checks.
 * Validators return per-field error keys (empty object = valid); locales hold the visible texts.
 * The forms that set a password (registration, recovery, change) are in account-rules.ts.
 */
import {
  DEFAULT_DIAL_CODE,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_INPUT_LENGTH,
  MIN_PASSWORD_LENGTH,
  RECOVERY_CODE_VALID_MS,
  REGISTRATION_COUNTRIES,
  SMS_CODE_LENGTH,
} from './constants.ts';

/** Error keys and the English text each stands for. */
export type ValidationError =
  | 'validation.phone' // Check your phone number
  | 'validation.password' // Check your password
  | 'validation.firstname' // Check your first name
  | 'validation.lastname' // Check your last name
  | 'validation.email' // Check your email
  | 'validation.terms' // You must agree to the terms of use
  | 'validation.code' // Check your confirmation code
  | 'validation.passwordStrength' // Check that your password is secure enough
  | 'validation.passwordRepeat' // Check the passwords
  | 'validation.oldPassword' // Check your old password
  | 'validation.newPassword' // New password is not valid
  | 'validation.passwordMismatch' // The passwords don't match
  | 'validation.passwordCommon' // This password is too common
  | 'validation.passwordLong' // At most {{max}} characters
  | 'validation.nameLong'; // At most {{nameMax}} characters

/** The numbers the password hint and the error texts name ({{min}}, {{max}}, {{nameMax}}). */
export const RULE_PARAMS = { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH, nameMax: MAX_NAME_LENGTH } as const;

/**
 * The longest value each account form field may hold, by its name in the forms and on the wire: the server's
 * limits, so a field's maxlength stops what the server would refuse.
 */
export const FIELD_MAX: Readonly<Record<string, number>> = {
  firstname: MAX_NAME_LENGTH,
  lastname: MAX_NAME_LENGTH,
  email: MAX_EMAIL_LENGTH,
  phone: MAX_PHONE_INPUT_LENGTH,
  password: MAX_PASSWORD_LENGTH,
  old_password: MAX_PASSWORD_LENGTH,
  new_password: MAX_PASSWORD_LENGTH,
  confirm: MAX_PASSWORD_LENGTH,
  repeat: MAX_PASSWORD_LENGTH,
  code: SMS_CODE_LENGTH,
  token: SMS_CODE_LENGTH,
};

export type FieldErrors<F extends string> = Partial<Record<F, ValidationError>>;

/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\d/.test(password);
}

/** Simple pattern: something@domain.tld with a top-level part of at least 2 characters. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(email.trim());
}

/** Login only requires both fields; a failed login marks both wrong. */
export function validateLogin(form: { phone: string; password: string }): FieldErrors<'phone' | 'password'> {
  const errors: FieldErrors<'phone' | 'password'> = {};
  if (!form.phone.trim()) errors.phone = 'validation.phone';
  if (!form.password) errors.password = 'validation.password';
  return errors;
}

/** A stored recovery is resumed only within an hour of the code being sent. */
export function isRecoveryFresh(sentAt: number, now: number): boolean {
  return Number.isFinite(sentAt) && now >= sentAt && now - sentAt < RECOVERY_CODE_VALID_MS;
}

export const isValid = (errors: object): boolean => Object.keys(errors).length === 0;

/** Dial code of a registration country; anything unknown falls back to +358. */
export function dialCode(country: string | null | undefined): string {
  const c = (country ?? '').trim().toUpperCase();
  return REGISTRATION_COUNTRIES.find((r) => r.country === c)?.dialCode ?? DEFAULT_DIAL_CODE;
}

/**
 * Dial code plus the number without separators or the trunk 0: ('+358', '040 123 4567') → '+358401234567'.
 * A number typed in international form (+… or 00…) keeps its own country code.
 */
export function normalisePhone(dial: string, number: string): string {
  const digits = number.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const code = dial.trim().startsWith('+') ? dial.trim() : `+${dial.trim()}`;
  return `${code}${digits.replace(/^0+/, '')}`;
}

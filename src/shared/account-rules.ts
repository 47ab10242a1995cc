/**
 * The account forms' rules in one place: the registration, recovery and password-change forms check them as
 * the customer types, their hints are written from the same limits, and the server enforces exactly these.
 * Kept apart from validation.ts because the common-password list rides along: only the lazily loaded
 * account screens and the server import this module, never the first route.
 */
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PHONE_LENGTH } from './constants.ts';
import { isCommonPassword } from './common-passwords.ts';
import { validateNames } from './name-rules.ts';
import type { WireRegistration } from './wire-account.ts';
import { isEmail, isStrongPassword, type FieldErrors, type ValidationError } from './validation.ts';

export { RULE_PARAMS } from './validation.ts';

/** Why a new password is refused, or null when it is fine. */
export type PasswordProblem = 'weak' | 'long' | 'common';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length > MAX_PASSWORD_LENGTH) return 'long';
  if (!isStrongPassword(password)) return 'weak';
  if (isCommonPassword(password)) return 'common';
  return null;
}

/** An e-mail address: the pattern and at most MAX_EMAIL_LENGTH characters. */
export const isEmailAddress = (email: string): boolean => email.trim().length <= MAX_EMAIL_LENGTH && isEmail(email);

/** A new password's error in a form: `weak` keeps the form's own key, the other problems say what is wrong. */
function newPasswordError(password: string, weak: ValidationError): ValidationError | undefined {
  const problem = passwordProblem(password);
  if (problem === 'long') return 'validation.passwordLong';
  if (problem === 'common') return 'validation.passwordCommon';
  return problem === 'weak' ? weak : undefined;
}

/** The registration body, with the dial code always chosen. */
export interface RegistrationForm extends WireRegistration {
  countryCode: string;
}
export type RegistrationField = 'firstname' | 'lastname' | 'phone' | 'password' | 'email' | 'terms';

export function validateRegistration(form: RegistrationForm): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = validateNames(form);
  if (form.phone.trim().length < MIN_PHONE_LENGTH) errors.phone = 'validation.phone';
  const password = newPasswordError(form.password, 'validation.password');
  if (password) errors.password = password;
  if (!isEmailAddress(form.email)) errors.email = 'validation.email';
  if (!form.terms_accepted) errors.terms = 'validation.terms';
  return errors;
}

export interface RecoveryForm {
  token: string;
  password: string;
  repeat: string;
}
export type RecoveryField = 'token' | 'password' | 'repeat';

/** Step 2 of recovery: the SMS code, a strong new password and a matching repeat. */
export function validateRecovery(form: RecoveryForm): FieldErrors<RecoveryField> {
  const errors: FieldErrors<RecoveryField> = {};
  if (!form.token.trim()) errors.token = 'validation.code';
  const password = newPasswordError(form.password, 'validation.passwordStrength');
  if (password) errors.password = password;
  if (form.repeat !== form.password) errors.repeat = 'validation.passwordRepeat';
  return errors;
}

export interface PasswordChangeForm {
  old_password: string;
  new_password: string;
  confirm: string;
}
export type PasswordChangeField = 'old_password' | 'new_password' | 'confirm';

/** The new password follows the same rule as at registration, and its hint says so. */
export function validatePasswordChange(form: PasswordChangeForm): FieldErrors<PasswordChangeField> {
  const errors: FieldErrors<PasswordChangeField> = {};
  if (!form.old_password) errors.old_password = 'validation.oldPassword';
  const password = newPasswordError(form.new_password, 'validation.newPassword');
  if (password) errors.new_password = password;
  if (form.confirm !== form.new_password) errors.confirm = 'validation.passwordMismatch';
  return errors;
}

/**
 * Registration: idle → pending (loader) → success or failure (the generic message plus the server's errors under
 * 'other errors'). Success asks for the code sent to the phone (state/phone-proof.ts), then thanks: the phone proven,
 * or skipped (SMS alerts stay off until it is).
 */
import { batch, signal } from '@preact/signals-react';
import { validateRegistration, type RegistrationField, type RegistrationForm } from '../../shared/account-rules.ts';
import { dialCode, normalisePhone, type ValidationError } from '../lib/validation.ts';
import { serverTextKey } from '../lib/account.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { createForm } from './account-form.ts';
import { locale, t } from './i18n.ts';
import { resetProof, startProof } from './phone-proof.ts';

export const registerStatus = signal<'idle' | 'pending' | 'success' | 'failure'>('idle');
/** Server errors that name no field of the form, as texts; each is shown with the generic prefix under 'other errors'. */
export const otherErrors = signal<string[]>([]);

const initial = (): RegistrationForm => ({
  countryCode: locale.peek() === 'EE' ? 'EE' : 'FI',
  phone: '',
  password: '',
  firstname: '',
  lastname: '',
  email: '',
  terms_accepted: false,
  allow_email: false,
  allow_sms: true,
});

export const registerForm = createForm<RegistrationForm, RegistrationField>(initial, validateRegistration);

// The key each field's own check shows: a server refusal naming the field without a known text says this.
const FIELD_TEXT: Record<RegistrationField, ValidationError> = {
  firstname: 'validation.firstname',
  lastname: 'validation.lastname',
  phone: 'validation.phone',
  password: 'validation.password',
  email: 'validation.email',
  terms: 'validation.terms',
};
const fieldOf = (err: ApiError): RegistrationField | null =>
  err.field && err.field in FIELD_TEXT ? (err.field as RegistrationField) : null;

function textOf(err: unknown): string {
  if (!(err instanceof ApiError)) return t('common.error');
  if (err.network) return t('account.networkError');
  if (err.status === 429) return t('account.tooMany');
  const key = serverTextKey(err.message);
  if (key) return t(key);
  const field = fieldOf(err);
  return field ? t(`account.${FIELD_TEXT[field]}`) : t('common.error');
}

export async function submitRegistration(): Promise<boolean> {
  if (!registerForm.attempt() || registerStatus.peek() === 'pending') return false;
  const v = registerForm.values.peek();
  batch(() => {
    registerStatus.value = 'pending';
    otherErrors.value = [];
  });
  try {
    const phone = normalisePhone(dialCode(v.countryCode), v.phone);
    await api.register(locale.peek(), {
      countryCode: dialCode(v.countryCode),
      phone,
      password: v.password,
      firstname: v.firstname.trim(),
      lastname: v.lastname.trim(),
      email: v.email.trim(),
      terms_accepted: v.terms_accepted,
      allow_email: Boolean(v.allow_email),
      allow_sms: v.allow_sms !== false,
    });
    batch(() => {
      registerStatus.value = 'success';
      registerForm.reset();
    });
    // Right after registration: the code that proves the phone (SMS alerts go only to a proven number).
    void startProof(phone);
    return true;
  } catch (err) {
    // A refusal naming a field marks that field; the rest are listed under 'other errors'.
    const field = err instanceof ApiError ? fieldOf(err) : null;
    batch(() => {
      if (field) registerForm.refuse(field, textOf(err));
      otherErrors.value = field ? [] : [textOf(err)];
      registerStatus.value = 'failure';
    });
    return false;
  }
}

export function editRegistration<K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) {
  registerForm.set(key, value);
}

/** Leaving the page: the next visit starts with an empty form, not the thank-you. */
export function leaveRegistration() {
  if (registerStatus.peek() === 'success' || registerStatus.peek() === 'failure') {
    batch(() => {
      registerStatus.value = 'idle';
      otherErrors.value = [];
    });
    resetProof();
  }
}

export function reset() {
  batch(() => {
    registerStatus.value = 'idle';
    otherErrors.value = [];
    registerForm.reset();
  });
  resetProof();
}

/**
 * Change phone: the current password and the new number, then the code the server sent to
 * that number. Success keeps this device logged in with the new token pair (every other device is logged out)
 * and shows the new number in the profile.
 */
import { batch, signal } from '@preact/signals-react';
import { MIN_PHONE_LENGTH } from '../../shared/constants.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { serverTextKey } from '../lib/account.ts';
import { dialCode, normalisePhone, type FieldErrors } from '../lib/validation.ts';
import * as api from '../services/account.ts';
import { ApiError } from '../services/http.ts';
import { save } from '../services/storage.ts';
import { createForm } from './account-form.ts';
import { refuseOnField } from './failure.ts';
import { refreshProfile } from './account.ts';
import { locale, t } from './i18n.ts';
import { user } from './session.ts';

export interface PhoneValues {
  country: string;
  phone: string;
  password: string;
  code: string;
}
type PhoneField = 'phone' | 'password' | 'code';

export const phoneStep = signal<'details' | 'code' | 'done'>('details');

export const phoneForm = createForm<PhoneValues, PhoneField>(
  () => ({ country: locale.peek() === 'EE' ? 'EE' : 'FI', phone: '', password: '', code: '' }),
  (v) => {
    const errors: FieldErrors<PhoneField> = {};
    if (v.phone.replace(/\D/g, '').length < MIN_PHONE_LENGTH) errors.phone = 'validation.phone';
    if (!v.password) errors.password = 'validation.password';
    // The code is checked only on the second step.
    if (phoneStep.value === 'code' && !/^\d{6}$/.test(v.code.trim())) errors.code = 'validation.code';
    return errors;
  },
);

export const phoneStatus = signal<'idle' | 'pending' | 'failure'>('idle');
export const phoneError = signal<string | null>(null);

const newPhone = () => {
  const v = phoneForm.values.peek();
  return normalisePhone(dialCode(v.country), v.phone);
};

/** The refusal as the customer should read it: a known server text translated, else the generic one. */
function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return t('phone.failed');
  if (err.network) return t('account.networkError');
  if (err.status === 429) return t('account.tooMany');
  if (err.message === WIRE_ERRORS.phoneTaken) return t('phone.taken');
  const known = serverTextKey(err.message);
  return (known && t(known)) || t('phone.failed');
}

async function run(step: () => Promise<void>) {
  batch(() => {
    phoneStatus.value = 'pending';
    phoneError.value = null;
  });
  try {
    await step();
    phoneStatus.value = 'idle';
  } catch (err) {
    // A refusal naming a field (the number is taken, the password or the code is wrong) is said on that field.
    batch(() => {
      phoneError.value = refuseOnField(phoneForm, err, () => failureText(err), { token: 'code' }) ? null : failureText(err);
      phoneStatus.value = 'failure';
    });
  }
}

/** Step 1: password and new number; on success the code field appears. */
export async function requestCode(): Promise<void> {
  const me = user.peek();
  if (!me || !phoneForm.attempt() || phoneStatus.peek() === 'pending') return;
  await run(async () => {
    await api.requestPhoneChange(locale.peek(), me.id, { phone: newPhone(), password: phoneForm.values.peek().password });
    phoneStep.value = 'code';
    // A fresh start for the code field (no error before the customer typed), and a re-check: the code is now required.
    phoneForm.reset({ ...phoneForm.values.peek(), code: '' });
  });
}

/** Step 2: the code; on success this device keeps its login with the new tokens. */
export async function confirmCode(): Promise<void> {
  const me = user.peek();
  if (!me || !phoneForm.attempt() || phoneStatus.peek() === 'pending') return;
  await run(async () => {
    const answer = await api.confirmPhoneChange(locale.peek(), me.id, { phone: newPhone(), token: phoneForm.values.peek().code.trim() });
    user.value = { ...me, token: answer.access_token, refreshToken: answer.refresh_token };
    void save('user', user.peek());
    phoneStep.value = 'done';
    await refreshProfile();
  });
}

export function editPhone<K extends keyof PhoneValues>(key: K, value: PhoneValues[K]) {
  phoneForm.set(key, value);
  if (phoneStatus.peek() === 'failure') phoneStatus.value = 'idle';
}

/** Back to step 1 with the same number (to fix a typo or ask for a new code). */
export function changeNumber() {
  batch(() => {
    phoneStep.value = 'details';
    phoneStatus.value = 'idle';
    phoneError.value = null;
    phoneForm.set('code', '');
  });
}

export function leavePhone() {
  batch(() => {
    phoneStep.value = 'details';
    phoneStatus.value = 'idle';
    phoneError.value = null;
    phoneForm.reset();
  });
}

export const reset = leavePhone;

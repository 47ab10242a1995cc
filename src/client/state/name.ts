/**
 * The profile's name form: first and last name by registration's rule (shared/name-rules.ts), saved with a profile
 * patch. A refusal naming a field shows on it; any other failure (offline, busy) under the form.
 */
import { batch, signal } from '@preact/signals-react';
import { type NameField, type NameForm, validateNames } from '../../shared/name-rules.ts';
import { savePatch } from './account.ts';
import { createForm } from './account-form.ts';
import { reasonOf, refuseOnField } from './failure.ts';
import { t } from './i18n.ts';
import type { FetchStatus } from './request.ts';
import { profile } from './session.ts';

export const nameForm = createForm<NameForm, NameField>(() => ({ firstname: '', lastname: '' }), validateNames);
export const nameStatus = signal<FetchStatus>('idle');
export const nameError = signal<string | null>(null);

/** The form starts from the name on the profile. */
export function openNameForm() {
  const p = profile.peek();
  batch(() => {
    nameForm.reset({ firstname: p?.firstname ?? '', lastname: p?.lastname ?? '' });
    nameStatus.value = 'idle';
    nameError.value = null;
  });
}

export function editName(key: NameField, value: string) {
  nameForm.set(key, value);
  // A change after a save or a failure starts over.
  if (nameStatus.peek() !== 'pending') nameStatus.value = 'idle';
  nameError.value = null;
}

export async function saveName(): Promise<boolean> {
  if (!nameForm.attempt() || nameStatus.peek() === 'pending') return false;
  const v = nameForm.values.peek();
  nameStatus.value = 'pending';
  const err = await savePatch({ firstname: v.firstname.trim(), lastname: v.lastname.trim() });
  batch(() => {
    nameStatus.value = err === null ? 'fulfilled' : 'rejected';
    if (err !== null && !refuseOnField(nameForm, err, (field, reason) => reason ?? t(`account.validation.${field}`)))
      nameError.value = reasonOf(err) ?? t('account.patchFailed');
  });
  return err === null;
}

export function reset() {
  batch(() => {
    nameForm.reset();
    nameStatus.value = 'idle';
    nameError.value = null;
  });
}

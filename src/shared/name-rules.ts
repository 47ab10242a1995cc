/**
 * The first and last name's rule, one for registration and the profile's name form (and the server's profile PATCH
 * takes the same limit): required, at most MAX_NAME_LENGTH characters once trimmed. Apart from account-rules.ts so
 * the name form does not download the common-password list.
 */
import { MAX_NAME_LENGTH } from './constants.ts';
import type { FieldErrors, ValidationError } from './validation.ts';

export function nameProblem(name: string, missing: ValidationError): ValidationError | undefined {
  if (!name.trim()) return missing;
  return name.trim().length > MAX_NAME_LENGTH ? 'validation.nameLong' : undefined;
}

export interface NameForm {
  firstname: string;
  lastname: string;
}
export type NameField = 'firstname' | 'lastname';

export function validateNames(form: NameForm): FieldErrors<NameField> {
  const errors: FieldErrors<NameField> = {};
  const first = nameProblem(form.firstname, 'validation.firstname');
  if (first) errors.firstname = first;
  const last = nameProblem(form.lastname, 'validation.lastname');
  if (last) errors.lastname = last;
  return errors;
}

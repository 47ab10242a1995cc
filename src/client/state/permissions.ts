/** SPEC.md §4: the e-mail and SMS permission toggles patch the profile with the inverse value. */
import { patchProfile } from './account.ts';
import { profile } from './session.ts';

export function toggleEmailPermission() {
  return patchProfile({ allow_email: !profile.peek()?.allow_email });
}

export function toggleSmsPermission() {
  return patchProfile({ allow_sms: !profile.peek()?.allow_sms });
}

/** The e-mail and SMS permission toggles patch the profile with the inverse value. */
import { patchProfile } from './account.ts';
import { profile } from './session.ts';

export function toggleEmailPermission() {
  return patchProfile({ allow_email: !profile.peek()?.allow_email });
}

export function toggleSmsPermission() {
  return patchProfile({ allow_sms: !profile.peek()?.allow_sms });
}

/** When the turn alert comes, kept in the profile (null: the default; else 10, 20 or 30 minutes before). */
export function setAlertLead(minutes: number | null) {
  if ((profile.peek()?.alert_lead_minutes ?? null) === minutes) return Promise.resolve(true);
  return patchProfile({ alert_lead_minutes: minutes });
}

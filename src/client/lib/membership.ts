/** Membership levels and their queue priority. */
import { MEMBERSHIP_PRIORITY } from '../../shared/constants.ts';
import type { Membership } from './types.ts';

export type MembershipLevel = 'silver' | 'gold' | 'platinum';

function membershipLevel(type: string | null | undefined): MembershipLevel | null {
  const t = (type ?? '').trim().toLowerCase();
  return t === 'silver' || t === 'gold' || t === 'platinum' ? t : null;
}

/** Queue priority of a membership type: Silver 1, Gold 2, Platinum 3, anything else 0. */
export function membershipPriority(type: string | null | undefined): number {
  const level = membershipLevel(type);
  return level ? MEMBERSHIP_PRIORITY[level] : MEMBERSHIP_PRIORITY.none;
}

/** A member is anyone whose membership has a type. */
export function isMember(profile: { membership?: Pick<Membership, 'type'> | null } | null | undefined): boolean {
  return Boolean(profile?.membership?.type?.trim());
}

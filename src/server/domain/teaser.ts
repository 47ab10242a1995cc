/**
 * The bonus teaser's e-mail collection: shown in the teaser locales only (FI); a
 * logged-in customer's sign-up is linked to the account, without a token it is anonymous.
 */
import { TEASER_LOCALES } from '../../shared/constants.ts';
import type { Locale } from '../../shared/locales.ts';
import { isEmail } from '../auth/rules.ts';
import { enforce } from '../auth/throttle.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../lib/http-error.ts';
import type { Body } from '../input/body.ts';
import { upsertTeaserSignup } from '../repos/benefits.ts';

/** The sign-up's e-mail address, checked before anything else (404 outside the teaser locales). */
export function teaserEmail(locale: Locale, body: Body): string {
  if (!TEASER_LOCALES.includes(locale)) throw notFound('No bonus teaser in this locale');
  const email = body.email;
  if (email === undefined || email === null || email === '') throw badRequest('Missing email parameter', 'email');
  // The teaser's own text.
  if (typeof email !== 'string' || email.trim().length > 254 || !isEmail(email))
    throw badRequest('Please check the email address', 'email');
  // The form sends only with the permission on; without it there is nothing we may do with the address.
  if (body.allow_email !== true) throw badRequest('E-mail permission is required', 'allow_email');
  return email.trim();
}

/** Stores the sign-up (again with the same e-mail and locale: updated), within the per-address limit. */
export async function signUpForTeaser(
  deps: Deps,
  s: { email: string; locale: Locale; customerId: number | null; address: string },
): Promise<void> {
  await enforce(deps.db, deps.now(), [{ name: 'teaserAddress', key: s.address }]);
  await upsertTeaserSignup(deps.db, { email: s.email, locale: s.locale, customerId: s.customerId, allowEmail: true, now: deps.now() });
}

/** Registration (SPEC.md §3 "Forms", §5): the same rules as the client, checked again, then one INSERT. */
import { ALL_LANGUAGES, languageOfLocale, LOCALES, type Locale } from '../../shared/locales.ts';
import type { WireRegisterAnswer } from '../../shared/wire-account.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../errors.ts';
import { customerByPhone, insertCustomer } from '../repos/customers.ts';
import { optionalBool, requiredText, type Body } from '../input/body.ts';
import { hashPassword } from './passwords.ts';
import { assertNewPassword, assertPhone, isEmail } from './rules.ts';
import { enforce } from './throttle.ts';

export const PHONE_TAKEN = 'An account with this phone number already exists';

/** A language code the UI knows (SPEC.md §1 lists both `ee` and `et` for Estonian), or null. */
export function languageCode(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const code = v.trim().toLowerCase();
  return (ALL_LANGUAGES as readonly string[]).includes(code) || ['et', 'nb', 'da'].includes(code) ? code : null;
}

/** An e-mail address: required, at most 254 characters (RFC 5321), and the SPEC.md §5 pattern. */
export function emailOf(body: Body, key = 'email'): string {
  const v = body[key];
  if (v === undefined || v === null || v === '') throw badRequest(`Missing ${key} parameter`, key);
  if (typeof v !== 'string' || v.trim().length > 254 || !isEmail(v)) throw badRequest('Invalid email address', key);
  return v.trim();
}

export async function register(deps: Deps, body: Body, locale: Locale, address: string): Promise<WireRegisterAnswer> {
  const phone = assertPhone(body.phone, body.countryCode);
  const password = assertNewPassword(body.password);
  const firstname = requiredText(body, 'firstname');
  const lastname = requiredText(body, 'lastname');
  const email = emailOf(body);
  if (body.terms_accepted !== true) throw badRequest('You must agree to the terms of use', 'terms');
  // SPEC.md §3: allow_email defaults to false, allow_sms to true.
  const allowEmail = optionalBool(body, 'allow_email') ?? false;
  const allowSms = optionalBool(body, 'allow_sms') ?? true;
  if (body.language !== undefined && !languageCode(body.language)) throw badRequest('Invalid language', 'language');
  const language = languageCode(body.language) ?? languageOfLocale(locale);

  await enforce(deps.db, deps.now(), [{ name: 'registerAddress', key: address }]);
  // Checked before the (deliberately slow) hash; the unique index still decides under a race.
  if (await customerByPhone(deps.db, phone)) throw conflict(PHONE_TAKEN, 'phone');
  const passwordHash = await hashPassword(password, deps.config.scrypt);
  const id = await insertCustomer(
    deps.db,
    { phone, passwordHash, firstname, lastname, email, allowEmail, allowSms, language, appLanguage: `${language}_${LOCALES[locale].locale}` },
    deps.now(),
  );
  if (id === null) throw conflict(PHONE_TAKEN, 'phone');
  return { customer_id: id };
}

/** Registration: the same rules as the client, checked again, then one INSERT. */
import { isEmailAddress } from '../../shared/account-rules.ts';
import { MAX_NAME_LENGTH } from '../../shared/constants.ts';
import { appLanguage, languageOfLocale, type Locale } from '../../shared/locales.ts';
import type { WireRegisterAnswer } from '../../shared/wire-account.ts';
import { missingParameter, WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { customerByPhone, insertCustomer } from '../repos/customers.ts';
import { optionalBool, requiredText, type Body } from '../input/body.ts';
import { hashPassword } from './passwords.ts';
import { assertNewPassword, assertPhone } from './rules.ts';
import { enforce } from './throttle.ts';

/** An e-mail address: required, at most MAX_EMAIL_LENGTH characters (RFC 5321), and the app's pattern (src/shared/account-rules.ts). */
export function emailOf(body: Body, key = 'email'): string {
  const v = body[key];
  if (v === undefined || v === null || v === '') throw badRequest(missingParameter(key), key);
  if (typeof v !== 'string' || !isEmailAddress(v)) throw badRequest(WIRE_ERRORS.invalidEmail, key);
  return v.trim();
}

export async function register(deps: Deps, body: Body, locale: Locale, address: string): Promise<WireRegisterAnswer> {
  const phone = assertPhone(body.phone, body.countryCode);
  const password = assertNewPassword(body.password);
  const firstname = requiredText(body, 'firstname', MAX_NAME_LENGTH);
  const lastname = requiredText(body, 'lastname', MAX_NAME_LENGTH);
  const email = emailOf(body);
  if (body.terms_accepted !== true) throw badRequest('You must agree to the terms of use', 'terms');
  // allow_email defaults to false, allow_sms to true.
  const allowEmail = optionalBool(body, 'allow_email') ?? false;
  const allowSms = optionalBool(body, 'allow_sms') ?? true;
  if (body.language !== undefined && !appLanguage(body.language)) throw badRequest('Invalid language', 'language');
  // Stored in the app's code (nb → no, da → dk), the one the notification texts are keyed by.
  const language = appLanguage(body.language) ?? languageOfLocale(locale);

  await enforce(deps.db, deps.now(), [{ name: 'registerAddress', key: address }]);
  // Checked before the (deliberately slow) hash; the unique index still decides under a race.
  if (await customerByPhone(deps.db, phone)) throw conflict(WIRE_ERRORS.phoneTaken, 'phone');
  const passwordHash = await hashPassword(password, deps.config.scrypt);
  const id = await insertCustomer(
    deps.db,
    {
      phone,
      passwordHash,
      firstname,
      lastname,
      email,
      allowEmail,
      allowSms,
      language,
      appLanguage: `${language}_${locale}`,
    },
    deps.now(),
  );
  if (id === null) throw conflict(WIRE_ERRORS.phoneTaken, 'phone');
  return { customer_id: id };
}

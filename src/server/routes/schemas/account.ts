/**
 * Schemas of the account calls: register, login, refresh, logout, recovery, password,
 * the customer's profile, receipts, messages and benefits, and the bonus teaser.
 * The auth bodies are `described` only: their first check (the phone number, the old password) can fail in ways a
 * schema cannot express with the exact texts the app matches, so nothing after it may be refused here (see common.ts).
 */
import { arrayOf, bool, body, day, described, describedBody, int, iso, isoOrNull, nullable, num, obj, ok, params, str } from './common.ts';

const phone = described(
  'string, required',
  "Phone number with its dial code, e.g. '+358401234567' ('Missing phone parameter', 'Invalid phone number')",
);
const countryCode = described('string', "Dial code, e.g. '+358', when phone is national");
const newPassword = (name: string) =>
  described('string, required', `New password (${`'Missing ${name} parameter'`}, 'Password too weak', 'Password too long')`);

const session = obj({ customer_id: int, access_token: str, refresh_token: str });

export const registerSchema = {
  summary: 'Create an account (201); the client then logs in',
  body: body({
    countryCode,
    phone,
    password: newPassword('password'),
    firstname: described('string, required', 'at most 100 characters'),
    lastname: described('string, required', 'at most 100 characters'),
    email: described('string, required', 'e-mail address'),
    terms_accepted: described('boolean, required', 'must be true'),
    allow_email: described('boolean', 'default false'),
    allow_sms: described('boolean', 'default true'),
    language: described('string', "a language code the UI knows; default the locale's"),
  }),
  response: { 201: obj({ customer_id: int }) },
};

export const loginSchema = {
  summary: 'Log in with phone and password',
  body: body({
    countryCode,
    phone,
    password: described('string, required', "('Missing password parameter')"),
    language: described('string', 'the UI language; stored so SMS and push go out in it (an unknown code is ignored)'),
  }),
  response: { 200: session },
};

// The refresh token comes as the bearer or as `refresh`; anything but a non-empty string there is ignored.
const refreshToken = described('string', 'the refresh token, when not sent as the bearer');

export const refreshSchema = {
  summary: 'A new access token for a refresh token',
  body: body({ refresh: refreshToken, rotate: { type: 'boolean', description: 'also a new refresh token; the old one stops working' } }),
  response: { 200: obj({ customer_id: int, access_token: str, refresh_token: str }, ['refresh_token']) },
};

export const logoutSchema = {
  summary: "Revoke a refresh token (or all of the customer's)",
  body: body({ refresh: refreshToken, all: { type: 'boolean', description: 'revoke every refresh token of the customer' } }),
  response: { 200: ok },
};

export const resetTokenSchema = {
  summary: 'Send a recovery code by SMS (the same answer whether or not the number has an account)',
  body: body({ countryCode, phone }),
  response: { 200: ok },
};

export const resetSchema = {
  summary: 'Set a new password with the recovery code',
  body: body({
    countryCode,
    phone,
    token: described('string, required', "the 6-digit code ('Missing token parameter', 'Invalid or expired code')"),
    password: newPassword('password'),
  }),
  response: { 200: ok },
};

export const phoneCodeSchema = {
  summary: "Send the code that proves the account's phone by SMS (the same answer whether or not the number has an account or is proven)",
  body: body({ countryCode, phone }),
  response: { 200: ok },
};

export const phoneProofSchema = {
  summary: "Prove the account's phone with the code sent to it: SMS alerts may go to it from then on",
  body: body({
    countryCode,
    phone,
    token: described('string, required', "the 6-digit code ('Missing token parameter', 'Invalid or expired code')"),
  }),
  response: { 200: ok },
};

export const passwordSchema = {
  summary: 'Change the password: every other session ends, this device gets a new pair',
  body: body({ old_password: described('string, required', 'the current password'), new_password: newPassword('new_password') }),
  response: { 200: session },
};

const benefit = obj({
  id: int,
  title: str,
  value: str,
  isRedeemable: bool,
  redeemCode: nullable(str),
  dateIssued: iso,
  dateRedeemed: isoOrNull,
});

const profile = obj({
  id: int,
  firstname: str,
  lastname: str,
  phone: str,
  email: nullable(str),
  city: nullable(str),
  date_of_birth: nullable(day),
  sex: nullable(str),
  street_address: nullable(str),
  post_code: nullable(str),
  tutorial_seen: bool,
  allow_email: bool,
  allow_sms: bool,
  phone_proven: bool,
  app_language: nullable(str),
  language: nullable(str),
  fcm_token: nullable(str),
  alert_lead_minutes: nullable(int),
  active_order_id: nullable(int),
  membership: nullable(
    obj({
      type: { type: ['string', 'null'], enum: ['silver', 'gold', 'platinum', null] },
      priority: int,
      begin_date: nullable(day),
      end_date: nullable(day),
      credits: num,
      wp_prem_credits: num,
      wp_prod_credits: num,
    }),
  ),
  bonus: nullable(obj({ amount: num, expirationDate: nullable(str), benefits: arrayOf(benefit) })),
});

export const profileSchema = {
  summary: "The customer's profile",
  params: params('id'),
  response: { 200: profile },
};

export const profilePatchSchema = {
  summary: 'Change profile fields; answers the updated profile',
  params: params('id'),
  // Unknown fields are refused first, then fcm_token; the fields after it are checked by the handler (common.ts).
  body: body(
    {
      fcm_token: { type: ['string', 'null'], description: 'push token, or null to turn push off' },
      allow_email: described('boolean'),
      allow_sms: described('boolean'),
      email: described('string', 'e-mail address'),
      language: described('string', 'a language code the UI knows'),
      app_language: described('string', "e.g. 'fi_FI'"),
      tutorial_seen: described('boolean'),
      firstname: described('string', 'not blank, at most 100 characters'),
      lastname: described('string', 'not blank, at most 100 characters'),
      city: described('string or null', 'at most 100 characters'),
      alert_lead_minutes: described('10, 20, 30 or null', 'minutes before the turn the turn alert comes; null: the default (10)'),
    },
    { closed: true },
  ),
  response: { 200: profile },
};

export const receiptsSchema = {
  summary: "The customer's receipts",
  params: params('id'),
  querystring: {
    type: 'object',
    properties: { lang: { description: "language of the rows' names; else the customer's, else the locale's" } },
  },
  response: {
    200: arrayOf(
      obj(
        {
          id: int,
          order_id: nullable(int),
          created: iso,
          rows: arrayOf(
            obj({ name: str, amount: num, price: num, vat: num, vat_amount: num, person: int, person_name: nullable(str) }, [
              'person',
              'person_name',
            ]),
          ),
          pob: obj({ id: nullable(int), name: str, address: str, city: str }),
          status: str,
          type: str,
          total: num,
        },
        // WireReceipt has both optional; this server always writes them (and an optional one would move last).
      ),
    ),
  },
};

const message = obj({ id: int, title: str, content: str, date: iso, locale: str, language: str, read: bool, unread: bool });
const lang = {
  type: 'object',
  properties: { lang: { description: "language of title and content; else the customer's, else the locale's" } },
};

export const messagesSchema = {
  summary: "The customer's messages of this locale",
  params: params('id'),
  querystring: lang,
  response: { 200: arrayOf(message) },
};

export const messagePatchSchema = {
  summary: 'Mark a message read or unread',
  params: params('id', 'mid'),
  querystring: lang,
  // A missing `read` is 'Invalid read' from the handler, so it is not `required` here.
  body: body({ read: bool }, { closed: true }),
  response: { 200: message },
};

export const redeemSchema = {
  summary: 'Redeem a benefit (needs an e-mail address and e-mail permission)',
  params: params('id', 'bid'),
  response: { 200: benefit },
};

export const teaserSchema = {
  summary: 'Sign up for the bonus teaser (201; teaser locales only, 404 elsewhere)',
  // The locale is checked before the body (404 outside the teaser locales), so nothing is refused here.
  body: describedBody(
    {
      email: described('string, required', "('Missing email parameter', 'Please check the email address')"),
      allow_email: described('true, required', "('E-mail permission is required')"),
    },
    'A JSON object',
  ),
  response: { 201: ok },
};

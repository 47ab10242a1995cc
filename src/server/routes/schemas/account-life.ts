/** Schemas of the change-phone, export and delete-account calls (routes/account.ts). */
import { body, described, int, obj, ok, params, str } from './common.ts';

const phone = described('string, required', "The new number with its dial code ('Missing phone parameter', 'Invalid phone number')");
const countryCode = described('string', "Dial code, e.g. '+358', when phone is national");

export const phoneSchema = {
  summary: 'Change phone, step 1: check the password and send a code by SMS to the new number',
  params: params('id'),
  body: body({
    phone,
    countryCode,
    password: described('string, required', "the current password ('Missing password parameter', 'Current password is incorrect')"),
  }),
  response: { 200: ok },
};

export const phoneConfirmSchema = {
  summary: 'Change phone, step 2: the code from the SMS; the phone changes, other sessions end, this device gets a new pair',
  params: params('id'),
  body: body({
    phone,
    countryCode,
    token: described('string, required', "the 6-digit code ('Missing token parameter', 'Invalid or expired code')"),
  }),
  response: { 200: obj({ customer_id: int, access_token: str, refresh_token: str }) },
};

export const exportSchema = {
  summary: 'Everything kept about the customer as one JSON file (profile, consents, orders, receipts, messages, benefits)',
  params: params('id'),
  // The document nests the profile, receipts … as their own routes answer them; written as it is built.
  response: { 200: { type: 'object', additionalProperties: true } },
};

export const accountDeleteSchema = {
  summary: 'Delete the account: needs the password; a waiting order leaves the queue; receipts stay without the person',
  params: params('id'),
  body: body({ password: described('string, required', "('Missing password parameter', 'Current password is incorrect')") }),
  response: { 200: ok },
};

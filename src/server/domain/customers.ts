/**
 * The customer's own calls under /customers/{id}/…: the profile and its PATCH, receipts, messages in the
 * reader's language, and redeeming a benefit. The caller is the customer requireCustomer let through.
 */
import { appLanguage, type Language, languageOfLocale, type Locale } from '../../shared/locales.ts';
import type { WireBenefit, WireProfile } from '../../shared/wire-account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound, unauthorized } from '../lib/http-error.ts';
import type { Body } from '../input/body.ts';
import { redeemBenefit } from '../repos/benefits.ts';
import { customerById, customerLanguage, updateCustomer } from '../repos/customers.ts';
import { listMessages, messageFor, setRead, type Reader } from '../repos/messages.ts';
import { listReceipts } from '../repos/receipts.ts';
import { checkProfilePatch, profileOf } from './profile.ts';

export async function customerProfile(deps: Deps, customerId: number): Promise<WireProfile> {
  const p = await profileOf(deps.db, customerId, deps.now());
  // Deleted between the guard and here.
  if (!p) throw unauthorized(WIRE_ERRORS.userNotFound);
  return p;
}

/** Applies a checked profile PATCH and answers the profile as it is now. */
export async function patchProfile(deps: Deps, customerId: number, body: Body): Promise<WireProfile> {
  await updateCustomer(deps.db, customerId, checkProfilePatch(body));
  return customerProfile(deps, customerId);
}

/** Receipts with their rows named in the reader's language (as messages: ?lang=, else stored, else the locale's). */
export async function receiptsOf(deps: Deps, customerId: number, locale: Locale, lang: unknown) {
  return listReceipts(deps.db, customerId, (await readerOf(deps, customerId, locale, lang)).language);
}

/**
 * The language of an answer to a customer (docs/decisions.md, "One language per answer"): `lang` (?lang=) if it
 * names a known language, else the customer's profile language, else the locale's. The profile is read only without
 * ?lang= (the app always sends it).
 */
export async function answerLanguage(deps: Deps, customerId: number, locale: Locale, lang: unknown): Promise<Language> {
  const wanted = appLanguage(lang);
  if (wanted) return wanted;
  const stored = await customerLanguage(deps.db, customerId);
  // The read is the account's check too: a deleted account's token gets its 401 (auth/guard.ts assertAccount).
  if (stored === undefined) throw unauthorized(WIRE_ERRORS.userNotFound);
  return appLanguage(stored) ?? languageOfLocale(locale);
}

/** Messages come in the answer's language (answerLanguage). */
async function readerOf(deps: Deps, customerId: number, locale: Locale, lang: unknown): Promise<Reader> {
  return {
    customerId,
    language: await answerLanguage(deps, customerId, locale, lang),
    localeLanguage: languageOfLocale(locale),
    now: deps.now(),
  };
}

export async function messagesOf(deps: Deps, customerId: number, locale: Locale, lang: unknown) {
  return listMessages(deps.db, locale, await readerOf(deps, customerId, locale, lang));
}

/** Marks one of the customer's messages read or unread; `messageId` null is an id too large to exist. */
export async function markMessage(deps: Deps, customerId: number, messageId: number | null, read: boolean, locale: Locale, lang: unknown) {
  const who = await readerOf(deps, customerId, locale, lang);
  // Another customer's message answers like a missing one: ids must not tell what exists.
  if (messageId === null || !(await messageFor(deps.db, messageId, who))) throw notFound('Message not found');
  await setRead(deps.db, messageId, customerId, read, deps.now());
  return messageFor(deps.db, messageId, who);
}

/** Redeems one of the customer's benefits; `benefitId` null is an id too large to exist. */
export async function redeem(deps: Deps, customerId: number, benefitId: number | null): Promise<WireBenefit> {
  if (benefitId === null) throw notFound('Benefit not found');
  // Benefits need an e-mail address plus marketing permission.
  const me = await customerById(deps.db, customerId);
  if (!me?.email || !me.allow_email) throw badRequest('Benefits need an e-mail address and e-mail permission', 'email');
  const outcome = await redeemBenefit(deps.db, customerId, benefitId, deps.now());
  if ('benefit' in outcome) return outcome.benefit;
  if (outcome.refused === 'not-found') throw notFound('Benefit not found');
  if (outcome.refused === 'redeemed') throw conflict('Benefit already redeemed');
  throw conflict('Benefit is not redeemable');
}

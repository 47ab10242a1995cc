/**
 * The customer profile as the client reads it (WireProfile): the stored fields, the membership in
 * force, the bonus with its benefits, and the open order of the queue. Also the checks of a profile PATCH.
 */
import { MAX_NAME_LENGTH, MEMBERSHIP_PRIORITY } from '../../shared/constants.ts';
import { appLanguage } from '../../shared/locales.ts';
import { ALERT_LEAD_CHOICES } from '../../shared/travel.ts';
import type { WireMembership, WireProfile } from '../../shared/wire-account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { isEmail } from '../auth/rules.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../lib/http-error.ts';
import { bonusAccount, listBenefits } from '../repos/benefits.ts';
import { activeMembership, customerById, openOrderId, PATCHABLE, type PatchableColumn } from '../repos/customers.ts';
import { onlyKeys, type Body } from '../input/body.ts';

export async function profileOf(q: Queryable, customerId: number, now: number): Promise<WireProfile | null> {
  const c = await customerById(q, customerId);
  if (!c) return null;
  const [m, bonus, benefits, active_order_id] = await Promise.all([
    activeMembership(q, customerId, now),
    bonusAccount(q, customerId),
    listBenefits(q, customerId, now),
    openOrderId(q, customerId),
  ]);
  const membership: WireMembership | null = m && {
    type: m.type,
    priority: MEMBERSHIP_PRIORITY[m.type],
    begin_date: m.begin_date,
    end_date: m.end_date,
    credits: m.credits,
    wp_prem_credits: m.wp_prem_credits,
    wp_prod_credits: m.wp_prod_credits,
  };
  return {
    id: c.id,
    firstname: c.firstname,
    lastname: c.lastname,
    phone: c.phone,
    email: c.email,
    city: c.city,
    date_of_birth: c.date_of_birth,
    sex: c.sex,
    street_address: c.street_address,
    post_code: c.post_code,
    tutorial_seen: c.tutorial_seen,
    allow_email: c.allow_email,
    allow_sms: c.allow_sms,
    phone_proven: c.phone_proven,
    app_language: c.app_language,
    language: c.language,
    fcm_token: c.fcm_token,
    alert_lead_minutes: c.alert_lead_minutes,
    active_order_id,
    membership,
    // No bonus account and no benefits: the programme does not concern this customer.
    bonus: bonus || benefits.length ? { amount: bonus?.amount ?? 0, expirationDate: bonus?.expirationDate ?? null, benefits } : null,
  };
}

const text = (max: number, nullable: boolean) => (v: unknown, key: string) => {
  if (v === null && nullable) return null;
  if (typeof v !== 'string' || v.trim().length > max || (!nullable && !v.trim())) throw badRequest(`Invalid ${key}`, key);
  return v.trim() || null;
};
const bool = (v: unknown, key: string) => {
  if (typeof v !== 'boolean') throw badRequest(`Invalid ${key}`, key);
  return v;
};

// One check per patchable field; each returns the value to store or throws a 400 naming the field.
const CHECKS: Record<PatchableColumn, (v: unknown, key: string) => unknown> = {
  // Push token (or null to disable push).
  fcm_token: text(4096, true),
  allow_email: bool,
  allow_sms: bool,
  tutorial_seen: bool,
  email: (v, key) => {
    if (typeof v !== 'string' || v.trim().length > 254 || !isEmail(v)) throw badRequest(WIRE_ERRORS.invalidEmail, key);
    return v.trim();
  },
  language: (v, key) => {
    const code = appLanguage(v);
    if (!code) throw badRequest(`Invalid ${key}`, key);
    return code;
  },
  app_language: (v, key) => {
    if (typeof v !== 'string' || !/^[a-z]{2}_[A-Z]{2}$/.test(v)) throw badRequest(`Invalid ${key}`, key);
    return v;
  },
  firstname: text(MAX_NAME_LENGTH, false),
  lastname: text(MAX_NAME_LENGTH, false),
  city: text(100, true),
  alert_lead_minutes: (v, key) => {
    if (v !== null && !ALERT_LEAD_CHOICES.includes(v as number)) throw badRequest(`Invalid ${key}`, key);
    return v;
  },
};

/** The checked PATCH body (the fields of WireProfilePatch): unknown fields and wrong types are 400s, nothing is half-applied. */
export function checkProfilePatch(body: Body): Partial<Record<PatchableColumn, unknown>> {
  onlyKeys(body, PATCHABLE);
  const out: Partial<Record<PatchableColumn, unknown>> = {};
  for (const key of PATCHABLE) if (key in body) out[key] = CHECKS[key](body[key], key);
  return out;
}

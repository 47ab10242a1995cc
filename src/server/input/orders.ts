/**
 * The order bodies of the customer and operator APIs, checked before anything reads the database: ids, the
 * chosen services and extras, the PATCH action and the operator's walk-in. queue/orders.ts checks the rest.
 */
import { createHash } from 'node:crypto';
import { MAX_ETA_MINUTES } from '../../shared/travel.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { badRequest } from '../lib/http-error.ts';
import { MAX_ORDER_EXTRAS, MAX_ORDER_ITEMS } from '../../shared/constants.ts';
import type { PatchAction } from '../queue/orders.ts';
import type { Choice } from '../queue/place.ts';
import { onlyKeys, requiredText, type Body } from './body.ts';
import { hasControl } from './text.ts';
import { STEP_OUT_MINUTES } from '../config-values.ts';

const MAX_ID = 2_147_483_647;

/** A positive integer id in a body (a number, or a string of digits from a lenient client). */
export function bodyId(v: unknown, field: string): number {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_ID) throw badRequest(`Invalid ${field}`, field);
  return n;
}

function amountOne(v: unknown, field: string): void {
  // Every service and extra is sent with amount 1.
  if (v !== undefined && v !== 1) throw badRequest(`Invalid ${field}: amount must be 1`, field);
}

function extraIdOf(x: unknown, field: string): number {
  if (typeof x === 'number' || typeof x === 'string') return bodyId(x, field);
  if (!x || typeof x !== 'object') throw badRequest(`Invalid ${field}`, field);
  const e = x as Body;
  amountOne(e.amount, field);
  return bodyId(e.service_id ?? e.id, field);
}

/**
 * Items as the app sends them ({amount, service_id, service_info, extra_services}); a bare service id is
 * accepted too (the operator's walk-ins). service_info is the client's copy and is not read.
 */
export function parseChoices(v: unknown, field = 'items'): Choice[] {
  if (v === undefined || v === null) throw badRequest(`Missing ${field} parameter`, field);
  if (!Array.isArray(v) || !v.length) throw badRequest(`Invalid ${field}`, field);
  if (v.length > MAX_ORDER_ITEMS) throw badRequest(`Too many ${field}`, field);
  return v.map((item): Choice => {
    if (typeof item === 'number' || typeof item === 'string') return { serviceId: bodyId(item, field), extraIds: [] };
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(`Invalid ${field}`, field);
    const i = item as Body;
    amountOne(i.amount, field);
    const extras = i.extra_services ?? i.extras ?? [];
    if (!Array.isArray(extras) || extras.length > MAX_ORDER_EXTRAS) throw badRequest(`Invalid ${field}: extra_services`, field);
    return { serviceId: bodyId(i.service_id, field), extraIds: extras.map((x) => extraIdOf(x, field)) };
  });
}

/** Minutes until the customer expects to be at the shop: an integer 0–MAX_ETA_MINUTES. */
export function etaMinutes(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_ETA_MINUTES)
    throw badRequest(WIRE_ERRORS.invalidEta, 'eta_minutes');
  return v;
}

/** A companion of a join (docs/decisions.md, "Parties and stepping out"): his name, services and barber or anyone. */
export interface CompanionInput {
  name: string;
  choices: Choice[];
  barberId: number | null;
}

/** The longest companion's name or label, after trimming. */
export const COMPANION_NAME_MAX = 30;

function parseCompanion(v: unknown, i: number): CompanionInput {
  const at = `companions[${i}]`;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`Invalid ${at}`, 'companions');
  const c = v as Body;
  const unknown = Object.keys(c).find((k) => !['name', 'items', 'barber_id'].includes(k));
  if (unknown !== undefined) throw badRequest(`Unknown field ${at}.${unknown}`, 'companions');
  const name = c.name;
  if (name === undefined || name === null || (typeof name === 'string' && !name.trim()))
    throw badRequest(`Missing ${at}.name parameter`, 'companions');
  if (typeof name !== 'string' || [...name.trim()].length > COMPANION_NAME_MAX || hasControl(name))
    throw badRequest(`Invalid ${at}.name`, 'companions');
  return {
    name: name.trim(),
    choices: parseChoices(c.items, `${at}.items`),
    barberId: c.barber_id === undefined || c.barber_id === null ? null : bodyId(c.barber_id, `${at}.barber_id`),
  };
}

/** The companions of a join: absent or null is none; more than partyMax − 1 is a 400. */
export function parseCompanions(v: unknown, partyMax: number): CompanionInput[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest('Invalid companions', 'companions');
  if (v.length > partyMax - 1) throw badRequest(`Too many companions: at most ${partyMax} people in one order`, 'companions');
  return v.map(parseCompanion);
}

const JOIN_FIELDS = ['pob_id', 'barber_id', 'items', 'eta_minutes', 'companions'];

/** A join's body; an unknown field is a 400 ('Unknown field x'). `partyMax`: people in one order (PARTY_MAX). */
export function parseJoin(
  body: Body,
  partyMax: number,
): { pobId: number; barberId: number | null; choices: Choice[]; etaMinutes: number | null; companions: CompanionInput[] } {
  onlyKeys(body, JOIN_FIELDS);
  if (body.pob_id === undefined || body.pob_id === null || body.pob_id === '') throw badRequest('Missing pob_id parameter', 'pob_id');
  return {
    pobId: bodyId(body.pob_id, 'pob_id'),
    barberId: body.barber_id === undefined || body.barber_id === null ? null : bodyId(body.barber_id, 'barber_id'),
    choices: parseChoices(body.items),
    // Optional; null is the same as absent (no expected arrival given).
    etaMinutes: body.eta_minutes === undefined || body.eta_minutes === null ? null : etaMinutes(body.eta_minutes),
    companions: parseCompanions(body.companions, partyMax),
  };
}

/** A move's body (POST …/orders/{orderId}/move/): the other shop and, optionally, minutes until he is there. */
export function parseMove(body: Body): { pobId: number; etaMinutes: number | null } {
  onlyKeys(body, ['pob_id', 'eta_minutes']);
  if (body.pob_id === undefined || body.pob_id === null || body.pob_id === '') throw badRequest('Missing pob_id parameter', 'pob_id');
  return {
    pobId: bodyId(body.pob_id, 'pob_id'),
    etaMinutes: body.eta_minutes === undefined || body.eta_minutes === null ? null : etaMinutes(body.eta_minutes),
  };
}

/** The minutes a customer may step out for (config.json stepOutMinutes). */
const STEP_OUT_CHOICES: readonly number[] = STEP_OUT_MINUTES;

/**
 * PATCH body: exactly one of {customer_at_pob: true} (check in, or "I'm back" while stepped out), {cancel: true}
 * with an optional person (1–4: that companion only), {eta_minutes: n} ("Running late?") and
 * {step_out_minutes: 10 | 20 | 30}.
 */
export function parsePatch(body: Body): PatchAction {
  onlyKeys(body, ['customer_at_pob', 'cancel', 'eta_minutes', 'person', 'step_out_minutes']);
  const checkIn = body.customer_at_pob;
  const cancel = body.cancel;
  if (checkIn !== undefined && checkIn !== true) throw badRequest('Invalid customer_at_pob', 'customer_at_pob');
  if (cancel !== undefined && cancel !== true) throw badRequest('Invalid cancel', 'cancel');
  const eta = body.eta_minutes === undefined ? null : etaMinutes(body.eta_minutes);
  const out = body.step_out_minutes;
  if (out !== undefined && (typeof out !== 'number' || !STEP_OUT_CHOICES.includes(out)))
    throw badRequest('Invalid step_out_minutes', 'step_out_minutes');
  const person = body.person;
  if (person !== undefined && (typeof person !== 'number' || !Number.isInteger(person) || person < 1 || person > 99))
    throw badRequest('Invalid person', 'person');
  if (checkIn && cancel) throw badRequest('Send customer_at_pob or cancel, not both');
  if (eta !== null && (checkIn || cancel || out !== undefined)) throw badRequest('Send eta_minutes alone');
  if (out !== undefined && (checkIn || cancel)) throw badRequest('Send step_out_minutes alone');
  if (person !== undefined && !cancel) throw badRequest('Send person with cancel only', 'person');
  if (checkIn) return 'check-in';
  if (cancel) return person === undefined ? 'cancel' : { cancelPerson: person as number };
  if (eta !== null) return { etaMinutes: eta };
  if (out !== undefined) return { stepOutMinutes: out as number };
  throw badRequest('Missing customer_at_pob or cancel parameter');
}

/**
 * An operator's walk-in (POST /operator/pobs/{id}/walk-ins/): a name, services, optionally a barber and the
 * customer's phone (checked against the shop's country by operator/actions.ts). The membership comes from the phone's
 * account only: a raw `priority` is refused.
 */
export function parseWalkIn(body: Body): {
  name: string;
  choices: Choice[];
  barberId: number | null;
  phone: string | null;
  checkedIn: boolean;
} {
  if (body.priority !== undefined) throw badRequest('Unknown field priority', 'priority');
  const checkedIn = body.customer_at_pob ?? true;
  if (typeof checkedIn !== 'boolean') throw badRequest('Invalid customer_at_pob', 'customer_at_pob');
  const phone = body.phone;
  if (phone !== undefined && phone !== null && phone !== '' && (typeof phone !== 'string' || phone.length > 32))
    throw badRequest(WIRE_ERRORS.invalidPhone, 'phone');
  return {
    name: requiredText(body, 'name', 60),
    choices: parseChoices(body.services ?? body.items, 'services'),
    barberId: body.barber_id === undefined || body.barber_id === null ? null : bodyId(body.barber_id, 'barber_id'),
    phone: typeof phone === 'string' && phone.trim() ? phone.trim() : null,
    checkedIn,
  };
}

/**
 * The Idempotency-Key header of an order POST, with a hash of the body it came with; null when
 * absent. A key is 1–255 visible ASCII characters (a UUID, or the client's random fallback).
 */
export function idempotencyOf(header: string | string[] | undefined, body: Body): { key: string; bodyHash: string } | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header))
    throw badRequest(WIRE_ERRORS.invalidIdempotencyKey, 'Idempotency-Key');
  // The body as parsed: a client retrying sends the same JSON, so the same keys in the same order.
  return { key: header, bodyHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
}

/**
 * The order bodies of the customer and operator APIs, checked before anything reads the database: ids, the
 * chosen services and extras, the PATCH action and the operator's walk-in. queue/orders.ts checks the rest.
 */
import { createHash } from 'node:crypto';
import { MAX_ETA_MINUTES } from '../../shared/travel.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { badRequest } from '../errors.ts';
import { MAX_ORDER_EXTRAS, MAX_ORDER_ITEMS } from '../../shared/constants.ts';
import type { PatchAction } from '../queue/orders.ts';
import type { Choice } from '../queue/place.ts';
import { onlyKeys, requiredText, type Body } from './body.ts';

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

export function parseJoin(body: Body): { pobId: number; barberId: number | null; choices: Choice[]; etaMinutes: number | null } {
  if (body.pob_id === undefined || body.pob_id === null || body.pob_id === '') throw badRequest('Missing pob_id parameter', 'pob_id');
  return {
    pobId: bodyId(body.pob_id, 'pob_id'),
    barberId: body.barber_id === undefined || body.barber_id === null ? null : bodyId(body.barber_id, 'barber_id'),
    choices: parseChoices(body.items),
    // Optional; null is the same as absent (no expected arrival given).
    etaMinutes: body.eta_minutes === undefined || body.eta_minutes === null ? null : etaMinutes(body.eta_minutes),
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

/** PATCH body: exactly one of {customer_at_pob: true}, {cancel: true} and {eta_minutes: n} ("Running late?"). */
export function parsePatch(body: Body): PatchAction {
  onlyKeys(body, ['customer_at_pob', 'cancel', 'eta_minutes']);
  const checkIn = body.customer_at_pob;
  const cancel = body.cancel;
  if (checkIn !== undefined && checkIn !== true) throw badRequest('Invalid customer_at_pob', 'customer_at_pob');
  if (cancel !== undefined && cancel !== true) throw badRequest('Invalid cancel', 'cancel');
  const eta = body.eta_minutes === undefined ? null : etaMinutes(body.eta_minutes);
  if (checkIn && cancel) throw badRequest('Send customer_at_pob or cancel, not both');
  if (eta !== null && (checkIn || cancel)) throw badRequest('Send eta_minutes alone');
  if (checkIn) return 'check-in';
  if (cancel) return 'cancel';
  if (eta !== null) return { etaMinutes: eta };
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
